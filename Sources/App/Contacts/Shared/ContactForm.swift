import AppServices

/// The fields of a contact form as typed, before any checking.
struct ContactForm: Equatable {
    /// The name the contact is shown by (the card's FN) as typed; "" shows the name made from the parts.
    var displayName = ""
    /// N's honorific prefix ("Dr.") and suffix ("Jr.").
    var namePrefix = ""
    var nameSuffix = ""
    var firstName = ""
    var lastName = ""
    /// N's additional names ("Augusta"), kept apart from the first name.
    var middleName = ""
    /// Up to three (label, number) rows; empty rows are dropped.
    var phones: [(label: String, number: String)] = Array(repeating: ("", ""), count: 3)
    var emails: [String] = Array(repeating: "", count: 3)
    var company = ""
    var notes = ""
    var isFriend = false
    var nickname = ""
    var title = ""
    /// As typed: `1985-04-12`, `04-12` or `--04-12` without the year, or "".
    var birthday = ""
    var url = ""
    /// The first postal address's visible parts (its label, PO box and extended part stay as stored).
    var street = ""
    var postalCode = ""
    var city = ""
    var region = ""
    var country = ""
    /// The groups, comma-separated as typed ("family, work").
    var groups = ""
    /// The groups as the contact had them (a group's own comma survives a save that left the field as it was).
    var groupsAsStored: [String] = []
    /// The contact's kept properties that no field above stands for (`ContactRecord.extras`) as
    /// loaded: a save changes only the lines whose field changed.
    var extras = ""

    static func == (a: ContactForm, b: ContactForm) -> Bool {
        a.displayName == b.displayName && a.namePrefix == b.namePrefix && a.nameSuffix == b.nameSuffix
            && a.firstName == b.firstName && a.lastName == b.lastName && a.middleName == b.middleName && a.company == b.company && a.notes == b.notes
            && a.isFriend == b.isFriend && a.emails == b.emails
            && a.phones.map(\.label) == b.phones.map(\.label) && a.phones.map(\.number) == b.phones.map(\.number)
            && a.nickname == b.nickname && a.title == b.title && a.birthday == b.birthday && a.url == b.url
            && a.street == b.street && a.postalCode == b.postalCode && a.city == b.city && a.region == b.region && a.country == b.country
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
        for (i, p) in record.phones.prefix(3).enumerated() { phones[i] = (p.label, p.number) }
        for (i, e) in record.emails.prefix(3).enumerated() { emails[i] = e }
        company = record.company
        notes = record.notes
        isFriend = record.isFriend
        nickname = record.nickname
        title = record.title
        birthday = record.birthday
        url = record.url
        groupsAsStored = record.categories
        groups = groupsAsStored.joined(separator: ", ")
        if let a = record.addresses.first {
            street = a.street
            postalCode = a.postalCode
            city = a.city
            region = a.region
            country = a.country
        }
    }
}

/// Where a contact form is wrong, field by field (keys: "firstName", "phone.1", "email.0", …).
struct ContactFormProblems: Error, Equatable {
    var messages: [String: String] = [:]
    var isEmpty: Bool { messages.isEmpty }
}

/// The rules a contact must meet before anything is stored.
enum ContactValidator {
    static let maxNameLength = 80
    /// A display name may be longer than one part of the name ("Ada, Countess of Lovelace, née Byron").
    static let maxDisplayNameLength = 200
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
            case "url": return form.url == o.url
            case "street": return form.street == o.street
            case "city": return form.city == o.city && form.postalCode == o.postalCode
            case "region": return form.region == o.region
            case "country": return form.country == o.country
            case "groups": return form.groups == o.groups
            default:
                let parts = key.split(separator: ".")
                guard parts.count == 2, let i = Int(parts[1]) else { return false }
                if parts[0] == "phone" { return form.phones[i].label == o.phones[i].label && form.phones[i].number == o.phones[i].number }
                return form.emails[i] == o.emails[i]
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
            phones.append(.init(label: label.isEmpty ? "phone" : label, number: stored))
        }
        var emails: [String] = []
        for (i, email) in form.emails.enumerated() {
            let address = email.trimmedSpaces
            if address.isEmpty { continue }
            if !isSaneEmail(address) { problems.messages["email.\(i)"] = "Not an email address." }
            emails.append(address)
        }
        check("nickname", form.nickname.trimmedSpaces, max: maxNameLength)
        check("title", form.title.trimmedSpaces, max: maxNameLength)
        let birthday = BirthdayText.stored(form.birthday.trimmedSpaces)
        if birthday == nil { problems.messages["birthday"] = BirthdayText.problem }
        let url = form.url.trimmedSpaces
        check("url", url, max: 300)
        if url.contains(" ") { problems.messages["url"] = "No spaces in a web address." }
        let parts = [form.street, form.postalCode, form.city, form.region, form.country].map(\.trimmedSpaces)
        for (key, part) in zip(["street", "city", "city", "region", "country"], parts) { check(key, part, max: maxNameLength) }
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
        // The kept lines as loaded; the groups' line is rewritten only when the groups changed.
        record.extras = companyKind(form.extras, company: record.company, person: record.hasPersonName, original: original)
        if original.map({ form.groups != $0.groups }) ?? !groups.isEmpty { record.categories = groups }
        if parts.contains(where: { !$0.isEmpty }) {
            record.addresses = [.init(street: parts[0], city: parts[2], region: parts[3], postalCode: parts[1], country: parts[4])]
        }
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
