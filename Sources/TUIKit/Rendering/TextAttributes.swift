/// Text attributes a terminal cell can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The attributes as bits, one per attribute.
    public let rawValue: UInt8
    /// The attributes whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Heavier (or brighter) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Fainter text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Slanted text, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 4)
}
