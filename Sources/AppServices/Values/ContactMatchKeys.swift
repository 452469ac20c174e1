/// What duplicates are found by, for one contact: its list row, its e-mails and its phones'
/// digits (`ContactsService.matchKeys(after:limit:)`, read in slices of the whole list).
public struct ContactMatchKeys: Equatable, Sendable {
    public var contact: ContactSummary
    /// The e-mails, lower-cased.
    public var emails: [String]
    /// Each phone's digits (a number without digits: left out).
    public var phoneDigits: [String]

    public init(contact: ContactSummary, emails: [String], phones: [String]) {
        self.contact = contact
        self.emails = emails.map { $0.lowercased() }.filter { !$0.isEmpty }
        self.phoneDigits = phones.map { SearchText.digits(of: $0) }.filter { !$0.isEmpty }
    }

    /// Where the next slice starts.
    public var cursor: FriendCursor { FriendCursor(sortKey: contact.sortKey, id: contact.id) }
}
