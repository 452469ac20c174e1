import TUIKit

/// Breaking a value into lines of a column: at spaces; a word too long for a line of its own
/// (an e-mail address, a web address, a path) where such text breaks best — after `@`, `:` or
/// `-`, before `.`, `/`, `_`, `?`, `#`, `&` or `=` — and inside a run of letters only when it
/// has no such place.
enum WrappedText {
    /// `text` in lines of at most `width` columns; newlines are kept.
    static func lines(_ text: String, width: Int) -> [String] {
        TextLayout.wrap(text, toWidth: width) { word, width in split(word, width: width) }
    }

    private static let breakAfter: Set<Character> = ["@", ":", "-"]
    private static let breakBefore: Set<Character> = [".", "/", "_", "?", "#", "&", "="]

    /// The longest head of `word` that fits `width` and ends where it may break; else what fits.
    static func split(_ word: String, width: Int) -> (head: String, rest: String) {
        let chars = Array(word)
        var used = 0, fit = 0, lastBreak = 0
        for (i, ch) in chars.enumerated() {
            let w = DisplayWidth.of(ch)
            if used + w > width { break }
            used += w
            fit = i + 1
            // A break between i and i + 1 (never before the first character).
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            guard let next else { continue }
            // `https://` and `//` stay whole.
            if breakAfter.contains(ch), !(ch == ":" && next == "/") { lastBreak = i + 1 }
            if breakBefore.contains(next), !(next == "/" && (ch == "/" || ch == ":")) { lastBreak = i + 1 }
        }
        if fit == 0 { fit = 1 } // one character wider than the column: it goes alone
        let cut = lastBreak > 0 ? lastBreak : fit
        return (String(chars[..<cut]), String(chars[cut...]))
    }
}
