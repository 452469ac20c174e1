import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one terminal understands, read once from its terminfo entry (ncurses' `tigetstr`,
/// `tigetflag`, `tigetnum`, `tiparm`): the sequences `TerminalWriter` builds a frame from.
/// Parameterised ones are kept as `CapabilityTemplate`s, colours as the bytes of each.
///
/// ```swift
/// let caps = TerminalCapabilities.load(terminalType: "tmux-256color")!   // its own description, beside any screen
/// let writer = TerminalWriter(capabilities: caps, colorCount: 256)
/// ```
public final class TerminalCapabilities {
    /// The terminal type the entry was read for.
    public let name: String

    // Plain strings (padding `$<…>` taken out); nil where the terminal has none.
    let carriageReturn: [UInt8]?, cursorDown1: [UInt8]?, cursorRight1: [UInt8]?, cursorLeft1: [UInt8]?, cursorUp1: [UInt8]?
    let clearScreen: [UInt8]?, clearToEndOfLine: [UInt8]?
    let scrollForward1: [UInt8]?, scrollReverse1: [UInt8]?
    let hideCursor: [UInt8]?, showCursor: [UInt8]?
    let enterLineDrawing: [UInt8]?, exitLineDrawing: [UInt8]?, enableLineDrawing: [UInt8]?
    let exitAutoMargins: [UInt8]?, enterAutoMargins: [UInt8]?
    /// `sgr0`, the attributes and colours, as SGR pieces (`SGRPiece`) so several go in one `ESC [ … m`.
    let resetAttributes: [SGRPiece]?
    let bold: [SGRPiece]?, dim: [SGRPiece]?, italic: [SGRPiece]?, underline: [SGRPiece]?, reverse: [SGRPiece]?
    let italicOff: [SGRPiece]?, underlineOff: [SGRPiece]?, reverseOff: [SGRPiece]?
    /// Bold and dim off (SGR 22): where the entry's own `rmul` is ECMA-48's `ESC [ 24 m`, the
    /// terminal speaks that edition's "off" codes (xterm, tmux, screen, the Linux console).
    let intensityOff: [SGRPiece]?
    /// `op`, and its two halves where it is `ESC [ 39 ; 49 m` (default foreground, default background).
    let defaultColors: [SGRPiece]?, defaultForeground: [SGRPiece]?, defaultBackground: [SGRPiece]?
    /// `setaf` / `setab`, made for a palette index the first time it is asked for (`foreground(_:)`):
    /// a frame uses a handful of the 512, and making them all took ~3.3M instructions at start-up.
    private let setForeground: CapabilityTemplate?, setBackground: CapabilityTemplate?
    /// The colours made so far: foregrounds at their index, backgrounds after them.
    @exclusivity(unchecked) private var madeColors: [[SGRPiece]?]
    /// Whether `sgr0` also puts the colours back (an ECMA-48 `ESC [ m` / `ESC [ 0 m`).
    let resetClearsColors: Bool
    /// Whether `sgr0` also leaves the line-drawing set (it holds `rmacs`).
    let resetLeavesLineDrawing: Bool

    // Parameterised.
    let cursorAddress: CapabilityTemplate?
    let columnAddress: CapabilityTemplate?, rowAddress: CapabilityTemplate?
    let cursorRight: CapabilityTemplate?, cursorLeft: CapabilityTemplate?, cursorUp: CapabilityTemplate?, cursorDown: CapabilityTemplate?
    let eraseCharacters: CapabilityTemplate?
    let scrollRegion: CapabilityTemplate?
    let scrollForward: CapabilityTemplate?, scrollReverse: CapabilityTemplate?
    let insertLines: CapabilityTemplate?, deleteLines: CapabilityTemplate?
    /// `rep` after its character: the bytes that follow a character the terminal has just
    /// shown to make it `n` in all (xterm's `ESC [ n-1 b`), as a template of `n`; nil where the
    /// entry has no `rep` or its shape is not "the character, then the rest".
    let repeatPrevious: CapabilityTemplate?
    /// DEC mode 2026 on and off, where the entry has the `Sync` extension (tmux's, kitty's…).
    let synchronizedBegin: [UInt8]?, synchronizedEnd: [UInt8]?
    /// `smcup`: the terminal has a screen of its own for programs (the shell's comes back after).
    let hasAlternateScreen: Bool

    // Flags and numbers.
    /// `am`: writing the last column moves to the next line.
    let autoMargins: Bool
    /// `xenl`: … only when the next character comes (the cursor waits at the edge).
    let newlineGlitch: Bool
    /// `bce`: an erase fills with the current background.
    let backColorErase: Bool
    /// `msgr`: the cursor may move with attributes on.
    let moveInStandout: Bool
    /// `colors`: how many the terminal has (0 where none).
    public let colors: Int
    /// `ncv`: attributes the terminal cannot show together with colours.
    let noColorVideo: TextAttributes
    /// The byte that draws `─` in the line-drawing set (`acsc`'s `q`), where the set is the
    /// DEC one and works in this locale; nil: `─` goes as UTF-8.
    let lineDrawingHorizontal: UInt8?

    /// The attributes the terminal has a sequence for.
    public let attributes: TextAttributes

    /// The terminal's description, kept for capabilities `CapabilityTemplate` cannot shape.
    private let terminfo: UnsafeMutablePointer<TERMINAL>?
    private let ownsTerminfo: Bool

    /// Reads the description of `terminalType` without taking over a screen; nil where the
    /// terminfo database has no such terminal. `environment` decides the line-drawing set
    /// (`NCURSES_NO_UTF8_ACS`); nil reads the process's.
    public static func load(terminalType: String, environment: [String: String]? = nil) -> TerminalCapabilities? {
        guard let term = sb_load_terminfo(terminalType) else { return nil }
        let saved = sb_use_terminfo(term)
        defer { _ = sb_use_terminfo(saved) }
        return TerminalCapabilities(name: terminalType, terminfo: term, owns: true, environment: environment ?? Self.processEnvironment())
    }

    /// The description ncurses uses now (after `newterm`).
    static func current(terminalType: String) -> TerminalCapabilities {
        TerminalCapabilities(name: terminalType, terminfo: sb_current_terminfo(), owns: false, environment: processEnvironment())
    }

    private static func processEnvironment() -> [String: String] {
        var values: [String: String] = [:]
        if let v = getenv("NCURSES_NO_UTF8_ACS") { values["NCURSES_NO_UTF8_ACS"] = String(cString: v) }
        return values
    }

    deinit { if ownsTerminfo, let terminfo { sb_free_terminfo(terminfo) } }

    /// Reads everything from the current terminal description (`term` is current).
    private init(name: String, terminfo term: UnsafeMutablePointer<TERMINAL>?, owns: Bool, environment: [String: String]) {
        self.name = name
        self.terminfo = term
        ownsTerminfo = owns
        func string(_ cap: String) -> [UInt8]? {
            guard let value = sb_tigetstr(cap) else { return nil }
            let bytes = Self.withoutPadding(Self.bytes(value))
            return bytes.isEmpty ? nil : bytes
        }
        func flag(_ cap: String) -> Bool { tigetflag(cap) > 0 }
        func number(_ cap: String) -> Int { Int(tigetnum(cap)) }
        func template(_ cap: String, _ parameters: Int) -> CapabilityTemplate? {
            guard let raw = sb_tigetstr(cap) else { return nil }
            // tiparm wants the string as it was (terminfo's own may go with its entry): a copy the
            // evaluations keep, freed with them.
            let length = strlen(raw)
            let source = Array(UnsafeBufferPointer(start: raw, count: length + 1))
            let made = { (p: [Int]) -> [UInt8] in
                let saved = sb_use_terminfo(term)
                defer { _ = sb_use_terminfo(saved) }
                let result = source.withUnsafeBufferPointer { source in
                    parameters == 1 ? sb_tiparm1(source.baseAddress, Int32(p[0])) : sb_tiparm2(source.baseAddress, Int32(p[0]), Int32(p[1]))
                }
                return Self.withoutPadding(Self.bytes(result))
            }
            let text = UnsafeRawBufferPointer(start: raw, count: length)
            return CapabilityTemplate(parameters: parameters, source: Array(text), evaluate: made)
        }

        carriageReturn = string("cr")
        cursorDown1 = string("cud1"); cursorRight1 = string("cuf1"); cursorLeft1 = string("cub1"); cursorUp1 = string("cuu1")
        clearScreen = string("clear"); clearToEndOfLine = string("el")
        scrollForward1 = string("ind"); scrollReverse1 = string("ri")
        hideCursor = string("civis"); showCursor = string("cnorm")
        hasAlternateScreen = string("smcup") != nil
        exitAutoMargins = string("rmam"); enterAutoMargins = string("smam")
        let reset = string("sgr0")
        resetAttributes = reset.map(SGRPiece.split)
        bold = string("bold").map(SGRPiece.split)
        dim = string("dim").map(SGRPiece.split)
        italic = string("sitm").map(SGRPiece.split)
        underline = string("smul").map(SGRPiece.split)
        let rev = string("rev"), smso = string("smso"), rmso = string("rmso")
        reverse = (rev ?? smso).map(SGRPiece.split)
        // An "off" that is a whole reset (the VT100's rmul and rmso are `ESC [ m`) is no attribute's own off.
        func off(_ bytes: [UInt8]?) -> [SGRPiece]? {
            guard let pieces = bytes.map(SGRPiece.split) else { return nil }
            return pieces.contains(.parameters([])) || pieces.contains(.parameters([UInt8(ascii: "0")])) ? nil : pieces
        }
        italicOff = off(string("ritm"))
        let rmul = string("rmul")
        underlineOff = off(rmul)
        // rmso turns reverse off only where standout is reverse.
        reverseOff = (rev == nil || rev == smso) ? off(rmso) : nil
        let ecma48 = rmul == Array("\u{1B}[24m".utf8)
        intensityOff = ecma48 ? [.parameters(Array("22".utf8))] : nil
        let op = string("op")
        defaultColors = op.map(SGRPiece.split)
        if op == Array("\u{1B}[39;49m".utf8) {
            defaultForeground = [.parameters(Array("39".utf8))]
            defaultBackground = [.parameters(Array("49".utf8))]
        } else {
            defaultForeground = nil
            defaultBackground = nil
        }
        let resetPieces = resetAttributes ?? []
        resetClearsColors = resetPieces.contains(.parameters([])) || resetPieces.contains(.parameters([UInt8(ascii: "0")]))
        let acsOff = string("rmacs")
        resetLeavesLineDrawing = acsOff.map { off in reset.map { Self.contains($0, off) } ?? false } ?? false

        let count = max(0, min(256, number("colors")))
        colors = count
        if count > 0, sb_tigetstr("setaf") != nil, sb_tigetstr("setab") != nil {
            setForeground = template("setaf", 1)
            setBackground = template("setab", 1)
        } else {
            setForeground = nil
            setBackground = nil
        }
        madeColors = [[SGRPiece]?](repeating: nil, count: 2 * count)

        cursorAddress = template("cup", 2)
        columnAddress = template("hpa", 1); rowAddress = template("vpa", 1)
        cursorRight = template("cuf", 1); cursorLeft = template("cub", 1); cursorUp = template("cuu", 1); cursorDown = template("cud", 1)
        eraseCharacters = template("ech", 1)
        scrollRegion = template("csr", 2)
        scrollForward = template("indn", 1); scrollReverse = template("rin", 1)
        insertLines = template("il", 1); deleteLines = template("dl", 1)
        repeatPrevious = Self.repeatTemplate(term)
        if let sync = sb_tigetstr("Sync") {
            synchronizedBegin = Self.withoutPadding(Self.bytes(sb_tiparm1(sync, 1)))
            synchronizedEnd = Self.withoutPadding(Self.bytes(sb_tiparm1(sync, 0)))
        } else {
            synchronizedBegin = nil
            synchronizedEnd = nil
        }

        autoMargins = flag("am"); newlineGlitch = flag("xenl"); backColorErase = flag("bce"); moveInStandout = flag("msgr")
        let ncv = number("ncv")
        var noColor: TextAttributes = []
        if ncv > 0 {
            if ncv & 1 != 0, rev == nil { noColor.insert(.reverse) } // standout stands in for reverse
            if ncv & 2 != 0 { noColor.insert(.underline) }
            if ncv & 4 != 0 { noColor.insert(.reverse) }
            if ncv & 16 != 0 { noColor.insert(.dim) }
            if ncv & 32 != 0 { noColor.insert(.bold) }
            if ncv & 32768 != 0 { noColor.insert(.italic) }
        }
        noColorVideo = noColor

        var attrs: TextAttributes = []
        if bold != nil { attrs.insert(.bold) }
        if dim != nil { attrs.insert(.dim) }
        if italic != nil { attrs.insert(.italic) }
        if underline != nil { attrs.insert(.underline) }
        if reverse != nil { attrs.insert(.reverse) }
        attributes = attrs

        // The line-drawing set: DEC's (acsc maps `q` to `q`), not where ncurses knows it broken in
        // a UTF-8 locale (NCURSES_NO_UTF8_ACS set, the entry's U8 flag, the Linux console).
        enterLineDrawing = string("smacs")
        exitLineDrawing = acsOff
        enableLineDrawing = string("enacs")
        var horizontal: UInt8? = nil
        if let acsc = string("acsc"), enterLineDrawing != nil, exitLineDrawing != nil {
            var i = 0
            while i + 1 < acsc.count {
                if acsc[i] == UInt8(ascii: "q"), acsc[i + 1] == UInt8(ascii: "q") { horizontal = acsc[i + 1] }
                i += 2
            }
        }
        let u8 = number("U8")
        // (`utf8.starts`, not `String.contains`: that one is _StringProcessing's, pages of code to run once.)
        let isLinux = name.utf8.indices.contains { name.utf8[$0...].starts(with: "linux".utf8) }
        if environment["NCURSES_NO_UTF8_ACS"] != nil || u8 > 0 || isLinux { horizontal = nil }
        lineDrawingHorizontal = horizontal
    }

    /// `rep` as what follows its character, for a count: only where, for two characters, it is
    /// the character itself and then the same bytes (checked over several counts).
    private static func repeatTemplate(_ term: UnsafeMutablePointer<TERMINAL>?) -> CapabilityTemplate? {
        guard let raw = sb_tigetstr("rep") else { return nil }
        let source = Array(UnsafeBufferPointer(start: raw, count: strlen(raw) + 1))
        func made(_ character: UInt8, _ count: Int) -> [UInt8] {
            let saved = sb_use_terminfo(term)
            defer { _ = sb_use_terminfo(saved) }
            let result = source.withUnsafeBufferPointer { sb_tiparm2($0.baseAddress, Int32(character), Int32(count)) }
            guard let result else { return [] }
            return withoutPadding(bytes(result))
        }
        let x = UInt8(ascii: "x"), q = UInt8(ascii: "q")
        for count in [2, 3, 10, 99, 200] {
            let a = made(x, count), b = made(q, count)
            guard a.first == x, b.first == q, a.count > 1, a.dropFirst().elementsEqual(b.dropFirst()) else { return nil }
        }
        let template = CapabilityTemplate(parameters: 1) { p in Array(made(x, p[0]).dropFirst()) }
        return template.fitsTheShape ? template : nil
    }

    /// `setaf` for palette index `index` as SGR pieces; nil past the terminal's colours.
    func foreground(_ index: Int) -> [SGRPiece]? { color(index, background: false) }

    /// `setab` for palette index `index` as SGR pieces; nil past the terminal's colours.
    func background(_ index: Int) -> [SGRPiece]? { color(index, background: true) }

    private func color(_ index: Int, background: Bool) -> [SGRPiece]? {
        guard index >= 0, index < colors, let template = background ? setBackground : setForeground else { return nil }
        let slot = background ? colors + index : index
        if let made = madeColors[slot] { return made }
        // The template's own shape where it holds for every index (checked against tiparm), else tiparm.
        let made = SGRPiece.split(template.make(index))
        madeColors[slot] = made
        return made
    }

    private static func bytes(_ value: UnsafePointer<CChar>?) -> [UInt8] {
        guard let value else { return [] }
        return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
    }

    /// The capability without its delays (`$<5>`, `$<2*/>`): a terminal of today needs none.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
               let end = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
               bytes[(i + 2)..<end].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "/") }) {
                i = end + 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
        return false
    }

    /// How a cell of `style` looks on this terminal with `colorCount` colours: its colours as
    /// palette indices (nil: the default), the attributes it has (`ncv` ones dropped beside a colour).
    public func look(of style: Style, colorCount: Int) -> Pen {
        var pen = Pen()
        if colorCount > 0 {
            if let fg = style.foreground { pen.foreground = Int16(fg.paletteIndex(forTerminalColors: colorCount)) }
            if let bg = style.background { pen.background = Int16(bg.paletteIndex(forTerminalColors: colorCount)) }
        }
        var attrs = style.attributes.intersection(attributes)
        if pen.foreground >= 0 || pen.background >= 0 { attrs.subtract(noColorVideo) }
        pen.attributes = attrs
        return pen
    }
}

