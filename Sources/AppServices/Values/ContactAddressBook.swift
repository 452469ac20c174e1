/// A CardDAV address book some of an account's contacts sync with, as the contacts list offers
/// it to filter by (`A`), and how many contacts here are on it.
public struct ContactAddressBook: Equatable, Sendable {
    /// The book's id in the data file (what `AddressBookFilter.book` takes).
    public var id: Int64
    /// Its name as a person knows it (the server's display name).
    public var name: String
    /// Contacts here that are on it.
    public var count: Int

    public init(id: Int64, name: String, count: Int) {
        self.id = id
        self.name = name
        self.count = count
    }
}

/// The address books an account's contacts sync with, and how many contacts sync with none.
public struct ContactAddressBooks: Equatable, Sendable {
    /// Oldest first (as they were set up); empty: nothing syncs (or the data cannot sync).
    public var books: [ContactAddressBook]
    /// Contacts on no address book (made here and not sent yet, or sync set up for other books).
    public var notSynced: Int

    public init(books: [ContactAddressBook] = [], notSynced: Int = 0) {
        self.books = books
        self.notSynced = notSynced
    }
}

/// Which contacts the list shows by address book: those on one book, or those on none.
public enum AddressBookFilter: Hashable, Sendable {
    /// The contacts on this address book (`ContactAddressBook.id`).
    case book(Int64)
    /// The contacts on no address book.
    case notSynced
}
