import AppServices

/// The contacts one import has taken so far, to find a card that is one of them again: the
/// same UID, or else the rule the stores' imports match by (the same name, case and accents
/// aside, and the same first e-mail, or with none the same first phone's digits, or neither).
/// Only ids and keys are kept, so memory stays small for a large file.
struct FileDuplicates {
    private var byUID: [String: Int64] = [:]
    private var byName: [String: [Int64]] = [:]

    mutating func note(_ record: ContactRecord, id: Int64) {
        if !record.uid.isEmpty { byUID[record.uid] = id }
        let key = SearchText.sortKey(firstName: record.firstName, lastName: record.lastName)
        if !(byName[key]?.contains(id) ?? false) { byName[key, default: []].append(id) }
    }

    /// The contact taken earlier from this file that `record` is, if any.
    func earlier(of record: ContactRecord, in store: any AddressBookService) throws(ServiceError) -> Int64? {
        if !record.uid.isEmpty, let id = byUID[record.uid] { return id }
        guard let candidates = byName[SearchText.sortKey(firstName: record.firstName, lastName: record.lastName)] else { return nil }
        let email = record.emails.first?.lowercased() ?? ""
        let phone = record.phones.first.map { SearchText.digits(of: $0.number) } ?? ""
        for id in candidates {
            guard let stored = try store.contact(id: id) else { continue }
            if !record.uid.isEmpty && !stored.uid.isEmpty && stored.uid != record.uid { continue }
            let storedEmail = stored.emails.first?.lowercased() ?? ""
            let storedPhone = stored.phones.first.map { SearchText.digits(of: $0.number) } ?? ""
            let same = !email.isEmpty ? storedEmail == email : !phone.isEmpty ? storedPhone == phone : storedEmail.isEmpty && storedPhone.isEmpty
            if same { return id }
        }
        return nil
    }
}
