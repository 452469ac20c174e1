/// How a cell looks: foreground and background colour and text attributes.
///
/// A `nil` colour means "the terminal's default" in a cell, and "whatever is
/// underneath" when a style is merged over another.
///
/// A style may stand for a role of the theme (`Theme.live.error`, `Style.theme(.error)`): it is
/// looked up in `Theme.current` when it is drawn, so a view built once shows whatever theme is
/// current at its next redraw. Its own colours, where set, win over the theme's; its attributes
/// add to the theme's.
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var attributes: TextAttributes
    /// The theme's role this style stands for (nil: these colours as they are).
    public var role: ThemeRole?

    public init(foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        role = nil
    }

    /// The style of `role` in whatever theme is current when it is drawn.
    ///
    /// ```swift
    /// message.textStyle = .theme(.error)   // red in the dark theme, underlined in monochrome
    /// ```
    public static func theme(_ role: ThemeRole) -> Style {
        var style = Style()
        style.role = role
        return style
    }

    /// The colours to draw with: a role looked up in `Theme.current`, else the style itself.
    @MainActor @inline(__always)
    public var resolved: Style {
        guard let role else { return self }
        let theme = Theme.current[role]
        return Style(foreground: foreground ?? theme.foreground, background: background ?? theme.background,
                     attributes: attributes.union(theme.attributes))
    }

    public static let plain = Style()

    /// This style laid over `base`: colours this style leaves `nil` come from `base`,
    /// attributes add up.
    /// Theme roles on either side are looked up in `Theme.current` first.
    @MainActor
    public func merged(over base: Style) -> Style {
        let top = resolved, under = base.resolved
        return Style(foreground: top.foreground ?? under.foreground,
                     background: top.background ?? under.background,
                     attributes: top.attributes.union(under.attributes))
    }

    /// The same style with more attributes.
    public func adding(_ extra: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    public static func foreground(_ color: Color) -> Style { Style(foreground: color) }
    public static func background(_ color: Color) -> Style { Style(background: color) }
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)
    public static let reverse = Style(attributes: .reverse)
    public static let underline = Style(attributes: .underline)
}
