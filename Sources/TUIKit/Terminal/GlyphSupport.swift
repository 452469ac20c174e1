/// Which multi-character emoji a terminal shows as one glyph in the columns
/// the cell buffer gives them. What a terminal cannot join is drawn by
/// `ClusterEncoding`'s fallback, which keeps every column in place.
public struct GlyphSupport: OptionSet, Hashable, Sendable {
    /// The options as bits.
    public let rawValue: Int
    /// The options whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Emoji joined by U+200D (👩‍💻, 👩‍👩‍👧) take two columns as one glyph.
    public static let joinedSequences = GlyphSupport(rawValue: 1 << 0)
    /// An emoji with a skin-tone modifier (👍🏽) takes two columns as one glyph.
    public static let emojiModifiers = GlyphSupport(rawValue: 1 << 1)

    /// What the terminal named by the environment is known to join: tmux
    /// (3.3, checked) joins U+200D sequences but gives a skin-tone modifier
    /// its own two columns; for every other terminal nothing is assumed.
    public static func guess(terminalType: String, environment: [String: String]) -> GlyphSupport {
        if terminalType.hasPrefix("tmux") || !(environment["TMUX"] ?? "").isEmpty { return [.joinedSequences] }
        return []
    }
}
