import AppServices

/// A contact's phones and emails as the PostgreSQL row keeps them: JSON arrays, as in the
/// SQLite file — `phones` `[[label, number], …]`, `emails` `[address, …]` — sent and read
/// as one parameter each.
enum PostgresContactLists {
    static func encode(phones: [ContactRecord.Phone]) -> String {
        var out = "["
        for (i, phone) in phones.enumerated() {
            if i > 0 { out += "," }
            out += "["
            JSONText.appendString(phone.label, to: &out)
            out += ","
            JSONText.appendString(phone.number, to: &out)
            out += "]"
        }
        return out + "]"
    }

    static func encode(emails: [String]) -> String { JSONText.array(of: emails) }

    /// The lists from their JSON text (as PostgreSQL prints a `jsonb`); what is not a list of
    /// texts is left out.
    static func decode(phones: String, emails: String) -> (phones: [ContactRecord.Phone], emails: [String]) {
        var phoneList: [ContactRecord.Phone] = []
        if case .array(let items)? = JSONText.parse(phones) {
            for case .array(let pair) in items {
                func text(_ i: Int) -> String { if i < pair.count, case .string(let t) = pair[i] { t } else { "" } }
                phoneList.append(.init(label: text(0), number: text(1)))
            }
        }
        var emailList: [String] = []
        if case .array(let items)? = JSONText.parse(emails) {
            for case .string(let address) in items { emailList.append(address) }
        }
        return (phoneList, emailList)
    }
}
