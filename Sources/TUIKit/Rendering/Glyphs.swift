/// The symbols the screens draw (icons, switches, marks, box corners), in what the terminal can
/// show: the one place an app's glyphs come from. `Application` sets `current` from its terminal
/// (`Terminal.glyphs`: decided from the terminal type and the locale), so a console font without
/// emoji or round corners (the Linux console, a VT100) gets ASCII in their place, with the
/// layout following the width of what is drawn.
///
/// ```swift
/// icon.text = Glyphs.current.friends          // "👥", or "" on the Linux console
/// canvas.drawBox(frame)                       // round corners, or square ones there
/// ```
public struct Glyphs: Sendable, Equatable {
    /// The set's name ("unicode", "console", "ascii").
    public var name: String
    /// The corners and lines of boxes (popups, the help).
    public var border: BorderStyle
    /// The friends count's icon (👥).
    public var friends: String
    /// Close (✕ in the popup's button).
    public var close: String
    /// The Settings rows' icons.
    public var theme, animations, mouse, splash, confirm, sync, clock, password, deleteAccount, logOut: String
    /// Something that needs a look (⚠).
    public var warning: String
    /// A friend's mark beside the name (★).
    public var star: String
    /// A switch's two states, as a static table's row shows them ("◉ On ", "○ Off").
    public var switchOn, switchOff: String
    /// A chosen and an unchosen option (● ○).
    public var chosen, unchosen: String
    /// A row that opens something (›), and a title bar's back item (‹).
    public var disclosure, back: String
    /// Where a scrolled list stands (▐).
    public var scrollMark: String
    /// A tour that plays (▶), and one paused (❚❚): the kiosk's caption.
    public var playing: String = "▶", paused: String = "❚❚"
    /// Put before a field's example (its placeholder) where the terminal can show neither dim
    /// nor italic, so an example never looks like typed text ("e.g. +44 20 7946 0000").
    public var examplePrefix: String

    /// Every symbol as Unicode has it: terminal emulators with an emoji font.
    public static let unicode = Glyphs(
        name: "unicode", border: .rounded, friends: "👥", close: "✕",
        theme: "◐", animations: "≈", mouse: "⌖", splash: "⏱", confirm: "?", sync: "⟳", clock: "◷", password: "⚿",
        deleteAccount: "✕", logOut: "⏻", warning: "⚠", star: "★", switchOn: "◉ On ", switchOff: "○ Off",
        chosen: "●", unchosen: "○", disclosure: "›", back: "‹", scrollMark: "▐", examplePrefix: "")

    /// What a console font has (the Linux console's, a VT100's line-drawing set): square box
    /// corners and block marks; ASCII in place of emoji and the rarer symbols.
    public static let console = Glyphs(
        name: "console", border: .square, friends: "", close: "x",
        theme: "", animations: "", mouse: "", splash: "", confirm: "", sync: "", clock: "", password: "",
        deleteAccount: "", logOut: "", warning: "!", star: "*", switchOn: "[x] On ", switchOff: "[ ] Off",
        chosen: "(*)", unchosen: "( )", disclosure: ">", back: "<", scrollMark: "▐", playing: ">", paused: "||", examplePrefix: "")

    /// ASCII only: a terminal whose locale is not UTF-8.
    public static let ascii: Glyphs = {
        var glyphs = Glyphs.console
        glyphs.playing = ">"
        glyphs.paused = "||"
        glyphs.name = "ascii"
        glyphs.border = .ascii
        glyphs.scrollMark = "#"
        return glyphs
    }()

    /// The glyphs the screens draw with now: set by `Application` from its terminal (on the
    /// main thread, before any screen is built), read anywhere a model names its icon (no
    /// run-time exclusivity check: it is only ever assigned whole).
    @exclusivity(unchecked) nonisolated(unsafe) public static var current: Glyphs = .unicode

    /// The set for a terminal type (`TERM`) in a locale: consoles and the DEC terminals (and
    /// their kin: `linux`, `vt100`, `vt220`, `cons25`, `ansi`, `pcansi`, `sun`) have fonts without
    /// emoji and round corners; a locale that is not UTF-8 gets ASCII.
    public static func forTerminal(type: String, utf8: Bool = true) -> Glyphs {
        guard utf8 else { return .ascii }
        let type = type.lowercased()
        let consoles = ["linux", "vt", "cons", "ansi", "pcansi", "sun", "wsvt", "bsdos", "mach", "pccon", "att"]
        if consoles.contains(where: { type == $0 || type.hasPrefix($0) }) { return .console }
        return .unicode
    }

    /// `examplePrefix` set for a terminal that shows `attributes`: "e.g. " where it shows
    /// neither dim nor italic.
    public func showing(_ attributes: TextAttributes) -> Glyphs {
        var glyphs = self
        glyphs.examplePrefix = attributes.contains(.dim) || attributes.contains(.italic) ? "" : "e.g. "
        return glyphs
    }
}
