import Foundation

/// The folded forms contacts are sorted and searched by: lower case, accents
/// removed ("Ångström" → "angstrom"), so search is case- and accent-insensitive.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// "last first", folded: the list's order (by last name, then first).
    public static func sortKey(firstName: String, lastName: String) -> String {
        let last = fold(lastName.trimmingCharacters(in: .whitespaces))
        let first = fold(firstName.trimmingCharacters(in: .whitespaces))
        return last.isEmpty ? first : (first.isEmpty ? last : last + " " + first)
    }

    /// Everything a search may match, folded: names, company, emails, and phones with and without punctuation.
    public static func document(for contact: ContactRecord) -> String {
        var parts = [contact.firstName, contact.lastName, contact.company]
        parts += contact.emails
        for phone in contact.phones {
            parts.append(phone.number)
            parts.append(phone.number.filter(\.isNumber))
        }
        return fold(parts.filter { !$0.isEmpty }.joined(separator: " \u{1F} "))
    }

    /// A search as typed, as an FTS5 trigram phrase (quotes doubled), or nil when it has under 3 characters.
    public static func ftsPhrase(for query: String) -> String? {
        let folded = fold(query.trimmingCharacters(in: .whitespaces))
        guard folded.count >= 3 else { return nil }
        return "\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
