import AppServices

/// One postal address of the form: the parts it shows, its label, and the two it keeps unseen.
struct AddressRow: Equatable {
    var label = ""
    var street = ""
    var postalCode = ""
    var city = ""
    var region = ""
    var country = ""
    /// ADR's PO box and extended part: not shown, kept as stored.
    var poBox = ""
    var extended = ""
    /// Whether the address had a part the form shows when it was loaded (one cleared in the form
    /// goes; one that had none — a PO box alone — stays).
    var hadShownParts = false

    var shownParts: [String] { [street, postalCode, city, region, country] }
    var isBlank: Bool { (shownParts + [label]).allSatisfy { $0.trimmedSpaces.isEmpty } }

    init() {}
    init(_ a: ContactRecord.Address) {
        label = a.label; street = a.street; postalCode = a.postalCode; city = a.city; region = a.region; country = a.country
        poBox = a.poBox; extended = a.extended
        hadShownParts = shownParts.contains { !$0.isEmpty }
    }

    /// Equal in what a person can see and change.
    static func == (a: AddressRow, b: AddressRow) -> Bool { a.label == b.label && a.shownParts == b.shownParts && a.poBox == b.poBox }
}

/// The fields of a contact form as typed, before any checking.
struct ContactForm: Equatable {
    /// Rows a list shows at least (an empty one is dropped on save).
    static let minimumPhones = 3, minimumEmails = 3, minimumAddresses = 1, minimumIMs = 1, minimumCustoms = 1

    /// The name the contact is shown by (the card's FN) as typed; "" shows the name made from the parts.
    var displayName = ""
    /// N's honorific prefix ("Dr.") and suffix ("Jr.").
    var namePrefix = ""
    var nameSuffix = ""
    var firstName = ""
    var lastName = ""
    /// N's additional names ("Augusta"), kept apart from the first name.
    var middleName = ""
    /// (label, number) rows, as many as the contact has (three at least); empty rows are dropped.
    var phones: [(label: String, number: String)] = Array(repeating: ("", ""), count: minimumPhones)
    /// E-mail rows and their labels (TYPE), by position.
    var emails: [String] = Array(repeating: "", count: minimumEmails)
    var emailLabels: [String] = Array(repeating: "", count: minimumEmails)
    var company = ""
    var notes = ""
    var isFriend = false
    var nickname = ""
    var title = ""
    /// As typed: `1985-04-12`, `04-12` or `--04-12` without the year, or "".
    var birthday = ""
    /// As the birthday (an ANNIVERSARY line of the card).
    var anniversary = ""
    var url = ""
    /// Postal addresses, each with its label (one at least).
    var addresses: [AddressRow] = [AddressRow()]
    /// IM addresses (IMPP lines of the card: `xmpp:ada@example.org`), each with its label.
    var ims: [ExtraRow] = [ExtraRow()]
    /// The card's other properties (X- ones and others no field stands for) as name and value.
    var customs: [ExtraRow] = [ExtraRow()]
    /// The groups, comma-separated as typed ("family, work").
    var groups = ""
    /// The groups as the contact had them (a group's own comma survives a save that left the field as it was).
    var groupsAsStored: [String] = []
    /// Apple's built-in labels the contact has (`_$!<AssistantPhone>!$_`), by the words the form shows
    /// for them ("assistant phone", `LabelText`): a label left so is saved as Apple wrote it.
    var labelsAsStored: [String: String] = [:]
    /// The contact's kept properties that no field above stands for (`ContactRecord.extras`) as
    /// loaded: a save changes only the lines whose row changed.
    var extras = ""

    /// The first address's parts (the form's first Street, City, Region and Country).
    var street: String { get { addresses[0].street } set { addresses[0].street = newValue } }
    var postalCode: String { get { addresses[0].postalCode } set { addresses[0].postalCode = newValue } }
    var city: String { get { addresses[0].city } set { addresses[0].city = newValue } }
    var region: String { get { addresses[0].region } set { addresses[0].region = newValue } }
    var country: String { get { addresses[0].country } set { addresses[0].country = newValue } }

