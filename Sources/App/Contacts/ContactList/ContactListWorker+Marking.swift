import AppServices

/// The list worker's jobs on the contacts marked (each one job; its answer comes on the main loop).
extension ContactListWorker {
    /// The ids of every contact the list shows (its search, group or book), in its order: `+` marks them.
    func allIDs(search: String, group: String?, addressBook: AddressBookFilter?, order: ContactListOrder,
                then deliver: @escaping @MainActor (Result<[Int64], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) -> [Int64] in
            let page = if let group {
                try store.page(inGroup: group, matching: search, in: order, offset: 0, limit: Int(Int32.max), countingUpTo: Int(Int32.max))
            } else if let addressBook {
                try store.page(in: addressBook, matching: search, in: order, offset: 0, limit: Int(Int32.max), countingUpTo: Int(Int32.max))
            } else {
                try store.page(matching: search, in: order, offset: 0, limit: Int(Int32.max), countingUpTo: Int(Int32.max))
            }
            return page.rows.map(\.id)
        }, then: deliver)
    }

    /// Deletes the contacts in one transaction, kept for Undo as one delete.
    func delete(ids: [Int64], then deliver: @escaping @MainActor (Result<Int, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.delete(ids: ids) }, then: deliver)
    }

    /// The last delete brought back whole (one contact, or all the marked deleted together).
    func restoreLastDeletes(then deliver: @escaping @MainActor (Result<[ContactRecord], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.restoreLastDeletes() }, then: deliver)
    }

    /// The contacts whole, those still there, in the order of `ids`.
    func records(_ ids: [Int64], then deliver: @escaping @MainActor (Result<[ContactRecord], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) -> [ContactRecord] in
            var records: [ContactRecord] = []
            for id in ids { if let record = try store.contact(id: id) { records.append(record) } }
            return records
        }, then: deliver)
    }

    /// Puts each contact into `group` (or takes it out); how many changed.
    func setGroup(_ group: String, adding: Bool, of ids: [Int64], then deliver: @escaping @MainActor (Result<Int, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) -> Int in
            var changed = 0
            for id in ids {
                guard var record = try store.contact(id: id) else { continue }
                let isIn = record.isInGroup(group)
                guard isIn != adding else { continue }
                record.categories = adding ? record.categories + [group]
                    : record.categories.filter { SearchText.fold($0) != SearchText.fold(group) }
                if try store.update(record) { changed += 1 }
            }
            return changed
        }, then: deliver)
    }

    /// The second contact merged into the first (`ContactRecord.merged(with:)`): both or neither.
    func merge(_ ids: [Int64], then deliver: @escaping @MainActor (Result<ContactRecord?, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) -> ContactRecord? in
            guard ids.count == 2, let kept = try store.contact(id: ids[0]), let other = try store.contact(id: ids[1]) else { return nil }
            let merged = kept.merged(with: other)
            return try store.merge(merged, removing: ids[1]) ? merged : nil
        }, then: deliver)
    }
}

extension ContactRecord {
    /// The address a mail goes to: the preferred e-mail, else the first (nil: none).
    var mailTo: String? {
        if let i = preferredEmail, emails.indices.contains(i) { return emails[i] }
        return emails.first
    }
}
