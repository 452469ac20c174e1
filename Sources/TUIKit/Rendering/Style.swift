/// How a cell looks: foreground and background colour and text attributes.
///
/// A `nil` colour means "the terminal's default" in a cell, and "whatever is
/// underneath" when a style is merged over another.
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var attributes: TextAttributes

    public init(foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    /// This style laid over `base`: colours this style leaves `nil` come from `base`,
    /// attributes add up.
    public func merged(over base: Style) -> Style {
        Style(foreground: foreground ?? base.foreground,
              background: background ?? base.background,
              attributes: attributes.union(base.attributes))
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
