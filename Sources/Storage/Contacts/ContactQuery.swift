/// A search as typed, and what it matches — the same rules the SQLite store
/// applies with its indexes, for stores that keep a few contacts in memory
/// (the kiosk's demo). Under three characters a search matches the start of
/// the sort key ("last first"); from three on, anywhere in the name, an email
/// or (for a phone-like search) the digits of a number.
public struct ContactQuery: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case all
        case prefix(String)
        case anywhere(String)
    }

    let kind: Kind

    public init(_ text: String) {
        let folded = SearchText.fold(SearchText.trimmed(text))
        let phrase = SearchText.phoneDigits(folded) ?? folded
        if phrase.count >= 3 { kind = .anywhere(phrase) }
        else if folded.isEmpty { kind = .all }
        else { kind = .prefix(folded) }
    }

    /// Whether a contact is one of this search's results.
    public func matches(_ contact: ContactRecord) -> Bool {
        switch kind {
        case .all: true
        case .prefix(let start): SearchText.sortKey(firstName: contact.firstName, lastName: contact.lastName).hasPrefix(start)
        case .anywhere(let phrase): SearchText.document(for: contact).contains(phrase)
        }
    }
}
