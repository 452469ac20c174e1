/// What puts one of `query`'s answers before another: an exact or starting match (the name as
/// shown or in the other order, the start of a word of it, the address or a word of it) before a
/// match inside a word (or in the company, the notes, a phone); within each, the list's order (by
/// name), in which the store hands the matches over. The SQLite store keeps it for each word start
/// of two characters beside the address lines (`MailQueryIndex`).
public struct QueryRanking {
    /// The search as the documents are folded (case and accents off: "Gödel" → "godel").
    let folded: [Unicode.Scalar]

    public init(_ query: String) {
        folded = Array(SearchText.searchFold(SearchText.trimmed(query)).unicodeScalars)
    }

    /// Whether the search starts the name, a word of it, the address or a word of the address.
    public func startsAWord(name: String, email: String) -> Bool {
        startsAWord(name: name, foldedName: Self.folded(name), foldedEmail: Self.folded(email))
    }

    /// `startsAWord(name:email:)` with the name and the address folded already (`folded(_:)`): one
    /// contact tried against many searches (the SQLite store's kept rows) folds them once.
    public func startsAWord(name: String, foldedName: [Unicode.Scalar], foldedEmail: [Unicode.Scalar]) -> Bool {
        guard !folded.isEmpty else { return true }
        return startsAWord(in: foldedName) || startsAWord(in: foldedEmail) || startsOtherOrder(of: name)
    }

    /// A name or an address as the search compares it (case and accents off).
    public static func folded(_ text: String) -> [Unicode.Scalar] {
        Array(SearchText.searchFold(text).unicodeScalars)
    }

    /// "lovelace ada" for Ada Lovelace: the name's words from each one on, and then the ones before.
    private func startsOtherOrder(of name: String) -> Bool {
        guard folded.contains(" ") else { return false }
        let words = SearchText.searchFold(name).unicodeScalars.split(whereSeparator: { $0 == " " }).map(Array.init)
        guard words.count > 1 else { return false }
        for first in 1..<words.count {
            let turned = (words[first...] + words[..<first]).joined(separator: [" "])
            if Array(turned).starts(with: folded) { return true }
        }
        return false
    }

    /// Whether `text` starts with the search, or has it right after a character that is not a letter or digit.
    private func startsAWord(in text: [Unicode.Scalar]) -> Bool {
        guard text.count >= folded.count else { return false }
        for start in 0...(text.count - folded.count) {
            if start > 0 && Self.isWordCharacter(text[start - 1]) { continue }
            if text[start..<(start + folded.count)].elementsEqual(folded) { return true }
        }
        return false
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
