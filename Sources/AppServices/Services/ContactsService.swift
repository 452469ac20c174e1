/// One account's contacts, as the contacts module's workers need them; tests
/// give the workers a spy, the app a store, the kiosk its demo book.
public protocol ContactsService: AnyObject {
    /// How many contacts match a search ("" matches all), counting no further
    /// than `cap`: a broad search's exact count costs a walk over every match,
    /// and a list needs only to know there are more than it shows.
    func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int
    /// Contacts in list order (last name, then first), `limit` from `offset`, matching a search.
    func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary]
    /// `contacts(matching:offset:limit:)` and `count(matching:upTo:)` in one read, where the
    /// service can answer both from one pass over the matches (a server: one statement, where
    /// two would each find every match again). `cap` is at least `offset + limit`.
    func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage
    /// One contact whole; nil when it is gone.
    func contact(id: Int64) throws(ServiceError) -> ContactRecord?
    /// Stores a new contact (in one transaction with its phones and emails); returns its id.
    func add(_ contact: ContactRecord) throws(ServiceError) -> Int64
    /// Replaces a stored contact and counts its revision up; false when it no longer exists. A
    /// contact carrying the revision it was read at (not 0) is refused with a `.conflict`
    /// (`ServiceError.Code.changedSinceRead`) when the stored one has moved on.
    func update(_ contact: ContactRecord) throws(ServiceError) -> Bool
    /// Deletes a contact; false when it was already gone.
    func delete(id: Int64) throws(ServiceError) -> Bool
    /// Marks or unmarks a contact as a friend; false when it no longer exists.
    func setFriend(id: Int64, _ isFriend: Bool) throws(ServiceError) -> Bool
    /// Where a contact stands in the whole list (no search): how many come before it; nil when it is not there.
    func listIndex(ofContact id: Int64) throws(ServiceError) -> Int?
    /// The contacts that have `address` among their e-mails (ASCII letters' case aside), in list
    /// order: the same person entered twice, or the contact a mail came from.
    func contacts(withEmail address: String) throws(ServiceError) -> [ContactSummary]
    /// Brings back the contact deleted last (everything it had, its card whole), under a new id;
    /// nil when none is kept. The last `deletesKept` deletes of an account are kept, across restarts.
    func restoreLastDeleted() throws(ServiceError) -> ContactRecord?
    /// The e-mail, phone and company the list shows beside each of these contacts' names (a
    /// window of the list: one read by id); a contact that is gone is left out.
    func rowDetails(of ids: [Int64]) throws(ServiceError) -> [Int64: ContactRowDetails]
    /// Two contacts made one: `kept` (the merged record, `ContactRecord.merged(with:)`, carrying the
    /// id and the revision it was read at) is written and the contact `mergedAway` deleted — kept
    /// for Undo like any delete, so `restoreLastDeleted` brings it back — in one transaction: both
    /// happen or neither. False (nothing changed) when either is gone; a `kept` changed since it
    /// was read is refused as `update` refuses it.
    func merge(_ kept: ContactRecord, removing mergedAway: Int64) throws(ServiceError) -> Bool
    /// A slice of the whole list (no search) in list order, after `cursor` (nil: from the top), at
    /// most `limit`, with what duplicates are found by: each contact's e-mails and phones. The
    /// duplicates screen reads the book in such slices, a job each, so no key waits on all of it.
    func matchKeys(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys]
    /// Every contact with a birthday: id, first and last name, the birthday as stored (`query
    /// --birthdays` and the Birthdays screen put them in the order they come round).
    func birthdays() throws(ServiceError) -> [ContactBirthday]
    /// The groups the contacts are in (their vCard CATEGORIES, Google's labels), each once, by
    /// name, with how many contacts are in each.
    func groups() throws(ServiceError) -> [ContactGroup]
    /// `page(matching:offset:limit:countingUpTo:)` among the contacts in `group` (its name as written).
    func page(inGroup group: String, matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage
    /// `page(matching:offset:limit:countingUpTo:)` in `order`: each row's `sortKey` is its key in
    /// that order (its first letter the row's section). The stores read one range of the order's
    /// index for the whole list; a search's matches are put in that order.
    func page(matching query: String, in order: ContactListOrder, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage
    /// `page(inGroup:matching:offset:limit:countingUpTo:)` in `order`.
    func page(inGroup group: String, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
              countingUpTo cap: Int) throws(ServiceError) -> ContactsPage
    /// `listIndex(ofContact:)` in `order`.
    func listIndex(ofContact id: Int64, in order: ContactListOrder) throws(ServiceError) -> Int?
    /// The CardDAV address books the contacts sync with (none where the data cannot sync), with how
    /// many contacts are on each and on none; `counted: false` leaves every count 0 (a look at
    /// which books there are, for each window of the list).
    func addressBooks(counted: Bool) throws(ServiceError) -> ContactAddressBooks
    /// `page(matching:in:offset:limit:countingUpTo:)` among the contacts `filter` keeps: those on
    /// one address book, or on none.
    func page(in filter: AddressBookFilter, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
              countingUpTo cap: Int) throws(ServiceError) -> ContactsPage
    /// Deletes these contacts in one transaction (all or none), kept for Undo as one delete:
    /// `restoreLastDeletes` brings them all back at once. How many were deleted (a contact
    /// already gone is passed over).
    func delete(ids: [Int64]) throws(ServiceError) -> Int
    /// Brings back the last delete whole: one contact, or every contact of a delete of the
    /// marked (`delete(ids:)`), each under its old id where that is free; [] when none is kept.
    func restoreLastDeletes() throws(ServiceError) -> [ContactRecord]
    /// The deletes kept for Undo (the Trash), the newest first.
    func deletedContacts() throws(ServiceError) -> [DeletedContact]
    /// Brings back one contact from the Trash (`DeletedContact.trashID`), under its old id where
    /// that is free; nil when it is no longer there.
    func restoreDeleted(trashID: Int64) throws(ServiceError) -> ContactRecord?
    /// Forgets every delete kept for Undo (they cannot come back); how many there were.
    func emptyTrash() throws(ServiceError) -> Int
    /// Stores these new contacts in one transaction (all or none); their ids, in order.
    func add(_ contacts: [ContactRecord]) throws(ServiceError) -> [Int64]
    /// The counts of the mail the person writes and gets that this store keeps (`switchboard
    /// harvest`, issue 50); nil where it keeps none (the kiosk's demo book). Each store says which,
    /// so a screen asks for it by name, never by a cast.
    var mailHistory: (any MailHistoryService)? { get }
}

public extension ContactsService {
    /// `rows` (read in the last-name order) in `order`, the page from `offset`, each row's
    /// `sortKey` its key in that order.
    static func reordered(_ rows: [ContactSummary], in order: ContactListOrder, offset: Int, limit: Int, cap: Int,
                          record: (Int64) throws(ServiceError) -> ContactRecord?) throws(ServiceError) -> ContactsPage {
        var cache = SearchText.FoldCache()
        var keyed: [ContactSummary] = []
        for row in rows {
            let key = try record(row.id)?.sortKey(for: order, cache: &cache) ?? row.sortKey
            var copy = ContactSummary(id: row.id, firstName: row.firstName, lastName: row.lastName, isFriend: row.isFriend, sortKey: key,
                                      inTeamBook: row.inTeamBook, displayName: row.displayName)
            copy.details = row.details
            keyed.append(copy)
        }
        keyed.sort { $0.sortKey == $1.sortKey ? $0.id < $1.id : $0.sortKey.utf8.lexicographicallyPrecedes($1.sortKey.utf8) }
        let start = min(max(0, offset), keyed.count), end = limit >= keyed.count - start ? keyed.count : start + max(0, limit)
        return ContactsPage(count: min(cap, keyed.count), rows: Array(keyed[start..<end]))
    }

    /// The exact number of contacts matching a search.
    func count(matching query: String) throws(ServiceError) -> Int { try count(matching: query, upTo: .max) }
}