    /// Equal in what the person typed: rows with nothing in them (added and left empty) aside.
    static func == (a: ContactForm, b: ContactForm) -> Bool {
        func phones(_ f: ContactForm) -> [String] { f.phones.filter { !($0.label + $0.number).isEmpty }.map { $0.label + "\u{0}" + $0.number } }
        func emails(_ f: ContactForm) -> [String] {
            zip(f.emails, f.emailLabels).filter { !($0 + $1).isEmpty }.map { $0 + "\u{0}" + $1 }
        }
        func rows(_ r: [ExtraRow]) -> [ExtraRow] { r.filter { $0.line != nil || !$0.isBlank } }
        return a.displayName == b.displayName && a.namePrefix == b.namePrefix && a.nameSuffix == b.nameSuffix
            && a.firstName == b.firstName && a.lastName == b.lastName && a.middleName == b.middleName && a.company == b.company && a.notes == b.notes
            && a.isFriend == b.isFriend && emails(a) == emails(b) && phones(a) == phones(b)
            && a.nickname == b.nickname && a.title == b.title && a.birthday == b.birthday && a.anniversary == b.anniversary && a.url == b.url
            && a.addresses.filter { !$0.isBlank || $0.poBox != "" } == b.addresses.filter { !$0.isBlank || $0.poBox != "" }
            && rows(a.ims).map { [$0.label, $0.value] } == rows(b.ims).map { [$0.label, $0.value] }
            && rows(a.customs).map { [$0.name, $0.value] } == rows(b.customs).map { [$0.name, $0.value] }
            && a.groups == b.groups
    }

    init() {}

    init(_ record: ContactRecord) {
        displayName = record.formattedName
        namePrefix = record.namePrefix
        nameSuffix = record.nameSuffix
        extras = record.extras
        firstName = record.firstName
        lastName = record.lastName
        middleName = record.middleName
        for label in record.phones.map(\.label) + record.emails.indices.map(record.emailLabel(at:)) + record.addresses.map(\.label)
        where LabelText.shown(label) != label {
            labelsAsStored[LabelText.shown(label)] = label
        }
        phones = record.phones.map { (LabelText.shown($0.label), $0.number) }
        emails = record.emails
        emailLabels = record.emails.indices.map { LabelText.shown(record.emailLabel(at: $0)) }
        company = record.company
        notes = record.notes
        isFriend = record.isFriend
        nickname = record.nickname
        title = record.title
        birthday = record.birthday
        url = record.url
        groupsAsStored = record.categories
        groups = groupsAsStored.joined(separator: ", ")
        addresses = record.addresses.map(AddressRow.init).map { var row = $0; row.label = LabelText.shown(row.label); return row }
        let kept = ContactFormExtras.rows(from: record.extras)
        ims = kept.ims
        anniversary = kept.anniversary
        customs = kept.customs
        padRows()
    }

    /// Each list with its fewest rows at least (empty ones added at its end).
    mutating func padRows() {
        while phones.count < Self.minimumPhones { phones.append(("", "")) }
        while emails.count < Self.minimumEmails { emails.append("") }
        while emailLabels.count < emails.count { emailLabels.append("") }
        while addresses.count < Self.minimumAddresses { addresses.append(AddressRow()) }
        while ims.count < Self.minimumIMs { ims.append(ExtraRow()) }
        while customs.count < Self.minimumCustoms { customs.append(ExtraRow()) }
    }
}

/// Where a contact form is wrong, field by field (keys: "firstName", "phone.1", "email.0", …).
struct ContactFormProblems: Error, Equatable {
    var messages: [String: String] = [:]
    var isEmpty: Bool { messages.isEmpty }
}

/// The rules a contact must meet before anything is stored.
enum ContactValidator {
    /// The same limits import keeps to (`ContactLimits`).
    static let maxNameLength = ContactLimits.name
    /// A display name may be longer than one part of the name ("Ada, Countess of Lovelace, née Byron").
    static let maxDisplayNameLength = ContactLimits.displayName
    static let maxNotesLength = 2000

