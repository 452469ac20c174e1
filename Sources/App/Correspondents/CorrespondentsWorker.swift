import AppServices

/// Reads the harvest's people written to who are not contacts, and adds some as contacts (one
/// transaction), as jobs of the screens' work (off the main loop on a server).
@MainActor
class CorrespondentsWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }

    func fetchStrangers(then deliver: @escaping @MainActor (Result<[MailCorrespondent], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in
            guard let history = store.mailHistory else { return [] }
            let written = try history.writtenTo()
            let known = try history.knownAddresses(among: written.map(\.address))
            return written.filter { !known.contains(MailCorrespondent.key($0.address)) }
        }, then: deliver)
    }

    func add(_ people: [MailCorrespondent], then deliver: @escaping @MainActor (Result<Int, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in
            try store.add(people.map(Self.record)).count
        }, then: deliver)
    }

    /// A new contact for an address: the name as it came ("Last, First" or "First Last"), the address.
    nonisolated static func record(_ person: MailCorrespondent) -> ContactRecord {
        let name = SearchText.trimmed(person.name)
        var first = "", last = ""
        if let comma = name.firstIndex(of: ",") {
            last = SearchText.trimmed(String(name[..<comma]))
            first = SearchText.trimmed(String(name[name.index(after: comma)...]))
        } else if let space = name.lastIndex(of: " ") {
            first = SearchText.trimmed(String(name[..<space]))
            last = SearchText.trimmed(String(name[name.index(after: space)...]))
        } else {
            first = name.lowercased() == person.address.lowercased() ? "" : name
        }
        return ContactRecord(firstName: first, lastName: last, emails: [person.address])
    }
}
