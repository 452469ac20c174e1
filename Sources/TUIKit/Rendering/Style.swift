/// How a cell looks: foreground and background colour and text attributes.
///
/// A `nil` colour means "the terminal's default" in a cell, and "whatever is
/// underneath" when a style is merged over another.
///
/// A style may stand for a role of the theme (`Theme.live.error`, `Style.theme(.error)`): it is
/// looked up in `Theme.current` when it is drawn, so a view built once shows whatever theme is
/// current at its next redraw. Its own colours, where set, win over the theme's; its attributes
/// add to the theme's.
///
/// ```swift
/// let warning = Style(foreground: .yellow, attributes: .bold)
/// label.textStyle = warning.merged(over: .background(.blue))   // bold yellow on blue
/// title.textStyle = Style.theme(.emphasis).adding(.underline)   // the theme's emphasis, underlined
/// ```
public struct Style: Hashable, Sendable {
    /// The text colour; nil: the terminal's default, or what is underneath when merged.
    public var foreground: Color?
    /// The cell's colour behind the text; nil: the terminal's default, or what is underneath when merged.
    public var background: Color?
    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes
    /// The theme's role this style stands for (nil: these colours as they are).
    public var role: ThemeRole?

    /// A style of these colours and attributes, standing for no theme role.
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

    /// No colours and no attributes: the terminal's defaults.
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

    /// Only a text colour.
    public static func foreground(_ color: Color) -> Style { Style(foreground: color) }
    /// Only a background colour.
    public static func background(_ color: Color) -> Style { Style(background: color) }
    /// Only bold.
    public static let bold = Style(attributes: .bold)
    /// Only dim.
    public static let dim = Style(attributes: .dim)
    /// Only reverse video (foreground and background swapped).
    public static let reverse = Style(attributes: .reverse)
    /// Only underline.
    public static let underline = Style(attributes: .underline)
}
