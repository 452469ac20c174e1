import AppServices
#if canImport(Glibc)
import Glibc
#endif

/// A search's best matches (issue 50): the contacts it finds that the person writes to most, as
/// `switchboard harvest` counted them, shown first under "@" above the search's list in name order.
extension ContactListWorker {
    /// How many best matches a search shows at most.
    nonisolated static let bestMatchLimit = 3
    /// How many of the people written to most are looked for among a search's matches.
    nonisolated static let bestMatchCandidates = 40

    /// The contacts of the people written to most (most first; each address's contacts in list
    /// order), read once for the searches that follow: at most `bestMatchCandidates` addresses,
    /// each found by the app's own search (its index) and held to the address exactly.
    nonisolated static func bestMatchCandidates(in store: ContactsService, now: Int64) throws(ServiceError) -> [ContactSummary] {
        guard let history = store.mailHistory else { return [] }
        let people = try history.writtenTo().enumerated()
            .map { (place: $0.offset, person: $0.element, score: $0.element.writtenScore(now: now)) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.place < $1.place }
        var found: [ContactSummary] = [], ids = Set<Int64>()
        for (_, person, score) in people.prefix(bestMatchCandidates) where score > 0 {
            let key = MailCorrespondent.key(person.address)
            for row in try store.page(matching: person.address, offset: 0, limit: 8, countingUpTo: 8).rows where !ids.contains(row.id) {
                guard let record = try store.contact(id: row.id), record.emails.contains(where: { MailCorrespondent.key($0) == key }) else { continue }
                ids.insert(row.id)
                found.append(row)
            }
        }
        return found
    }

    /// Of `candidates`, the first `bestMatchLimit` that the search `search` finds.
    nonisolated static func bestMatches(of search: String, among candidates: [ContactSummary], in store: ContactsService) throws(ServiceError) -> [ContactSummary] {
        let query = ContactQuery(search)
        var best: [ContactSummary] = []
        for candidate in candidates where best.count < bestMatchLimit {
            guard let record = try store.contact(id: candidate.id), query.matches(record) else { continue }
            best.append(candidate)
        }
        return best
    }

    /// Now, in seconds since 1970 (the written-to counts fade with time).
    nonisolated static func secondsNow() -> Int64 { Int64(time(nil)) }
}
