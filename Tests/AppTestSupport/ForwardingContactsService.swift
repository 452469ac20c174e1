import AppServices

/// A contacts service that passes every call on to another, after `willForward` had its say: a
/// test's decorator (a recorder, a spy, a simulated outage) writes only what it adds, and a new
/// query added to `ContactsService` is forwarded here, once, for all of them. A test double, so
/// it lives with the tests (AppTestSupport, a target only test targets depend on): no production
/// code forwards (a new store query is the protocol and each store's body, nothing more).
///
/// ```swift
/// final class CountingContacts: ForwardingContactsService {
///     let forwardee: any ContactsService & FriendsService
///     var calls = 0
///     init(_ inner: any ContactsService & FriendsService) { forwardee = inner }
///     func willForward(_ call: StaticString) throws(ServiceError) { calls += 1 }
/// }
/// ```
public protocol ForwardingContactsService: ContactsService, FriendsService {
    /// Where the calls go.
    var forwardee: any ContactsService & FriendsService { get }
    /// Called before each call is passed on, with its name; throwing refuses the call.
    func willForward(_ call: StaticString) throws(ServiceError)
}

public extension ForwardingContactsService {
    func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int {
        try willForward(#function); return try forwardee.count(matching: query, upTo: cap)
    }
    func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        try willForward(#function); return try forwardee.contacts(matching: query, offset: offset, limit: limit)
    }
    func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try willForward(#function); return try forwardee.page(matching: query, offset: offset, limit: limit, countingUpTo: cap)
    }
    func contacts(withEmail address: String) throws(ServiceError) -> [ContactSummary] {
        try willForward(#function); return try forwardee.contacts(withEmail: address)
    }
    func contact(id: Int64) throws(ServiceError) -> ContactRecord? {
        try willForward(#function); return try forwardee.contact(id: id)
    }
    func add(_ contact: ContactRecord) throws(ServiceError) -> Int64 {
        try willForward(#function); return try forwardee.add(contact)
    }
    func add(_ contacts: [ContactRecord]) throws(ServiceError) -> [Int64] {
        try willForward(#function); return try forwardee.add(contacts)
    }
    /// The counts of the store forwarded to, read without a call of their own to forward.
    var mailHistory: (any MailHistoryService)? { forwardee.mailHistory }
    func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        try willForward(#function); return try forwardee.update(contact)
    }
    func delete(id: Int64) throws(ServiceError) -> Bool {
        try willForward(#function); return try forwardee.delete(id: id)
    }
    func rowDetails(of ids: [Int64]) throws(ServiceError) -> [Int64: ContactRowDetails] {
        try willForward(#function); return try forwardee.rowDetails(of: ids)
    }
    func birthdays() throws(ServiceError) -> [ContactBirthday] {
        try willForward(#function); return try forwardee.birthdays()
    }
    func restoreLastDeleted() throws(ServiceError) -> ContactRecord? {
        try willForward(#function); return try forwardee.restoreLastDeleted()
    }
    func delete(ids: [Int64]) throws(ServiceError) -> Int {
        try willForward(#function); return try forwardee.delete(ids: ids)
    }
    func restoreLastDeletes() throws(ServiceError) -> [ContactRecord] {
        try willForward(#function); return try forwardee.restoreLastDeletes()
    }
    func deletedContacts() throws(ServiceError) -> [DeletedContact] {
        try willForward(#function); return try forwardee.deletedContacts()
    }
    func restoreDeleted(trashID: Int64) throws(ServiceError) -> ContactRecord? {
        try willForward(#function); return try forwardee.restoreDeleted(trashID: trashID)
    }
    func emptyTrash() throws(ServiceError) -> Int {
        try willForward(#function); return try forwardee.emptyTrash()
    }
    func merge(_ kept: ContactRecord, removing mergedAway: Int64) throws(ServiceError) -> Bool {
        try willForward(#function); return try forwardee.merge(kept, removing: mergedAway)
    }
    func matchKeys(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys] {
        try willForward(#function); return try forwardee.matchKeys(after: cursor, limit: limit)
    }
    func groups() throws(ServiceError) -> [ContactGroup] {
        try willForward(#function); return try forwardee.groups()
    }
    func page(inGroup group: String, matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try willForward(#function); return try forwardee.page(inGroup: group, matching: query, offset: offset, limit: limit, countingUpTo: cap)
    }
    // The last-name order through the decorator's own reads (a decorator that writes `page(matching:…)` sees every page).
    func page(matching query: String, in order: ContactListOrder, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if order == .lastName { return try page(matching: query, offset: offset, limit: limit, countingUpTo: cap) }
        try willForward(#function); return try forwardee.page(matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap)
    }
    func page(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
              countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        if order == .lastName { return try page(inGroup: group, matching: query, offset: offset, limit: limit, countingUpTo: cap) }
        try willForward(#function)
        return try forwardee.page(inGroup: group, matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap)
    }
    func listIndex(ofContact id: Int64, in order: ContactListOrder) throws(ServiceError) -> Int? {
        if order == .lastName { return try listIndex(ofContact: id) }
        try willForward(#function); return try forwardee.listIndex(ofContact: id, in: order)
    }
    func addressBooks(counted: Bool) throws(ServiceError) -> ContactAddressBooks {
        try willForward(#function); return try forwardee.addressBooks(counted: counted)
    }
    func page(in filter: AddressBookFilter, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
              countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        try willForward(#function)
        return try forwardee.page(in: filter, matching: query, in: order, offset: offset, limit: limit, countingUpTo: cap)
    }
    func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool {
        try willForward(#function); return try forwardee.setFriend(id: id, isFriend)
    }
    func listIndex(ofContact id: Int64) throws(ServiceError) -> Int? {
        try willForward(#function); return try forwardee.listIndex(ofContact: id)
    }
    func friendsCount() throws(ServiceError) -> Int {
        try willForward(#function); return try forwardee.friendsCount()
    }
    func friends(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        try willForward(#function); return try forwardee.friends(after: cursor, limit: limit)
    }
    func friends(before cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary] {
        try willForward(#function); return try forwardee.friends(before: cursor, limit: limit)
    }
}
