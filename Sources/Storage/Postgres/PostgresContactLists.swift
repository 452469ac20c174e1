import AppServices
import Foundation

/// A contact's phones and emails as the PostgreSQL row keeps them: JSON arrays, as in the
/// SQLite file — `phones` `[[label, number], …]`, `emails` `[address, …]` — sent and read
/// as one parameter each.
enum PostgresContactLists {
    static func encode(phones: [ContactRecord.Phone]) -> String {
        var out = "["
        for (i, phone) in phones.enumerated() {
            if i > 0 { out += "," }
            out += "["
            appendString(phone.label, to: &out)
            out += ","
            appendString(phone.number, to: &out)
            out += "]"
        }
        return out + "]"
    }

    static func encode(emails: [String]) -> String {
        var out = "["
        for (i, email) in emails.enumerated() {
            if i > 0 { out += "," }
            appendString(email, to: &out)
        }
        return out + "]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    private static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// The lists from their JSON text; what is not a list of texts is left out.
    static func decode(phones: String, emails: String) -> (phones: [ContactRecord.Phone], emails: [String]) {
        let p = (try? JSONSerialization.jsonObject(with: Data(phones.utf8))) as? [[Any]] ?? []
        let e = (try? JSONSerialization.jsonObject(with: Data(emails.utf8))) as? [Any] ?? []
        return (p.map { .init(label: $0.first as? String ?? "", number: $0.count > 1 ? $0[1] as? String ?? "" : "") },
                e.compactMap { $0 as? String })
    }
}
