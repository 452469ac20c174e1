import AppServices

/// What a merge did: the kept contact as it is now (nil when either was gone and nothing changed).
struct ContactMergeOutcome: Sendable, Equatable {
    var kept: ContactRecord?
    var mergedAwayName: String
}

extension ServiceWork where Service == ContactsService {
    /// Merges the contact `mergedAway` into the contact `keptID`, as one job: both are read, the
    /// kept one gets every value of the other (`ContactRecord.merged(with:)`), and the store writes
    /// it and moves the other to the deleted ones (u brings it back) in one transaction.
    func merge(keeping keptID: Int64, removing mergedAway: Int64,
               then deliver: @escaping @MainActor (Result<ContactMergeOutcome, ServiceError>) -> Void) {
        run({ store throws(ServiceError) -> ContactMergeOutcome in
            guard let kept = try store.contact(id: keptID), let other = try store.contact(id: mergedAway) else {
                return ContactMergeOutcome(kept: nil, mergedAwayName: "")
            }
            let merged = kept.merged(with: other)
            let name = PersonName.full(first: other.firstName, last: other.lastName)
            guard try store.merge(merged, removing: mergedAway) else { return ContactMergeOutcome(kept: nil, mergedAwayName: name) }
            return ContactMergeOutcome(kept: try store.contact(id: keptID) ?? merged, mergedAwayName: name)
        }, then: deliver)
    }

    /// Contacts that may be the same person as `contact`: the same e-mail (case aside), the same
    /// phone (its digits) or the same name — found with the list's search (its indexes), each
    /// candidate checked; at most `limit`, with why.
    func likelyDuplicates(of contact: ContactRecord, limit: Int = 3,
                          then deliver: @escaping @MainActor (Result<[LikelyDuplicate], ServiceError>) -> Void) {
        run({ store throws(ServiceError) in try LikelyDuplicate.find(of: contact, in: store, limit: limit) }, then: deliver)
    }
}

/// A contact that may be the same person as another, and why.
struct LikelyDuplicate: Sendable, Equatable {
    var contact: ContactSummary
    var reason: DuplicatesFinder.Reason

    /// How many of a search's results are looked at (a common name has many).
    static let candidates = 20

    static func find(of contact: ContactRecord, in store: ContactsService, limit: Int) throws(ServiceError) -> [LikelyDuplicate] {
        guard let id = contact.id else { return [] }
        var found: [LikelyDuplicate] = []
        var seen: Set<Int64> = [id]
        func consider(_ search: String, _ reason: DuplicatesFinder.Reason, _ same: (ContactRecord) -> Bool) throws(ServiceError) {
            guard found.count < limit, !search.isEmpty else { return }
            for row in try store.contacts(matching: search, offset: 0, limit: candidates) where !seen.contains(row.id) {
                guard found.count < limit, let other = try store.contact(id: row.id), same(other) else { continue }
                seen.insert(row.id)
                found.append(LikelyDuplicate(contact: row, reason: reason))
            }
        }
        for e in contact.emails where e.count >= 3 {
            let address = e.lowercased()
            try consider(e, .email(address)) { $0.emails.contains { $0.lowercased() == address } }
        }
        for p in contact.phones {
            let digits = SearchText.digits(of: p.number)
            guard digits.count >= 3 else { continue }
            try consider(digits, .phone(digits)) { $0.phones.contains { SearchText.digits(of: $0.number) == digits } }
        }
        let key = SearchText.sortKey(firstName: contact.firstName, lastName: contact.lastName)
        if !key.allSatisfy({ $0 == " " }) {
            let name = PersonName.full(first: contact.firstName, last: contact.lastName)
            try consider(name, .name) { SearchText.sortKey(firstName: $0.firstName, lastName: $0.lastName) == key }
        }
        return found
    }
}
