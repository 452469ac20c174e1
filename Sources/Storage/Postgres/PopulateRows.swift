import AppServices

/// Populate's rows for one generated contact after another in list order: its `contact_search`
/// row with its name word starts, and its `contacts` row, as COPY text fields. A name's folded form and
/// word starts are made once per generated name (a million contacts share a few thousand names).
struct PopulateRows {
    let source: ContactGenerator
    let friendPercent: Int
    /// The generator's index of each list position, and each position's sort key and id.
    let order: [Int32]
    let keys: [String]
    let ids: [String]
    let account: String
    /// The creation time of every row, as text.
    let time: String
    var cache: SearchText.FoldCache
    private var folded: [Int: (name: String, starts: [String])] = [:] // by the generator's name number
    private var document: [UInt8] = []

    init(source: ContactGenerator, friendPercent: Int, order: [Int32], keys: [String], ids: [String],
         account: String, time: String, cache: SearchText.FoldCache) {
        (self.source, self.friendPercent, self.order, self.keys, self.ids) = (source, friendPercent, order, keys, ids)
        (self.account, self.time, self.cache) = (account, time, cache)
    }

    var count: Int { order.count }

    static let contactColumns = ["id", "account_id", "first_name", "last_name", "company", "notes", "is_friend", "sort_key",
                                 "phones", "emails", "created_at", "updated_at", "sort_key_first", "sort_key_company", "display_name"]
    static let searchColumns = ["id", "account_id", "sort_key", "first_name", "last_name", "is_friend", "search_text", "display_name"]

    /// The `contact_search` row of the contact at list position `i`, its name word starts, and whether it is a friend.
    mutating func searchRow(_ i: Int) -> (fields: [String?], starts: [String], isFriend: Bool) {
        let index = Int(order[i])
        let contact = source.contact(at: index, friendPercent: friendPercent)
        let nameID = source.nameID(at: index)
        let name: String, starts: [String]
        if let known = folded[nameID] { (name, starts) = known } else {
            name = SearchText.namePart(firstName: contact.firstName, lastName: contact.lastName, marksWordStarts: false, cache: &cache)
            starts = PostgresContactsStore.wordStarts(firstName: contact.firstName, lastName: contact.lastName, cache: &cache)
            folded[nameID] = (name, starts)
        }
        document.removeAll(keepingCapacity: true)
        SearchText.appendDocument(foldedName: name, emails: contact.emails, phoneNumbers: contact.phones.map(\.number),
                                  others: SearchText.searchedOthers(of: contact), marksPhoneStarts: false, to: &document, cache: &cache)
        return (fields: [ids[i], account, keys[i], contact.firstName, contact.lastName, contact.isFriend ? "t" : "f",
                         String(decoding: document, as: UTF8.self), contact.displayName],
                starts: starts + PostgresContactsStore.phoneStarts(contact.phones.map(\.number), besides: starts), isFriend: contact.isFriend)
    }

    /// The `contacts` row of the contact at list position `i`.
    func contactRow(_ i: Int) -> [String?] {
        var cache = SearchText.FoldCache()
        let contact = source.contact(at: Int(order[i]), friendPercent: friendPercent)
        return [ids[i], account, contact.firstName, contact.lastName, contact.company, contact.notes, contact.isFriend ? "t" : "f", keys[i],
                PostgresContactLists.encode(phones: contact.phones), PostgresContactLists.encode(emails: contact.emails), time, time,
                SearchText.firstNameKey(firstName: contact.firstName, lastName: contact.lastName, displayName: "", cache: &cache),
                SearchText.companyKey(company: contact.company, nameKey: keys[i], cache: &cache), contact.displayName]
    }
}
