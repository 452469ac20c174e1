/// A store that keeps the mail clients' answers to a search of two characters ready (issue 50):
/// for each two-character start of a word of a name, every address line of the contacts it finds,
/// best first — a starting match on the name or the address before a match inside a word, then by
/// name — and the count of its distinct lines as mutt is given them (`MailClientLine.mutt`), so
/// `switchboard query jo` writes mutt's count line and its first lines at once, however many
/// follow. The SQLite store keeps it beside the contacts (triggers in the same transaction as every
/// write); a store without one is searched the ordinary way.
public protocol MailQueryIndex {
    /// How many distinct mutt lines (`MailClientLine.mutt`) the search `query` finds; nil when the
    /// index does not answer this search (anything but two characters that are not a phone number's).
    func mailQueryLineCount(for query: String) throws(ServiceError) -> Int?

    /// The distinct mutt lines the search finds whose address has one of the keys `addressKeys`
    /// (`MailClientLine.addressKey`), each with its key: the people written to, found without
    /// reading the whole answer. Nil when the index does not answer this search.
    func mailQueryLines(for query: String, addressKeys: [String]) throws(ServiceError) -> [(addressKey: String, line: String)]?

    /// Hands `body` the address lines the search finds, best first, in batches (the first small),
    /// while it returns true; the same line may come more than once (from contacts filed under other
    /// names or places). False when the index does not answer this search (nothing is handed over).
    func forEachMailQueryLine(for query: String, _ body: ([MailQueryLine]) throws(ServiceError) -> Bool) throws(ServiceError) -> Bool
}

/// One address line of a query's answer: the address, the name the contact is shown by, its
/// company, mutt's line of them (`MailClientLine.mutt`, the text the answer writes and counts), and
/// whether the search matched only inside a word (it sorts after the starting matches).
public struct MailQueryLine: Equatable, Sendable {
    public var email: String
    public var name: String
    public var company: String
    public var insideAWord: Bool
    public var mutt: String

    /// A line from a contact's values (mutt's line made of them).
    public init(email: String, name: String, company: String, insideAWord: Bool) {
        self.email = email
        self.name = name
        self.company = company
        self.insideAWord = insideAWord
        mutt = MailClientLine.mutt(email: email, name: name, company: company)
    }

    /// A line from mutt's line as a store keeps it made (SQLite's kept rows): the address as
    /// printed, the name column (the company's when there is no name) and the last column.
    public init(mutt: String, insideAWord: Bool) {
        let columns = mutt.split(separator: "\t" as Character, maxSplits: 2, omittingEmptySubsequences: false)
        email = columns.count > 0 ? String(columns[0]) : ""
        name = columns.count > 1 ? String(columns[1]) : ""
        company = columns.count > 2 ? String(columns[2]) : ""
        self.insideAWord = insideAWord
        self.mutt = mutt
    }
}
