/// Two contacts that are one person, made one: the merge keeps every value of both.
public extension ContactRecord {
    /// This contact with everything of `other` it does not have already: `other`'s e-mails,
    /// phones and addresses after its own (the same address, number or e-mail only once), the
    /// notes joined, a friend when either is, the groups of both, the nicknames of both (and
    /// `other`'s name among them when it is another name), each of `other`'s web addresses, and
    /// its company, title and birthday in the notes where this contact has another one. The
    /// properties no field holds (photos, X- properties) of both are kept: in `extras`, and in the
    /// kept card (`ContactCardText.merging`). Its id, revision and UID are this contact's.
    func merged(with other: ContactRecord) -> ContactRecord {
        var m = self
        let shownName = hasPersonName ? displayName : ""
        let otherName = other.hasPersonName ? other.displayName : ""
        if !hasPersonName {
            m.firstName = other.firstName
            m.middleName = other.middleName
            m.lastName = other.lastName
            if m.formattedName.isEmpty || m.formattedName == company { m.formattedName = other.formattedName }
        }
        if m.namePrefix.isEmpty { m.namePrefix = other.namePrefix }
        if m.nameSuffix.isEmpty { m.nameSuffix = other.nameSuffix }
        if m.uid.isEmpty { m.uid = other.uid }

        // Nicknames: both lists, and the other's name when it is another name (the same person, known by it).
        var nicknames = Self.nicknameList(nickname)
        var otherNicknames = Self.nicknameList(other.nickname)
        if !otherName.isEmpty, !shownName.isEmpty, SearchText.fold(otherName) != SearchText.fold(shownName) { otherNicknames.append(otherName) }
        for n in otherNicknames where !nicknames.contains(where: { SearchText.fold($0) == SearchText.fold(n) }) { nicknames.append(n) }
        m.nickname = nicknames.joined(separator: ", ")

        // Phones: each number once (by its digits).
        var phoneDigits = Set(phones.map { SearchText.digits(of: $0.number) })
        for (i, p) in other.phones.enumerated() {
            let digits = SearchText.digits(of: p.number)
            guard phoneDigits.insert(digits.isEmpty ? p.number : digits).inserted else { continue }
            m.phones.append(p)
            if m.preferredPhone == nil, other.preferredPhone == i { m.preferredPhone = m.phones.count - 1 }
        }

        // E-mails: each address once (ASCII letters' case aside), with its label.
        var labels = emails.indices.map { emailLabel(at: $0) }
        for (i, e) in other.emails.enumerated() where !m.emails.contains(where: { $0.lowercased() == e.lowercased() }) {
            m.emails.append(e)
            labels.append(other.emailLabel(at: i))
            if m.preferredEmail == nil, other.preferredEmail == i { m.preferredEmail = m.emails.count - 1 }
        }
        m.emailLabels = labels.allSatisfy(\.isEmpty) ? [] : labels

        for a in other.addresses where !m.addresses.contains(a) { m.addresses.append(a) }
        m.isFriend = isFriend || other.isFriend

        // One value a field holds: the other's goes in the notes when this one has another.
        var also: [String] = []
        func single(_ mine: inout String, _ theirs: String, _ name: String) {
            if mine.isEmpty { mine = theirs } else if !theirs.isEmpty, SearchText.fold(theirs) != SearchText.fold(mine) { also.append("\(name): \(theirs)") }
        }
        single(&m.company, other.company, "company")
        single(&m.title, other.title, "title")
        single(&m.birthday, other.birthday, "birthday")
        var notes = [notes, other.notes].filter { !$0.isEmpty }
        if notes.count == 2, notes[0] == notes[1] { notes.removeLast() }
        notes += also
        m.notes = notes.joined(separator: "\n")

        // Web addresses: a second one is a URL line among the extras (as an import keeps a card's second URL).
        var extraLines = Self.lines(extras)
        if m.url.isEmpty { m.url = other.url } else if !other.url.isEmpty, other.url != m.url, !extraLines.contains("URL:" + other.url) {
            extraLines.append("URL:" + other.url)
        }
        for line in Self.lines(other.extras) where !extraLines.contains(line) && ContactCardText.propertyName(of: line) != "CATEGORIES" {
            extraLines.append(line)
        }
        m.extras = extraLines.joined(separator: "\r\n")
        var groups = categories
        for g in other.categories where !groups.contains(where: { SearchText.fold($0) == SearchText.fold(g) }) { groups.append(g) }
        m.categories = groups
        m.card = ContactCardText.merging(card, other.card)
        return m
    }

    /// `nickname` as its list ("Ada, The Enchantress" → two).
    internal static func nicknameList(_ text: String) -> [String] {
        text.split(separator: ",").map { SearchText.trimmed(String($0)) }.filter { !$0.isEmpty }
    }

    /// Content lines joined by CRLF, as a list ("" → none).
    internal static func lines(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: "\r\n").map(String.init)
    }
}