    /// A record ready to store, or the problems. `original`: the form as an edit loaded it; a
    /// field left as it was is never a problem (a stored value the rules refuse, an address book's
    /// own phone label or e-mail, a company-only contact's empty name, stays as it came).
    static func validate(_ form: ContactForm, leaving original: ContactForm? = nil) -> Result<ContactRecord, ContactFormProblems> {
        var problems = ContactFormProblems()
        func unchanged(_ key: String) -> Bool {
            guard let o = original else { return false }
            switch key {
            case "firstName", "lastName", "middleName":
                return form.firstName == o.firstName && form.lastName == o.lastName && form.middleName == o.middleName && form.company == o.company
            case "company": return form.company == o.company
            case "displayName": return form.displayName == o.displayName
            case "namePrefix": return form.namePrefix == o.namePrefix
            case "nameSuffix": return form.nameSuffix == o.nameSuffix
            case "notes": return form.notes == o.notes
            case "nickname": return form.nickname == o.nickname
            case "title": return form.title == o.title
            case "birthday": return form.birthday == o.birthday
            case "anniversary": return form.anniversary == o.anniversary
            case "url": return form.url == o.url
            case "groups": return form.groups == o.groups
            default:
                // A row of a list: unchanged when the row at its place was loaded so (a row added is never).
                let parts = key.split(separator: ".")
                guard parts.count == 2, let i = Int(parts[1]) else { return false }
                switch parts[0] {
                case "phone": return i < o.phones.count && form.phones[i].label == o.phones[i].label && form.phones[i].number == o.phones[i].number
                case "email": return i < o.emails.count && form.emails[i] == o.emails[i] && form.emailLabels[i] == o.emailLabels[i]
                case "street", "city", "region", "country", "address":
                    return i < o.addresses.count && form.addresses[i] == o.addresses[i]
                case "im": return form.ims[i].line != nil && o.ims.contains(form.ims[i])
                case "custom": return form.customs[i].line != nil && o.customs.contains(form.customs[i])
                default: return false
                }
            }
        }
        func check(_ key: String, _ text: String, max: Int, lineBreaks: Bool = false) {
            if text.count > max { problems.messages[key] = "At most \(max) characters." }
            if text.contains(where: { isControl($0) && !(lineBreaks && ($0 == "\n" || $0 == "\r\n" || $0 == "\t")) }) { problems.messages[key] = "No control characters." }
        }
        let first = form.firstName.trimmedSpaces, last = form.lastName.trimmedSpaces, middle = form.middleName.trimmedSpaces
        let shownAs = form.displayName.trimmedSpaces, prefix = form.namePrefix.trimmedSpaces, suffix = form.nameSuffix.trimmedSpaces
        // A company's card needs no person's name: it is listed by the company (and written KIND:org).
        if first.isEmpty && last.isEmpty && middle.isEmpty && form.company.trimmedSpaces.isEmpty && shownAs.isEmpty {
            problems.messages["firstName"] = "A name or a company needed."
        }
        check("displayName", shownAs, max: maxDisplayNameLength)
        check("namePrefix", prefix, max: maxNameLength)
        check("nameSuffix", suffix, max: maxNameLength)
        check("firstName", first, max: maxNameLength)
        check("lastName", last, max: maxNameLength)
        check("middleName", middle, max: maxNameLength)
        check("company", form.company, max: maxNameLength)
        check("notes", form.notes, max: maxNotesLength, lineBreaks: true)
        var phones: [ContactRecord.Phone] = []
        for (i, phone) in form.phones.enumerated() {
            let number = phone.number.trimmedSpaces, label = phone.label.trimmedSpaces
            if number.isEmpty {
                if !label.isEmpty { problems.messages["phone.\(i)"] = "A label needs a number." }
                continue
            }
            // The rule an import keeps numbers by (PhoneText): dots, extensions and tel: URIs too.
            guard let stored = PhoneText.stored(number) ?? (unchanged("phone.\(i)") ? number : nil) else {
                problems.messages["phone.\(i)"] = "Like 555.123.4567 x89."
                continue
            }
            check("phone.\(i)", label, max: 64)
            phones.append(.init(label: label.isEmpty ? "phone" : form.labelsAsStored[label] ?? label, number: stored))
        }
        var emails: [String] = [], emailLabels: [String] = []
        for (i, email) in form.emails.enumerated() {
            let address = email.trimmedSpaces, label = i < form.emailLabels.count ? form.emailLabels[i].trimmedSpaces : ""
            if address.isEmpty {
                if !label.isEmpty { problems.messages["email.\(i)"] = "A label needs an address." }
                continue
            }
            if !isSaneEmail(address) { problems.messages["email.\(i)"] = "Not an email address." }
            check("email.\(i)", label, max: 64)
            emails.append(address)
            emailLabels.append(form.labelsAsStored[label] ?? label)
        }
        check("nickname", form.nickname.trimmedSpaces, max: maxNameLength)
        check("title", form.title.trimmedSpaces, max: maxNameLength)
        let birthday = BirthdayText.stored(form.birthday.trimmedSpaces)
        if birthday == nil { problems.messages["birthday"] = BirthdayText.problem }
        let anniversary = BirthdayText.stored(form.anniversary.trimmedSpaces)
        if anniversary == nil { problems.messages["anniversary"] = BirthdayText.problem }
        let url = form.url.trimmedSpaces
        check("url", url, max: 300)
        if url.contains(" ") { problems.messages["url"] = "No spaces in a web address." }
        var addresses: [ContactRecord.Address] = []
        for (i, row) in form.addresses.enumerated() {
            let parts = row.shownParts.map(\.trimmedSpaces), label = row.label.trimmedSpaces
            for (key, part) in zip(["street", "city", "city", "region", "country"], parts) { check("\(key).\(i)", part, max: maxNameLength) }
            check("address.\(i)", label, max: 64)
            // Cleared in the form, it goes; one that showed nothing (a PO box alone) stays while its row does.
            if parts.allSatisfy(\.isEmpty) && (row.hadShownParts || row.poBox.isEmpty && row.extended.isEmpty) {
                if !label.isEmpty && !row.hadShownParts { problems.messages["address.\(i)"] = "A label needs an address." }
                continue
            }
            addresses.append(.init(label: form.labelsAsStored[label] ?? label, poBox: row.poBox, extended: row.extended, street: parts[0], city: parts[2], region: parts[3],
                                   postalCode: parts[1], country: parts[4]))
        }
        for (i, row) in form.ims.enumerated() where !row.isBlank {
            let value = row.value.trimmedSpaces
            if value.isEmpty { problems.messages["im.\(i)"] = "A label needs an address." }
            else if !value.contains(":") || value.hasPrefix(":") || value.contains(" ") { problems.messages["im.\(i)"] = "Like xmpp:ada@example.org." }
            check("im.\(i)", value, max: 300)
            check("im.\(i)", row.label.trimmedSpaces, max: 64)
            if row.label.contains("\"") { problems.messages["im.\(i)"] = "No quotes in a label." }
        }
        for (i, row) in form.customs.enumerated() where !row.isBlank {
            let name = row.name.trimmedSpaces
            if !ContactFormExtras.isCustomName(name) { problems.messages["custom.\(i)"] = "A name like X-SPOUSE (letters, digits, -)." }
            check("custom.\(i)", row.value.trimmedSpaces, max: ContactFormExtras.longestShown)
        }
        let groups = form.groups.split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
        for g in groups where g.count > maxNameLength || g.contains(where: isControl) { problems.messages["groups"] = "Each group at most \(maxNameLength) characters, no control characters." }
        for key in problems.messages.keys where unchanged(key) { problems.messages[key] = nil }
        guard problems.isEmpty else { return .failure(problems) }
        var record = ContactRecord(firstName: first, lastName: last, phones: phones, emails: emails,
                                   company: form.company.trimmedSpaces, notes: form.notes, isFriend: form.isFriend)
        record.middleName = middle
        record.formattedName = shownAs
        record.namePrefix = prefix
        record.nameSuffix = suffix
        record.nickname = form.nickname.trimmedSpaces
        record.title = form.title.trimmedSpaces
        record.birthday = birthday ?? form.birthday.trimmedSpaces
        record.url = url
        record.emailLabels = emailLabels.allSatisfy(\.isEmpty) ? [] : emailLabels
        // The kept lines as loaded; the groups' line is rewritten only when the groups changed.
        // IM addresses, the anniversary and custom fields: each row's own line, the others as they were.
        let anniversaryChanged = form.anniversary != (original?.anniversary ?? "")
        let rows = ContactFormExtras.edited(form.extras, ims: form.ims, anniversary: anniversaryChanged ? anniversary ?? "" : nil, customs: form.customs)
        record.extras = companyKind(rows, company: record.company, person: record.hasPersonName, original: original)
        if original.map({ form.groups != $0.groups }) ?? !groups.isEmpty { record.categories = groups }
        record.addresses = addresses
        return .success(record)
    }

