/// One CardDAV account of a Switchboard account, as the Sync screen shows it.
public struct SyncAccountStatus: Equatable, Sendable {
    /// The sync account's own id (`sync_accounts`), which the child process is told passwords by.
    public var id: Int64
    /// The server's address as it was set up.
    public var url: String
    public var username: String
    /// Whether the password comes from a command (else it is typed in the app, for that run only).
    public var hasPasswordCommand: Bool
    public var caFile: String?
    /// When the last sync ended (seconds since 1970), nil: never.
    public var lastSyncAt: Int64?
    /// Why the last sync stopped, nil: it went through.
    public var lastError: SyncFailure?
    public var books: [SyncBookStatus]

    public init(id: Int64, url: String, username: String, hasPasswordCommand: Bool, caFile: String? = nil,
                lastSyncAt: Int64? = nil, lastError: SyncFailure? = nil, books: [SyncBookStatus] = []) {
        self.id = id
        self.url = url
        self.username = username
        self.hasPasswordCommand = hasPasswordCommand
        self.caFile = caFile
        self.lastSyncAt = lastSyncAt
        self.lastError = lastError
        self.books = books
    }

    /// Changes waiting to go to this account's server.
    public var pending: Int { books.reduce(0) { $0 + $1.pending } }
}

/// One address book that syncs.
public struct SyncBookStatus: Equatable, Sendable {
    public var id: Int64
    /// Its name as a person knows it (the server's display name, else its URL's last part).
    public var name: String
    public var url: String
    /// Where new contacts go.
    public var isDefault: Bool
    /// Contacts here that are on it.
    public var contacts: Int
    /// Changes waiting to be sent to it.
    public var pending: Int
    /// Cards the sync leaves alone, each with its reason: cards here it could not read (kept on
    /// the server untouched, never deleted), and changes the server refused (kept here).
    public var leftAlone: [SyncLeftCard]

    public init(id: Int64, name: String, url: String, isDefault: Bool = false, contacts: Int = 0, pending: Int = 0,
                leftAlone: [SyncLeftCard] = []) {
        self.id = id
        self.name = name
        self.url = url
        self.isDefault = isDefault
        self.contacts = contacts
        self.pending = pending
        self.leftAlone = leftAlone
    }
}

/// A card the sync leaves alone, and why (`sync_problems`).
public struct SyncLeftCard: Equatable, Sendable {
    /// Its name on the server (the last part of its href: "f3a9….vcf").
    public var name: String
    /// Whether the server's card could not be read here (it stays on the server as it is), or
    /// the server refused a change made here (it stays here, and is sent again at the next sync).
    public var refused: Bool
    /// Why, in words.
    public var reason: String

    public init(name: String, refused: Bool, reason: String) {
        self.name = name
        self.refused = refused
        self.reason = reason
    }
}

/// A sync conflict kept for the person to settle: the server's version is the contact in the
/// list (`contactID`), the version made here is `local`.
public struct SyncConflictItem: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// Both sides changed the same fields.
        case fields
        /// Deleted on the server, edited here.
        case deletedOnServer
        /// Deleted here, changed on the server.
        case deletedHere
    }
    public var id: Int64
    public var contactID: Int64?
    public var kind: Kind
    /// The fields both sides changed ("name", "phones", …).
    public var fields: [String]
    /// The version made here, as it was.
    public var local: ContactRecord?
    /// The address book it is in.
    public var bookName: String

    public init(id: Int64, contactID: Int64?, kind: Kind, fields: [String], local: ContactRecord?, bookName: String) {
        self.id = id
        self.contactID = contactID
        self.kind = kind
        self.fields = fields
        self.local = local
        self.bookName = bookName
    }
}

/// What the app reads and settles of sync (the data file's sync tables); the network is never
/// touched here — a child `switchboard sync` process does that.
public protocol SyncStatusService: AnyObject {
    /// The CardDAV accounts of `accountID`, oldest first, with their address books.
    func syncAccounts(of accountID: Int64) throws(ServiceError) -> [SyncAccountStatus]
    /// The conflicts waiting in `accountID`'s address books, oldest first.
    func syncConflicts(of accountID: Int64) throws(ServiceError) -> [SyncConflictItem]
    /// Settles a conflict: `record` (the picks) becomes the contact — a change queued to go out
    /// at the next sync — and the conflict is gone. nil keeps the server's version as it is.
    func settleConflict(_ id: Int64, with record: ContactRecord?, accountID: Int64) throws(ServiceError)
    /// The address book each of these contacts syncs with (a contact on none is absent).
    func bookNames(of contactIDs: [Int64]) throws(ServiceError) -> [Int64: String]
}

