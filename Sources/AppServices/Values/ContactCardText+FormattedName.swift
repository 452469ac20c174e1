public extension ContactCardText {
    /// The FN of a kept card (its value unescaped, spaces trimmed); "" when it has none.
    static func formattedName(ofCard card: String) -> String {
        guard !card.isEmpty else { return "" }
        for line in lines(of: card) where propertyName(of: line) == "FN" {
            return SearchText.trimmed(listItems(ofLine: line).joined(separator: ","))
        }
        return ""
    }
}

public extension ContactRecord {
    /// The record a stored row from before display names were kept (SQLite 17, PostgreSQL 15) stands
    /// for, with its formatted name read from its card: what the display-name backfill computes.
    static func backfilled(firstName: String, middleName: String, lastName: String, company: String, email: String, phone: String,
                           nickname: String, title: String, url: String, notes: String, formattedName: String, card: String) -> ContactRecord {
        var record = ContactRecord(firstName: firstName, lastName: lastName, phones: phone.isEmpty ? [] : [.init(label: "", number: phone)],
                                   emails: email.isEmpty ? [] : [email], company: company, notes: notes)
        record.middleName = middleName
        record.nickname = nickname
        record.title = title
        record.url = url
        record.formattedName = formattedName.isEmpty ? ContactCardText.formattedName(ofCard: card) : formattedName
        return record
    }
}
