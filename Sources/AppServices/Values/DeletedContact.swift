/// A contact in the Trash: a delete kept for Undo (the account's last 100), whole.
public struct DeletedContact: Equatable, Sendable {
    /// Its place in the Trash (`ContactsService.restoreDeleted(trashID:)`).
    public let trashID: Int64
    /// When it was deleted, in seconds since 1970.
    public let deletedAt: Int64
    /// Everything it had; `id` is the id it had (it comes back under it where that is free).
    public let record: ContactRecord

    public init(trashID: Int64, deletedAt: Int64, record: ContactRecord) {
        self.trashID = trashID
        self.deletedAt = deletedAt
        self.record = record
    }
}
