/// What the sync engine (`SyncEngine`, target Sync) needs from where the sync state is kept: the
/// CardDAV accounts and their address books, each synced contact's binding to its card, the queue
/// of local changes, conflicts and problems, a listing of a server's answer as it is read, and the
/// contacts themselves on the same connection. `SQLiteSyncStore` keeps it in the data file,
/// `PostgresSyncStore` in a shared directory (per account, each member's under row-level
/// security). Each method that writes is one transaction, or joins the caller's (`applying`).
public protocol SyncStore: AnyObject {
    /// Runs `body` in one transaction in which the contacts it adds, changes and deletes are not
    /// queued to be sent back (the engine's own writes: cards from the server).
    func applying<T>(_ body: () throws(ServiceError) -> T) throws(ServiceError) -> T
    /// The contacts of `accountID`, on the store's own connection (inside `applying` too).
    func contacts(of accountID: Int64) -> any ContactsService

    // MARK: Accounts and address books

    /// Stores an account and its chosen address books (the first is where new contacts go, unless
    /// the account has such a book already) and queues every contact of `accountID` not yet on a
    /// server as an add to it: one transaction. Returns the sync account's id.
    @discardableResult
    func addAccount(accountID: Int64, url: String, homeURL: String, username: String, passwordCommand: String?, caFile: String?,
                    books: [(url: String, displayName: String)]) throws(ServiceError) -> Int64
    /// The stored accounts (of one Switchboard account, or all the connection may see), oldest first.
    func accounts(of accountID: Int64?) throws(ServiceError) -> [SyncAccountRow]
    /// The address books of a sync account, in the order chosen.
    func books(of syncAccountID: Int64) throws(ServiceError) -> [SyncBookRow]
    /// Keeps the token and ctag a finished pull ended with.
    func saveState(book: Int64, syncToken: String?, ctag: String?) throws(ServiceError)
    /// Notes how an account's pass ended: the error that stopped it (nil: it went through, and
    /// its time becomes the last sync; a failure keeps the time of the last one that worked).
    func noteSync(account: Int64, error: SyncFailure?) throws(ServiceError)

    // MARK: Bindings

    func binding(book: Int64, href: String) throws(ServiceError) -> SyncBinding?
    func binding(contact: Int64) throws(ServiceError) -> SyncBinding?
    /// Binds a contact to a card (or moves its binding), with the card as synced.
    func bind(contact: Int64, book: Int64, href: String, etag: String?, card: String) throws(ServiceError)
    func unbind(contact: Int64) throws(ServiceError)
    /// Sets the card a contact keeps (what export writes) to the one last synced; not a change to send.
    func setKeptCard(contact: Int64, card: String) throws(ServiceError)
    /// Each bound card's href in `book` with its etag.
    func etags(book: Int64) throws(ServiceError) -> [String: String]
    /// The contact of the account with this UID that is on no server yet.
    func unboundContact(account: Int64, uid: String) throws(ServiceError) -> Int64?
    /// The account's contact with this UID other than `except`, if any (bound to a card or not).
    func contact(account: Int64, uid: String, except: Int64?) throws(ServiceError) -> Int64?

    // MARK: A listing as it is read

    /// Starts a listing of an address book's cards as the server's answer is read (kept by the
    /// store, never in memory whole); the next `beginListing` empties it.
    func beginListing() throws(ServiceError)
    /// Notes one member: its href (as kept), its etag, whether the server said it is gone. A later
    /// note of the same href replaces an earlier one (and comes after the others).
    func list(href: String, etag: String?, gone: Bool) throws(ServiceError)
    func endListing()
    /// How many members of the listing are to be read (see `listedToRead`).
    func listedToReadCount(book: Int64) throws(ServiceError) -> Int
    /// The listing's members to read, in the order listed, after the one numbered `after`, at most
    /// `limit`: new ones, those with another etag than the card kept, those without etag; not one
    /// noted as unreadable or refused at the etag listed.
    func listedToRead(book: Int64, after: Int64, limit: Int) throws(ServiceError) -> [(number: Int64, href: String)]
    /// What the listing says is deleted: the members the server said are gone; with `whole`, also
    /// every card kept of the book that it does not list.
    func listedDeletions(book: Int64, whole: Bool) throws(ServiceError) -> [String]

    // MARK: The queue

    /// The changes waiting to be sent to `book`'s server, oldest first (all books when nil).
    func queue(book: Int64?) throws(ServiceError) -> [SyncQueueItem]
    func queued(contact: Int64) throws(ServiceError) -> SyncQueueItem?
    func queued(book: Int64, href: String) throws(ServiceError) -> SyncQueueItem?
    func item(_ id: Int64) throws(ServiceError) -> SyncQueueItem?
    /// How many changes wait in `book` (all books the connection sees when nil).
    func pendingCount(book: Int64?) throws(ServiceError) -> Int
    func dequeue(_ id: Int64) throws(ServiceError)
    /// Where an add is being put: kept before the PUT, so an interrupted one is recognised on the server.
    func setHref(_ href: String, of item: Int64) throws(ServiceError)
    /// Turns a queued add into an edit (its card turned out to be on the server already), or back.
    func setKind(_ kind: SyncQueueItem.Kind, of item: Int64) throws(ServiceError)
    /// Queues a change as the triggers would.
    func enqueue(contact: Int64, book: Int64, kind: SyncQueueItem.Kind) throws(ServiceError)

    // MARK: Conflicts and problems

    func recordConflict(book: Int64, contact: Int64?, href: String, kind: SyncConflict.Kind, fields: [String],
                        local: ContactRecord?) throws(ServiceError)
    func conflicts() throws(ServiceError) -> [SyncConflict]
    func recordProblem(book: Int64, href: String, kind: SyncProblem.Kind, etag: String?, contact: Int64?, reason: String) throws(ServiceError)
    func clearProblem(book: Int64, href: String) throws(ServiceError)
    func problemETag(book: Int64, href: String) throws(ServiceError) -> String??
    func problems() throws(ServiceError) -> [SyncProblem]
}

extension SyncStore {
    /// Every stored account the connection may see.
    public func accounts() throws(ServiceError) -> [SyncAccountRow] { try accounts(of: nil) }
    /// Every change waiting, oldest first.
    public func queue() throws(ServiceError) -> [SyncQueueItem] { try queue(book: nil) }
    /// Every change waiting.
    public func pendingCount() throws(ServiceError) -> Int { try pendingCount(book: nil) }
}
