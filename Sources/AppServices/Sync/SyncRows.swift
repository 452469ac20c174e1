/// A CardDAV account as stored: where and as whom, never the password (it comes from the
/// password command, or is typed, at each sync).
public struct SyncAccountRow: Equatable, Sendable {
    public var id: Int64
    /// Whose contacts sync (a Switchboard account).
    public var accountID: Int64
    /// The address given to `sync add`.
    public var url: String
    /// The address book home discovery found.
    public var homeURL: String
    public var username: String
    public var passwordCommand: String?
    public var caFile: String?
    public var lastSyncAt: Int64?
    public var lastError: SyncFailure?

    public init(id: Int64, accountID: Int64, url: String, homeURL: String, username: String, passwordCommand: String? = nil, caFile: String? = nil, lastSyncAt: Int64? = nil, lastError: SyncFailure? = nil) {
        self.id = id
        self.accountID = accountID
        self.url = url
        self.homeURL = homeURL
        self.username = username
        self.passwordCommand = passwordCommand
        self.caFile = caFile
        self.lastSyncAt = lastSyncAt
        self.lastError = lastError
    }
}

/// An address book chosen for sync.
public struct SyncBookRow: Equatable, Sendable {
    public var id: Int64
    public var syncAccountID: Int64
    public var url: String
    public var displayName: String
    /// The last sync's DAV:sync-token (nil before the first, or when the server has none).
    public var syncToken: String?
    /// The last sync's CS:getctag.
    public var ctag: String?
    /// Where contacts made here go.
    public var isDefault: Bool

    public init(id: Int64, syncAccountID: Int64, url: String, displayName: String, syncToken: String? = nil, ctag: String? = nil, isDefault: Bool) {
        self.id = id
        self.syncAccountID = syncAccountID
        self.url = url
        self.displayName = displayName
        self.syncToken = syncToken
        self.ctag = ctag
        self.isDefault = isDefault
    }
}

/// Where a synced contact's card is on the server, and the card as last synced (the base of a
/// three-way merge).
public struct SyncBinding: Equatable, Sendable {
    public var contactID: Int64
    public var bookID: Int64
    public var href: String
    public var etag: String?
    public var card: String

    public init(contactID: Int64, bookID: Int64, href: String, etag: String? = nil, card: String) {
        self.contactID = contactID
        self.bookID = bookID
        self.href = href
        self.etag = etag
        self.card = card
    }
}

/// One local change waiting to be sent.
public struct SyncQueueItem: Equatable, Sendable {
    public enum Kind: String, Sendable { case add, edit, delete }
    public var id: Int64
    public var bookID: Int64
    /// The contact (add, edit); nil for a delete.
    public var contactID: Int64?
    public var kind: Kind
    /// Delete: the card's href; add: where it is being put (set before the PUT, so an interrupted add is found again).
    public var href: String?
    /// Delete: the version deleted (If-Match).
    public var etag: String?

    public init(id: Int64, bookID: Int64, contactID: Int64?, kind: Kind, href: String? = nil, etag: String? = nil) {
        self.id = id
        self.bookID = bookID
        self.contactID = contactID
        self.kind = kind
        self.href = href
        self.etag = etag
    }
}

/// A conflict kept for the person to settle: the server's version is in the list, the local one here.
public struct SyncConflict: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// Both changed the same fields.
        case fields
        /// Deleted on the server, edited here: the contact stays here, no longer bound.
        case deletedOnServer
        /// Deleted here, changed on the server: the server's version came back.
        case deletedHere
    }
    public var id: Int64
    public var bookID: Int64
    public var contactID: Int64?
    public var href: String
    public var kind: Kind
    /// The fields both sides changed ("name", "phones", …).
    public var fields: [String]
    /// The local version as it was.
    public var local: ContactRecord?

    public init(id: Int64, bookID: Int64, contactID: Int64? = nil, href: String, kind: Kind, fields: [String], local: ContactRecord? = nil) {
        self.id = id
        self.bookID = bookID
        self.contactID = contactID
        self.href = href
        self.kind = kind
        self.fields = fields
        self.local = local
    }
}

/// A card on the server that was left alone: one that could not be read, or that the server refused.
public struct SyncProblem: Equatable, Sendable {
    public enum Kind: String, Sendable { case unreadable, refused }
    public var bookID: Int64
    public var href: String
    public var kind: Kind
    public var contactID: Int64?
    public var reason: String

    public init(bookID: Int64, href: String, kind: Kind, contactID: Int64? = nil, reason: String) {
        self.bookID = bookID
        self.href = href
        self.kind = kind
        self.contactID = contactID
        self.reason = reason
    }
}
