import Foundation

/// A contact's phones and emails as the PostgreSQL row keeps them: JSON arrays, as in the
/// SQLite file — `phones` `[[label, number], …]`, `emails` `[address, …]` — sent and read
/// as one parameter each.
enum PostgresContactLists {
    static func encode(phones: [ContactRecord.Phone]) -> String {
        json(phones.map { [$0.label, $0.number] })
    }

    static func encode(emails: [String]) -> String { json(emails) }

    private static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The lists from their JSON text; what is not a list of texts is left out.
    static func decode(phones: String, emails: String) -> (phones: [ContactRecord.Phone], emails: [String]) {
        let p = (try? JSONSerialization.jsonObject(with: Data(phones.utf8))) as? [[Any]] ?? []
        let e = (try? JSONSerialization.jsonObject(with: Data(emails.utf8))) as? [Any] ?? []
        return (p.map { .init(label: $0.first as? String ?? "", number: $0.count > 1 ? $0[1] as? String ?? "" : "") },
                e.compactMap { $0 as? String })
    }
}
