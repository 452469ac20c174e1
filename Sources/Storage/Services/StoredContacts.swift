import AppServices

/// A contacts store (SQLite's, or any other meeting Storage's `ContactsStore`
/// and `FriendsStore`) as App's contacts and friends services.
public final class StoredContacts: ContactsService, FriendsService {
    /// The store behind the services.
    public let store: any ContactsStore & FriendsStore

    public init(_ store: any ContactsStore & FriendsStore) { self.store = store }

    public func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int {
        try serving { () throws(StorageError) in try store.count(matching: query, upTo: cap) }
    }

    public func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        try serving { () throws(StorageError) in try store.contacts(matching: query, offset: offset, limit: limit) }
    }

    public func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try serving { () throws(StorageError) in try store.page(matching: query, offset: offset, limit: limit, countingUpTo: cap) }
    }

    public func contact(id: Int64) throws(ServiceError) -> ContactRecord? {
        try serving { () throws(StorageError) in try store.contact(id: id) }
    }

    public func add(_ contact: ContactRecord) throws(ServiceError) -> Int64 {
        try serving { () throws(StorageError) in try store.add(contact) }
    }

    public func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        try serving { () throws(StorageError) in try store.update(contact) }
    }

    public func delete(id: Int64) throws(ServiceError) -> Bool {
        try serving { () throws(StorageError) in try store.delete(id: id) }
    }

    public func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool {
        try serving { () throws(StorageError) in try store.setFriend(id: id, isFriend) }
    }

    public func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? {
        try serving { () throws(StorageError) in try store.listIndex(ofContact: id) }
    }

    public func friendsCount() throws(ServiceError) -> Int {
        try serving { () throws(StorageError) in try store.friendsCount() }
    }

    public func friends(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        try serving { () throws(StorageError) in try store.friends(after: cursor, limit: limit) }
    }

    public func friends(before cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        try serving { () throws(StorageError) in try store.friends(before: cursor, limit: limit) }
    }
}
