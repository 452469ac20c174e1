/// A search as typed, and what it matches — the same rules the SQLite store
/// applies with its indexes, for stores that keep a few contacts in memory
/// (the kiosk's demo): the search's phrase (`SearchText.searchPhrase`) found
/// in the contact's search document — from three characters anywhere in the
/// name as shown (in either order), an email or (for a phone-like search) the
/// digits of a number; one or two at the start of a word of the name.
public struct ContactQuery: Equatable, Sendable {
    let phrase: String?

    /// A search as typed; with a `region`, numbers in its national form match their international form too.
    public init(_ text: String, region: PhoneRegion? = nil) {
        phrase = SearchText.searchPhrase(for: text, region: region)
    }

    /// Whether a contact is one of this search's results.
    public func matches(_ contact: ContactRecord) -> Bool {
        guard let phrase else { return true }
        return SearchText.contains(SearchText.document(for: contact), phrase)
    }
}
