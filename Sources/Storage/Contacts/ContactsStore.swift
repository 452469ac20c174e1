import AppServices

/// Where contacts live; the contacts module's workers talk to this, so tests
/// can give them a spy and the app gives them SQLite.
public protocol ContactsStore: AnyObject {
    /// How many contacts match a search ("" matches all), counting no further
    /// than `cap`: a broad search's exact count costs a walk over every match,
    /// and a list needs only to know there are more than it shows.
    func count(matching query: String, upTo cap: Int) throws(StorageError) -> Int
    /// Contacts in list order (last name, then first), `limit` from `offset`, matching a search.
    func contacts(matching query: String, offset: Int, limit: Int) throws(StorageError) -> [ContactSummary]
    /// `contacts(matching:offset:limit:)` and `count(matching:upTo:)` in one read, where the
    /// store can answer both from one pass over the matches. `cap` is at least `offset + limit`.
    func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(StorageError) -> ContactsPage
    func contact(id: Int64) throws(StorageError) -> ContactRecord?
    /// Stores a new contact (in one transaction with its phones and emails); returns its id.
    func add(_ contact: ContactRecord) throws(StorageError) -> Int64
    /// Replaces a stored contact; false when it no longer exists.
    func update(_ contact: ContactRecord) throws(StorageError) -> Bool
    /// Deletes a contact; false when it was already gone.
    func delete(id: Int64) throws(StorageError) -> Bool
    /// Marks or unmarks a contact as a friend; false when it no longer exists.
    func setFriend(id: Int64, _ isFriend: Bool) throws(StorageError) -> Bool
    /// Where a contact stands in the whole list (no search): how many come before it; nil when it is not there.
    func listIndex(ofContact id: Int64) throws(StorageError) -> Int?
}

public extension ContactsStore {
    /// The exact number of contacts matching a search.
    func count(matching query: String) throws(StorageError) -> Int { try count(matching: query, upTo: .max) }

    /// The count, then the page: two reads (SQLite's are each one index lookup away).
    func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(StorageError) -> ContactsPage {
        ContactsPage(count: try count(matching: query, upTo: cap), rows: try contacts(matching: query, offset: offset, limit: limit))
    }
}
