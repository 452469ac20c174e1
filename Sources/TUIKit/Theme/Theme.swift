/// The colours of every component, by role. Components take their styles from `Theme.live`,
/// whose styles stand for the roles and are looked up in `Theme.current` when drawn: setting
/// `Theme.current` changes every view at its next redraw, with nothing built again.
///
/// ```swift
/// Theme.current = .light
/// application.window.setNeedsFullRedraw()
/// ```
public struct Theme: Sendable, Equatable {
    /// The theme's name as shown in settings ("dark", "light", …).
    public var name: String
    /// Screen text and background.
    public var base: Style
    /// Secondary text (hints, placeholders, subtitles).
    public var secondary: Style
    /// Headings and titles.
    public var emphasis: Style
    /// The selected row or focused control.
    public var selection: Style
    /// The title bar at the top of a navigation stack.
    public var titleBar: Style
    /// The status line with key hints.
    public var statusLine: Style
    /// Keys named in hints.
    public var key: Style
    /// Error and validation messages.
    public var error: Style
    /// Borders of panels and popups.
    public var border: Style
    /// A text field's editable area.
    public var field: Style

    /// Light text on a dark grey background.
    public static let dark = Theme(
        name: "dark",
        base: Style(foreground: .gray(22), background: .gray(2)),
        secondary: Style(foreground: .gray(13)),
        emphasis: Style(foreground: .brightWhite, attributes: .bold),
        selection: Style(foreground: .black, background: .rgb(2, 4, 5)),
        titleBar: Style(foreground: .brightWhite, background: .rgb(1, 1, 3), attributes: .bold),
        statusLine: Style(foreground: .gray(20), background: .gray(5)),
        key: Style(foreground: .rgb(5, 4, 1), attributes: .bold),
        error: Style(foreground: .rgb(5, 2, 2), attributes: .bold),
        border: Style(foreground: .rgb(2, 3, 5)),
        field: Style(foreground: .brightWhite, background: .gray(5)))

    /// Dark text on a light grey background.
    public static let light = Theme(
        name: "light",
        base: Style(foreground: .gray(2), background: .gray(23)),
        secondary: Style(foreground: .gray(9)),
        emphasis: Style(foreground: .black, attributes: .bold),
        selection: Style(foreground: .brightWhite, background: .rgb(1, 2, 4)),
        titleBar: Style(foreground: .brightWhite, background: .rgb(1, 2, 4), attributes: .bold),
        statusLine: Style(foreground: .gray(3), background: .gray(19)),
        key: Style(foreground: .rgb(3, 0, 3), attributes: .bold),
        error: Style(foreground: .rgb(4, 0, 0), attributes: .bold),
        border: Style(foreground: .rgb(1, 2, 4)),
        field: Style(foreground: .black, background: .gray(20)))

    /// White and yellow on black, with bold and underlines for the roles that matter most.
    public static let highContrast = Theme(
        name: "high contrast",
        base: Style(foreground: .brightWhite, background: .black),
        secondary: Style(foreground: .brightWhite),
        emphasis: Style(foreground: .brightYellow, attributes: [.bold, .underline]),
        selection: Style(foreground: .black, background: .brightYellow, attributes: .bold),
        titleBar: Style(foreground: .black, background: .brightWhite, attributes: .bold),
        statusLine: Style(foreground: .black, background: .brightWhite),
        key: Style(foreground: .brightYellow, attributes: .bold),
        error: Style(foreground: .brightRed, attributes: [.bold, .underline]),
        border: Style(foreground: .brightWhite, attributes: .bold),
        field: Style(foreground: .brightWhite, attributes: .underline))

    /// No colours at all: attributes only (used under `NO_COLOR` or on a terminal without colours).
    public static let monochrome = Theme(
        name: "monochrome",
        base: .plain,
        secondary: Style(attributes: .dim),
        emphasis: Style(attributes: .bold),
        selection: Style(attributes: .reverse),
        titleBar: Style(attributes: [.reverse, .bold]),
        statusLine: Style(attributes: .reverse),
        key: Style(attributes: .bold),
        error: Style(attributes: [.bold, .underline]),
        border: .plain,
        field: Style(attributes: .underline))

    /// Every built-in theme, in the order settings offers them.
    public static let all: [Theme] = [.dark, .light, .highContrast, .monochrome]

    /// The theme styles are looked up in when drawn (concrete colours). Read on every styled
    /// cell a frame draws: no run-time exclusivity check (it is only ever assigned whole).
    @exclusivity(unchecked) @MainActor public static var current: Theme = .dark

    /// Every role as a style that is looked up in `Theme.current` when drawn: what views are
    /// built with, so they follow a change of theme.
    public static let live = Theme(
        name: "live", base: .theme(.base), secondary: .theme(.secondary), emphasis: .theme(.emphasis),
        selection: .theme(.selection), titleBar: .theme(.titleBar), statusLine: .theme(.statusLine),
        key: .theme(.key), error: .theme(.error), border: .theme(.border), field: .theme(.field))

    /// The style this theme gives `role`.
    public subscript(role: ThemeRole) -> Style {
        switch role {
        case .base: base
        case .secondary: secondary
        case .emphasis: emphasis
        case .selection: selection
        case .titleBar: titleBar
        case .statusLine: statusLine
        case .key: key
        case .error: error
        case .border: border
        case .field: field
        }
    }
}

/// A role a theme gives a style to (see `Theme`).
public enum ThemeRole: UInt8, Hashable, Sendable, CaseIterable {
    /// One role per style property of `Theme`, of the same name.
    case base, secondary, emphasis, selection, titleBar, statusLine, key, error, border, field
}
