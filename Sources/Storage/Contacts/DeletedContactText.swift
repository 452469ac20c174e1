import AppServices

/// A deleted contact as both stores keep it for Undo (`deleted_contacts.record`): everything the
/// contact had, as one JSON array of strings — version, the fields, then its lists and its card, each list
/// written the way the contacts row writes it. Read back, it is the contact that was deleted.
enum DeletedContactText {
    static let version = "1"

    /// `batch`: the delete it was part of ("" alone; a delete of the marked gives all its contacts
    /// one, so Undo brings them back together).
    static func encode(_ c: ContactRecord, batch: String = "") -> String {
        JSONText.array(of: [
            version, c.firstName, c.lastName, c.company, c.notes, c.isFriend ? "1" : "0", c.uid, c.nickname, c.title,
            c.birthday, c.url, c.extras, c.namePrefix, c.nameSuffix,
            JSONText.array(of: c.phones.flatMap { [$0.label, $0.number] }),
            JSONText.array(of: c.emails),
            JSONText.array(of: c.emailLabels),
            StoredCardFields.encode(c.addresses),
            c.preferredEmail.map(String.init) ?? "", c.preferredPhone.map(String.init) ?? "",
            c.card, c.formattedName, c.middleName,
            c.id.map(String.init) ?? "", batch,
        ])
    }

    /// The id a kept contact had (nil in a text an older build wrote: it comes back under a new one).
    static func keptID(of text: String) -> Int64? {
        guard case .array(let items)? = JSONText.parse(text), items.count > 23, case .string(let id) = items[23] else { return nil }
        return Int64(id)
    }

    /// The delete a kept contact was part of ("" when it was deleted alone, or kept by an older build).
    static func batch(of text: String) -> String {
        guard case .array(let items)? = JSONText.parse(text), items.count > 24, case .string(let batch) = items[24] else { return "" }
        return batch
    }

    /// The contact `text` holds (no id: `keptID(of:)` says the one it had), or nil when the text
    /// is not one this build wrote.
    static func decode(_ text: String) -> ContactRecord? {
        guard case .array(let items)? = JSONText.parse(text) else { return nil }
        let f: [String] = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
        guard f.count == items.count, f.count >= 20, f[0] == version else { return nil }
        func strings(_ json: String) -> [String]? {
            guard case .array(let list)? = JSONText.parse(json) else { return nil }
            let out: [String] = list.compactMap { if case .string(let s) = $0 { s } else { nil } }
            return out.count == list.count ? out : nil
        }
        guard let phoneParts = strings(f[14]), phoneParts.count % 2 == 0, let emails = strings(f[15]), let labels = strings(f[16]) else { return nil }
        var c = ContactRecord(firstName: f[1], lastName: f[2], company: f[3], notes: f[4], isFriend: f[5] == "1")
        c.uid = f[6]; c.nickname = f[7]; c.title = f[8]; c.birthday = f[9]; c.url = f[10]; c.extras = f[11]
        c.namePrefix = f[12]; c.nameSuffix = f[13]
        c.phones = stride(from: 0, to: phoneParts.count, by: 2).map { ContactRecord.Phone(label: phoneParts[$0], number: phoneParts[$0 + 1]) }
        c.emails = emails
        c.emailLabels = labels
        c.addresses = StoredCardFields.decodeAddresses(f[17])
        c.preferredEmail = Int(f[18])
        c.preferredPhone = Int(f[19])
        // The card as it came (a text written before the card was kept has none).
        c.card = f.count > 20 ? f[20] : ""
        // The formatted and middle name (texts written before they were kept have neither).
        c.formattedName = f.count > 21 ? f[21] : ""
        c.middleName = f.count > 22 ? f[22] : ""
        return c
    }

    /// How many deletes each account keeps for Undo (the oldest beyond go for good).
    static let kept = 100
}
