/// The counts the mail harvest keeps (`switchboard harvest`): per address, how often and how
/// lately the person wrote to it and got mail from it; the user's own addresses; what was read
/// of each folder. Every store keeps them in its own tables (SQLite step 22, PostgreSQL step 22:
/// on a team directory each member's own, under the member's account).
public protocol MailHistoryService {
    /// The user's own addresses, in lower case.
    func myAddresses() throws(ServiceError) -> [String]
    /// How far the mbox at `path` was read, if it was.
    func mailboxMark(path: String) throws(ServiceError) -> MailboxMark?
    /// Which of `names` (maildir unique names) were read from `folder`.
    func readMessageFiles(in folder: String, among names: [String]) throws(ServiceError) -> Set<String>
    /// Adds `batch` in one transaction; returns how many of its messages were new (counted).
    func addHarvest(_ batch: MailHarvestBatch) throws(ServiceError) -> Int
    /// The counts of these addresses (any case), by `MailCorrespondent.key`.
    func mailCounts(of addresses: [String]) throws(ServiceError) -> [String: MailCorrespondent]
    /// Every address the user wrote to, most written to first (`sent`, then the last time).
    func writtenTo() throws(ServiceError) -> [MailCorrespondent]
    /// Which of `addresses` (in lower case) a contact of the book has.
    func knownAddresses(among addresses: [String]) throws(ServiceError) -> Set<String>
    /// Forgets every count and mark (a harvest from scratch).
    func forgetHarvest() throws(ServiceError)
}
