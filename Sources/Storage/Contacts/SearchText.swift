import Foundation

/// The folded forms contacts are sorted and searched by: lower case, accents
/// removed ("Ångström" → "angstrom"), so search is case- and accent-insensitive.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() } // nothing to unaccent
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Remembers folded forms (bulk inserts fold the same names again and again).
    public struct FoldCache {
        private var folded: [String: String] = [:]
        public init() {}
        public mutating func fold(_ text: String) -> String {
            if let hit = folded[text] { return hit }
            let value = SearchText.fold(text)
            if folded.count < 100_000 { folded[text] = value }
            return value
        }
    }

    /// "last first", folded: the list's order (by last name, then first).
    public static func sortKey(firstName: String, lastName: String) -> String {
        var cache = FoldCache()
        return sortKey(firstName: firstName, lastName: lastName, cache: &cache)
    }

    public static func sortKey(firstName: String, lastName: String, cache: inout FoldCache) -> String {
        let last = cache.fold(lastName.trimmingCharacters(in: .whitespaces))
        let first = cache.fold(firstName.trimmingCharacters(in: .whitespaces))
        return last.isEmpty ? first : (first.isEmpty ? last : last + " " + first)
    }

    /// Everything a search may match, folded: names, company, emails, and phones with and without punctuation.
    public static func document(for contact: ContactRecord) -> String {
        var cache = FoldCache()
        return document(for: contact, cache: &cache)
    }

    public static func document(for contact: ContactRecord, cache: inout FoldCache) -> String {
        var parts = [contact.firstName, contact.lastName, contact.company].map { cache.fold($0) }
        parts += contact.emails.map(fold)
        for phone in contact.phones {
            parts.append(phone.number)
            parts.append(phone.number.filter(\.isNumber))
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " \u{1F} ")
    }

    /// A search as typed, as an FTS5 trigram phrase (quotes doubled), or nil when it has under 3 characters.
    public static func ftsPhrase(for query: String) -> String? {
        let folded = fold(query.trimmingCharacters(in: .whitespaces))
        guard folded.count >= 3 else { return nil }
        return "\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
