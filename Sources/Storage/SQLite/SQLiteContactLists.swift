import AppServices

/// A contact's phones and emails, kept in its row as JSON arrays —
/// `phones` as `[[label, number], …]`, `emails` as `[address, …]` — since they
/// are always read and written whole with the contact. SQLite's JSON
/// functions build and read them; this type writes the SQL for a given
/// number of entries and binds their values.
struct SQLiteContactLists {
    let phones: [ContactRecord.Phone]
    let emails: [String]

    init(_ contact: ContactRecord) {
        phones = contact.phones
        emails = contact.emails
    }

    /// How many parameters the two arrays take.

    /// `json_array(json_array(?N, ?N+1), …)` and `json_array(?M, …)`, numbered from `first`.
    func sql(from first: Int) -> (phones: String, emails: String) {
        var n = first
        var phoneItems: [String] = []
        for _ in phones { phoneItems.append("json_array(?\(n), ?\(n + 1))"); n += 2 }
        var emailItems: [String] = []
        for _ in emails { emailItems.append("?\(n)"); n += 1 }
        return ("json_array(" + phoneItems.joined(separator: ", ") + ")", "json_array(" + emailItems.joined(separator: ", ") + ")")
    }

    /// Binds the values in the order `sql(from:)` numbered them.
    func bind(to statement: SQLiteStatement, from first: Int) {
        var n = Int32(first)
        for phone in phones {
            statement.bind(n, phone.label).bind(n + 1, phone.number)
            n += 2
        }
        for email in emails {
            statement.bind(n, email)
            n += 1
        }
    }
}