    /// `extras` with a KIND:org line where a save makes the contact a company's card (a company and
    /// no person's name), and without it where a person's name was given to a company's card; a
    /// contact whose kind did not change keeps its lines as they were.
    static func companyKind(_ extras: String, company: String, person: Bool, original: ContactForm?) -> String {
        func isCompanyOnly(_ hasPerson: Bool, _ company: String) -> Bool { !hasPerson && !company.trimmedSpaces.isEmpty }
        let now = isCompanyOnly(person, company)
        let before = original.map { o in isCompanyOnly(!(o.firstName + o.middleName + o.lastName).trimmedSpaces.isEmpty, o.company) } ?? false
        guard now != before else { return extras }
        var lines = extras.isEmpty ? [] : extras.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let isKind = { (line: String) in ContactCardText.propertyName(of: line) == "KIND" }
        if now {
            guard !lines.contains(where: isKind) else { return extras }
            lines.append("KIND:org")
        } else if person {
            lines.removeAll { isKind($0) && ContactCardText.value(ofLine: $0).lowercased() == "org" }
        }
        return lines.joined(separator: "\r\n")
    }

    private static func isControl(_ c: Character) -> Bool {
        c.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
    }

    /// One @, something before it, a dot inside the part after it, no spaces; at most 254 characters.
    static func isSaneEmail(_ text: String) -> Bool {
        guard text.count <= 254, !text.contains(" "), !text.contains(where: isControl) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1]
        guard let dot = domain.lastIndex(of: "."), dot != domain.startIndex, domain.index(after: dot) != domain.endIndex else { return false }
        return !domain.hasPrefix(".") && !SearchText.contains(String(domain), "..")
    }
}

