/// One account's whole address book: what the screens use (contacts and friends), and what
/// import, export, query and populate use beside it — UIDs, bulk loads, birthdays, mail
/// addresses and a transaction around many changes. Every store answers it (the SQLite file,
/// a PostgreSQL directory), so the command line and the app's Import… and Export… go through
/// the same interface as the screens.
public protocol AddressBookService: ContactsService, FriendsService {
    func contactID(uid: String) throws(ServiceError) -> Int64?
    func assignMissingUIDs() throws(ServiceError)
    func allContactIDs() throws(ServiceError) -> [Int64]
    /// Every e-mail address of these contacts (in the order of `ids`, each contact's preferred first),
    /// with the name the contact is shown by and its company.
    func emailAddresses(ofContacts ids: [Int64]) throws(ServiceError) -> [(email: String, name: String, company: String)]
    /// Every contact the search `query` finds (the app's search: `contacts(matching:)`), in the
    /// list's order, handed to `body` a batch at a time as they are read, none left out (a mail
    /// client's query: `body` writes the first answers while the rest are still being read).
    /// `body` returns false to stop.
    func forEachContactID(matching query: String, _ body: ([Int64]) throws(ServiceError) -> Bool) throws(ServiceError)
    /// Keeps a group card (vCard 4.0's KIND:group, iCloud's X-ADDRESSBOOKSERVER-KIND:group) whole, as it
    /// came (`VCard.storedText`): a group is not a person, and goes back into exports as it came. A card
    /// with the UID of one kept already replaces it; one without a UID is kept once.
    func keepGroupCard(uid: String, card: String) throws(ServiceError)
    /// The group cards kept, in the order they came.
    func groupCards() throws(ServiceError) -> [String]
    func addMany(count: Int, generator: inout ContactGenerator, friendPercent: Int, progress: ((Int) -> Void)?) throws(ServiceError)
    /// Runs `body` in one transaction: all of its changes are kept, or none.
    func inOneTransaction(_ body: () throws(ServiceError) -> Void) throws(ServiceError)
    /// What an import of one file takes its contacts into (use inside `inOneTransaction`).
    func importer() throws(ServiceError) -> any ContactsImporting
    /// One transaction over several turns of the run loop (the app's import, worked in slices).
    func beginTransaction() throws(ServiceError)
    func commitTransaction() throws(ServiceError)
    func rollbackTransaction()
    /// The mail clients' answers to a two-character search, kept ready; nil where the store keeps
    /// none (the query is then read the ordinary way).
    var mailQueryIndex: (any MailQueryIndex)? { get }
    /// A search's addresses read in one pass; nil where the store reads them by the matches' ids.
    var mailAddressSearch: (any MailAddressSearch)? { get }
}
