/// What a contact's card cannot hold as typed, in the vCard version it keeps (issue 48): a card
/// synced from a server, or imported, goes back in its own version (2.1 stays 2.1, 3.0 stays 3.0),
/// and some of the form's fields have no place in the older ones. The edit says so, under each
/// field, before anything is saved; a second ^S saves it as said.
enum CardVersionNotes {
    /// The version of a kept card's text ("2.1", "3.0", "4.0"); nil for a contact with none (made
    /// here: its card is written as 3.0 or 4.0, which hold every field).
    static func version(ofCard card: String) -> String? {
        for line in card.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).prefix(8) {
            let text = line.uppercased()
            if text.hasPrefix("VERSION:") { return String(text.dropFirst(8)).filter { $0 != " " && $0 != "\r" } }
        }
        return nil
    }

    /// The properties vCard 4.0 added, which a 2.1 or 3.0 card is sent as their X- form.
    static let only40: Set<String> = ["KIND", "GENDER", "LANG", "ANNIVERSARY", "XML", "CLIENTPIDMAP", "MEMBER", "RELATED"]

    /// The message for each field of `form` changed since `original` that a card of `version`
    /// cannot hold as typed, by the form's field key.
    static func notes(_ form: ContactForm, original: ContactForm, version: String) -> [String: String] {
        guard version == "2.1" || version == "3.0" else { return [:] }
        let card = "This card is vCard \(version)"
        var notes: [String: String] = [:]
        if form.birthday != original.birthday, form.birthday.hasPrefix("--") || form.birthday.count == 5 {
            notes["birthday"] = "\(card), whose dates have a year: sent as Apple's (1604, marked no year); some programs show 1604."
        }
        if form.anniversary != original.anniversary, !form.anniversary.isEmpty {
            notes["anniversary"] = "\(card), which has no anniversary: sent as X-ANNIVERSARY, which not every program reads."
        }
        for (i, row) in form.customs.enumerated() where !row.name.isEmpty {
            let name = row.name.uppercased()
            let was = original.customs.first { $0.line != nil && $0.line == row.line }
            guard only40.contains(name), was.map({ $0.name != row.name || $0.value != row.value }) ?? true else { continue }
            notes["custom.\(i)"] = "\(card), which has no \(name): sent as X-\(name), which not every program reads."
        }
        guard version == "2.1" else { return notes }
        let strict = "which programs that read 2.1 strictly leave out"
        if form.nickname != original.nickname, !form.nickname.isEmpty {
            notes["nickname"] = "\(card), which has no nickname: sent as 3.0's NICKNAME, \(strict)."
        }
        if form.groups != original.groups, !form.groups.isEmpty {
            notes["groups"] = "\(card), which has no groups: sent as 3.0's CATEGORIES, \(strict)."
        }
        if form.isFriend != original.isFriend, form.isFriend {
            notes["friend"] = "\(card), which has no groups: the friend mark is sent as 3.0's CATEGORIES, \(strict)."
        }
        for (i, row) in form.ims.enumerated() where !row.value.isEmpty {
            let was = original.ims.first { $0.line != nil && $0.line == row.line }
            guard was.map({ $0.value != row.value || $0.label != row.label }) ?? true else { continue }
            notes["im.\(i)"] = "\(card), which has no IM addresses: sent as 3.0's IMPP, \(strict)."
        }
        return notes
    }
}
