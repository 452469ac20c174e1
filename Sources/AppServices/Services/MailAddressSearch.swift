/// A store that reads the e-mail addresses of a search's matches in one pass (a mail client's
/// query of anything the kept answers do not hold, `MailQueryIndex`): each distinct row once,
/// without reading every matching contact's addresses into values first. At a million contacts
/// "kierkegaard" finds 11,923 contacts and 108 distinct lines (issue 50).
public protocol MailAddressSearch {
    /// Hands `body` the rows (address, the name the contact is shown by, company) of the contacts
    /// `forEachContactID(matching:)` finds, in the same order — the contacts in list order, each
    /// one's preferred address first, then the others in their order — in batches (the first
    /// small), while it returns true; a row read before (the same address, names and company) is
    /// not handed over again. False when the store does not answer this search this way (nothing
    /// is handed over; the caller reads the contacts' addresses).
    func forEachEmailAddress(matching query: String,
                             _ body: ([(email: String, name: String, company: String)]) throws(ServiceError) -> Bool) throws(ServiceError) -> Bool
}
