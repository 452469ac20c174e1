import AppServices

extension SyncStore {
    /// The conflicts kept in the address books `names` holds (by id), as the app shows them; those
    /// of other books (another account's) are left out.
    func conflictItems(in names: [Int64: String]) throws(ServiceError) -> [SyncConflictItem] {
        try conflicts().compactMap { conflict -> SyncConflictItem? in
            guard let name = names[conflict.bookID] else { return nil }
            let kind: SyncConflictItem.Kind = switch conflict.kind {
            case .fields: .fields
            case .deletedOnServer: .deletedOnServer
            case .deletedHere: .deletedHere
            }
            return SyncConflictItem(id: conflict.id, contactID: conflict.contactID, kind: kind, fields: conflict.fields,
                                    local: conflict.local, bookName: name)
        }
    }
}

extension SyncLeftCard {
    /// A `sync_problems` row as the app shows it: the card's name, the last part of its href.
    init(href: String, kind: String, reason: String) {
        self.init(name: String(href.split(separator: "/").last ?? Substring(href)),
                  refused: kind == SyncProblem.Kind.refused.rawValue, reason: reason)
    }
}
