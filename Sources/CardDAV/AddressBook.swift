/// An address book (a CardDAV collection) on the server, as its home's listing describes it.
public struct AddressBook: Equatable, Sendable {
    /// Its full URL (its href resolved against the server's).
    public var url: String
    /// Its href as the server wrote it.
    public var href: String
    /// Its DAV:displayname; nil when it has none.
    public var displayName: String?
    /// Its CS:getctag (changes whenever a card in it does); nil when the server keeps none.
    public var ctag: String?
    /// Its DAV:sync-token (RFC 6578); nil when the server keeps none.
    public var syncToken: String?
    /// Whether it answers the sync-collection report (listed in DAV:supported-report-set).
    public var supportsSyncCollection: Bool

    public init(url: String, href: String, displayName: String? = nil, ctag: String? = nil, syncToken: String? = nil, supportsSyncCollection: Bool = false) {
        self.url = url
        self.href = href
        self.displayName = displayName
        self.ctag = ctag
        self.syncToken = syncToken
        self.supportsSyncCollection = supportsSyncCollection
    }
}

/// What discovery found from the address a person gave.
public struct CardDAVAccount: Equatable, Sendable {
    /// The URL discovery ended at (after /.well-known/carddav and its redirects).
    public var contextURL: String
    /// The account's principal (DAV:current-user-principal), nil when the server names none.
    public var principalURL: String?
    /// The address book home (CARDDAV:addressbook-home-set): where address books are listed and made.
    public var homeURL: String
    /// The address books in the home.
    public var addressBooks: [AddressBook]
}

/// A card read from the server: where it is, its etag, and its vCard text as the server sent it.
public struct CardResource: Equatable, Sendable {
    public var href: String
    public var etag: String?
    public var vCard: String
    /// The card's size when it was larger than `CardDAVLimits.maximumCardBytes`: it was not read
    /// (`vCard` is empty) and is to be left on the server as it is.
    public var tooLargeBytes: Int?
}

/// One member of a sync-collection answer, as it is read.
public struct SyncMember: Equatable, Sendable {
    /// Its href, as the server wrote it.
    public var href: String
    /// Its etag when new or changed (nil when the server gave none).
    public var etag: String?
    /// Whether it was deleted (a 404 or 410).
    public var isDeleted: Bool
}

/// What changed in an address book since a sync-token (RFC 6578 sync-collection).
public struct SyncChanges: Equatable, Sendable {
    /// The token to give next time.
    public var syncToken: String?
    /// Cards new or changed since the token given, with their etags.
    public var changed: [(href: String, etag: String?)]
    /// Cards deleted since the token given.
    public var deleted: [String]
    /// Whether the server gave only part of the changes (RFC 6578 §3.6: a 507 for the address
    /// book itself): ask again with `syncToken` for the rest.
    public var truncated = false

    public static func == (a: SyncChanges, b: SyncChanges) -> Bool {
        a.syncToken == b.syncToken && a.deleted == b.deleted && a.truncated == b.truncated
            && a.changed.map(\.href) == b.changed.map(\.href) && a.changed.map(\.etag) == b.changed.map(\.etag)
    }
}