/// The attributes and colours a terminal draws the next characters with.
public struct Pen: Hashable, Sendable {
    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes = []
    /// The palette index of the text colour; -1: the terminal's default.
    public var foreground: Int16 = -1
    /// The palette index of the background; -1: the terminal's default.
    public var background: Int16 = -1

    /// The terminal's defaults.
    public init(attributes: TextAttributes = [], foreground: Int16 = -1, background: Int16 = -1) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }
}

/// A piece of an attribute sequence: the parameters of an ECMA-48 SGR (`ESC [ params m`), which
/// go together with the pieces beside them in one sequence, or other bytes that go as they are.
enum SGRPiece: Equatable {
    case parameters([UInt8])
    case raw([UInt8])

    /// A capability's bytes cut into SGR sequences and the rest.
    static func split(_ bytes: [UInt8]) -> [SGRPiece] {
        var pieces: [SGRPiece] = []
        var raw: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, (bytes[j] >= 0x30 && bytes[j] <= 0x39) || bytes[j] == UInt8(ascii: ";") { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "m") {
                    if !raw.isEmpty { pieces.append(.raw(raw)); raw = [] }
                    pieces.append(.parameters(Array(bytes[(i + 2)..<j])))
                    i = j + 1
                    continue
                }
            }
            raw.append(bytes[i])
            i += 1
        }
        if !raw.isEmpty { pieces.append(.raw(raw)) }
        return pieces
    }
}