extension String {
    /// "ivan" → "Ivan" (the seed's `uppercaseFirst`).
    var uppercaseFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}

/// A name as screens show it: as stored when it has a capital anywhere ("van Gogh", "de los
/// Santos", "McCartney"), each part's first letter made a capital only when the whole name was
/// typed in small letters ("ada lovelace" → "Ada Lovelace").
enum ShownName {
    static func parts(first: String, last: String) -> (first: String, last: String) {
        let typedLower = !(first + last).contains { $0.isUppercase }
        return typedLower ? (first.uppercaseFirst, last.uppercaseFirst) : (first, last)
    }

    static func full(first: String, last: String) -> String {
        let shown = parts(first: first, last: last)
        return PersonName.full(first: shown.first, last: shown.last)
    }

    /// The name a contact is shown by: its display name as stored (a card's FN: "Ada Lovelace",
    /// "中村 博", "Acme Plumbing Ltd"; a company's name), or — when that is only its first and last
    /// name put together, or not kept — those as `full` shows them; "(no name)" when it has nothing to show.
    static func display(_ displayName: String, first: String, last: String) -> String {
        let shown = displayName.isEmpty || displayName == PersonName.full(first: first, last: last) ? full(first: first, last: last) : displayName
        return shown.isEmpty ? "(no name)" : shown
    }

    static func display(_ contact: ContactRecord) -> String {
        display(contact.displayName, first: contact.firstName, last: contact.lastName)
    }
}
