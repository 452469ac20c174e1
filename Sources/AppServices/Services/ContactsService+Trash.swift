public extension ContactsService {
    /// One delete after another (a store that keeps no Trash: each is its own).
    func delete(ids: [Int64]) throws(ServiceError) -> Int {
        var deleted = 0
        for id in ids where try delete(id: id) { deleted += 1 }
        return deleted
    }

    /// The one contact `restoreLastDeleted` brings back.
    func restoreLastDeletes() throws(ServiceError) -> [ContactRecord] {
        try restoreLastDeleted().map { [$0] } ?? []
    }

    /// No Trash kept.
    func deletedContacts() throws(ServiceError) -> [DeletedContact] { [] }

    /// No Trash kept: nothing to bring back.
    func restoreDeleted(trashID: Int64) throws(ServiceError) -> ContactRecord? { nil }

    /// No Trash kept.
    func emptyTrash() throws(ServiceError) -> Int { 0 }
}
