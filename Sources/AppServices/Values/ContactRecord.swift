/// A contact as stored: names, phones with labels, emails, company, notes and the friend flag.
public struct ContactRecord: Equatable, Sendable {
    /// A phone number with its label ("mobile", "work").
    public struct Phone: Equatable, Sendable {
        public var label: String
        public var number: String
        public init(label: String, number: String) {
            self.label = label
            self.number = number
        }
    }

    /// A postal address: a label and the seven parts of a vCard ADR.
    public struct Address: Equatable, Sendable {
        public var label: String
        public var poBox: String
        public var extended: String
        public var street: String
        public var city: String
        public var region: String
        public var postalCode: String
        public var country: String
        public init(label: String = "", poBox: String = "", extended: String = "", street: String = "", city: String = "",
                    region: String = "", postalCode: String = "", country: String = "") {
            self.label = label
            self.poBox = poBox
            self.extended = extended
            self.street = street
            self.city = city
            self.region = region
            self.postalCode = postalCode
            self.country = country
        }
    }

    /// nil until stored.
    public var id: Int64?
    /// The stored contact's revision, counted up by every change to it: an update carrying the
    /// revision it was read at is refused (`ServiceError.Kind.conflict`) when someone changed the
    /// contact since. 0: not read from a store (an import's card), which updates whatever is stored.
    public var revision: Int64 = 0
    public var firstName: String
    public var lastName: String
    public var phones: [Phone]
    public var emails: [String]
    public var company: String
    public var notes: String
    public var isFriend: Bool
    /// A stable identifier (the vCard UID); "" until an export gives it one or an import brings one.
    public var uid: String = ""
    public var nickname: String = ""
    /// Job title.
    public var title: String = ""
    /// `1985-04-12`, `--04-12` without a year, or "".
    public var birthday: String = ""
    /// Web address.
    public var url: String = ""
    public var addresses: [Address] = []
    /// Properties with no field here (photos, X- properties), kept opaque as vCard 4.0 content
    /// lines joined by CRLF and written back on export.
    public var extras: String = ""
    /// Honorific prefix and suffix of the name (vCard N's fourth and fifth parts: "Dr.", "Jr."), or "".
    public var namePrefix: String = ""
    public var nameSuffix: String = ""
    /// Each e-mail's label ("home", "work"), by position; empty when none has one (see `emailLabel(at:)`).
    public var emailLabels: [String] = []
    /// The position of the preferred e-mail and phone (vCard PREF), nil when none is marked.
    public var preferredEmail: Int?
    public var preferredPhone: Int?
    /// The contact's vCard as it came (an import's card: every property with its group,
    /// parameters and place, unknown ones too, one unfolded line each), or "" for a contact made
    /// here. The fields above are what the card said when it came, changed by edits since; an
    /// export writes this card with the properties of the changed fields rewritten.
    public var card: String = ""
    /// The formatted name (vCard FN) as the card wrote it — "Ada Lovelace" though N says "Augusta" too,
    /// "Acme Plumbing Ltd" though N is `Ltd;Acme Plumbing` — or "" when the contact has none of its
    /// own (made here, or its name changed in the form since): then `displayName` is made from the parts.
    public var formattedName: String = ""
    /// N's additional names (the middle name: "Augusta"), kept apart from the given name.
    public var middleName: String = ""

    /// The name the contact is shown by, everywhere (list, card, friends, feed, mail clients'
    /// query): its formatted name when it has one, else the name from its parts ("Ada Augusta
    /// Lovelace", "王伟"), else its company, else its first e-mail, phone or nickname, else its job
    /// title, web address or the first line of its notes; "" for a card with none of these (a UID alone).
    public var displayName: String {
        let formatted = SearchText.trimmed(formattedName)
        if !formatted.isEmpty { return formatted }
        let made = Self.displayName(firstName: firstName, middleName: middleName, lastName: lastName, company: company,
                                    email: emails.first ?? "", phone: phones.first?.number ?? "", nickname: nickname)
        if !made.isEmpty { return made }
        // A card with none of those: its job title, web address, or the first line of its notes.
        for other in [title, url, String(notes.split(whereSeparator: \.isNewline).first ?? "")] {
            let text = SearchText.trimmed(other)
            if !text.isEmpty { return text.count > 80 ? String(text.prefix(79)) + "…" : text }
        }
        return ""
    }

    /// The name made from the parts when a contact has no formatted name (see `displayName`).
    public static func displayName(firstName: String, middleName: String = "", lastName: String, company: String = "",
                                   email: String = "", phone: String = "", nickname: String = "") -> String {
        let given = [SearchText.trimmed(firstName), SearchText.trimmed(middleName)].filter { !$0.isEmpty }.joined(separator: " ")
        let full = PersonName.full(first: given, last: lastName)
        if !full.isEmpty { return full }
        for other in [company, email, phone, nickname] {
            let text = SearchText.trimmed(other)
            if !text.isEmpty { return text }
        }
        return ""
    }

    /// The name a stored row is shown by: its kept display name, else (a row from before it was kept) first and last name.
    public static func shownName(displayName: String, firstName: String, lastName: String) -> String {
        displayName.isEmpty ? PersonName.full(first: firstName, last: lastName) : displayName
    }

    /// Whether the contact has a person's name (a given, middle or family name); a company's card
    /// (KIND:org, or a company typed without a name) has none and is listed by its display name.
    public var hasPersonName: Bool {
        !(SearchText.trimmed(firstName).isEmpty && SearchText.trimmed(middleName).isEmpty && SearchText.trimmed(lastName).isEmpty)
    }

    /// The folded key the list is sorted by: "last first" where the contact has a person's name
    /// (by family name, as address books file people), else its display name ("Ørsted A/S" under Ø,
    /// a card with only an e-mail under that address).
    public var sortKey: String {
        var cache = SearchText.FoldCache()
        return sortKey(cache: &cache)
    }

    public func sortKey(cache: inout SearchText.FoldCache) -> String {
        if SearchText.trimmed(firstName).isEmpty && SearchText.trimmed(lastName).isEmpty {
            return SearchText.capped(cache.fold(displayName))
        }
        return SearchText.sortKey(firstName: firstName, lastName: lastName, cache: &cache)
    }

    /// The record with every NUL character taken out of its text (a file may hold them; a C
    /// string would end at the first, and PostgreSQL refuses text that has one).
    public func removingNULs() -> ContactRecord {
        func clean(_ text: String) -> String { Self.holdsNUL(text) ? String(text.unicodeScalars.filter { $0 != "\u{0}" }) : text }
        var r = self
        r.firstName = clean(firstName); r.lastName = clean(lastName); r.company = clean(company); r.notes = clean(notes)
        r.phones = phones.map { Phone(label: clean($0.label), number: clean($0.number)) }
        r.emails = emails.map(clean); r.emailLabels = emailLabels.map(clean)
        r.uid = clean(uid); r.nickname = clean(nickname); r.title = clean(title); r.birthday = clean(birthday); r.url = clean(url)
        r.addresses = addresses.map { a in
            Address(label: clean(a.label), poBox: clean(a.poBox), extended: clean(a.extended), street: clean(a.street), city: clean(a.city),
                    region: clean(a.region), postalCode: clean(a.postalCode), country: clean(a.country))
        }
        r.extras = clean(extras); r.card = clean(card); r.namePrefix = clean(namePrefix); r.nameSuffix = clean(nameSuffix)
        r.formattedName = clean(formattedName); r.middleName = clean(middleName)
        return r
    }

    /// Whether `text` holds a NUL character: a look at its bytes where they are at hand (nearly always).
    static func holdsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? text.utf8.contains(0)
    }

    /// The fields that hold a NUL character, by the names a person knows them by ("e-mail", "notes").
    public var fieldsWithNULs: [String] {
        func has(_ text: String) -> Bool { Self.holdsNUL(text) }
        var found: [String] = []
        if has(firstName) || has(lastName) || has(formattedName) || has(middleName) || has(namePrefix) || has(nameSuffix) || has(nickname) { found.append("the name") }
        if phones.contains(where: { has($0.number) || has($0.label) }) { found.append("a phone") }
        if emails.contains(where: has) || emailLabels.contains(where: has) { found.append("an e-mail") }
        if has(company) || has(title) { found.append("the company or title") }
        if has(notes) { found.append("the notes") }
        if has(uid) || has(birthday) || has(url) || has(extras) { found.append("another property") }
        if addresses.contains(where: { [$0.label, $0.poBox, $0.extended, $0.street, $0.city, $0.region, $0.postalCode, $0.country].contains(where: has) }) {
            found.append("an address")
        }
        return found
    }

    /// The label of the e-mail at `index`, "" when it has none.
    public func emailLabel(at index: Int) -> String { index < emailLabels.count ? emailLabels[index] : "" }

    public init(id: Int64? = nil, firstName: String, lastName: String, phones: [Phone] = [], emails: [String] = [],
                company: String = "", notes: String = "", isFriend: Bool = false) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.phones = phones
        self.emails = emails
        self.company = company
        self.notes = notes
        self.isFriend = isFriend
    }
}

/// One row of the contact list: what a list needs, nothing more.
public struct ContactSummary: Equatable, Sendable {
    public let id: Int64
    public let firstName: String
    public let lastName: String
    public let isFriend: Bool
    /// The folded "last first" the list is sorted by; its first letter is the section.
    public let sortKey: String
    /// The contact is in the team's address book, in a list that shows it beside the person's own
    /// contacts (a team's directory); false in a list of one book.
    public var inTeamBook: Bool
    /// What the row shows beside the name on a wide terminal (read with the window: `rowDetails(of:)`).
    public var details = ContactRowDetails()
    /// The name the contact is shown by as stored (`ContactRecord.displayName`); "" from a row
    /// written before it was kept (then `name` is made from the first and last name).
    public let displayName: String

    public init(id: Int64, firstName: String, lastName: String, isFriend: Bool, sortKey: String, inTeamBook: Bool = false,
                displayName: String = "") {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.isFriend = isFriend
        self.sortKey = sortKey
        self.inTeamBook = inTeamBook
        self.displayName = displayName
    }

    /// The name the row shows: the display name, else first and last name.
    public var name: String { displayName.isEmpty ? PersonName.full(first: firstName, last: lastName) : displayName }
}

public extension ContactRecord {

    /// Takes the fields the contact form does not edit from `stored`, so a save from the form
    /// keeps them: a value the form showed without its line breaks and did not change; UID, the
    /// card as it came, extras (but the groups); the preferred e-mail and phone, which follow their
    /// address or number to wherever the form put it.
    mutating func keepCardFields(of stored: ContactRecord) {
        uid = stored.uid
        card = stored.card
        // A one-line field shows a stored value's line breaks and tabs as nothing: saved unchanged, the value stays as stored.
        func asStored(_ shown: String, _ old: String) -> String {
            let visible = String(old.unicodeScalars.filter { !($0.value < 0x20 || (0x7F..<0xA0).contains($0.value)) }.map(Character.init))
            return shown == old || shown != SearchText.trimmed(visible) ? shown : old
        }
        firstName = asStored(firstName, stored.firstName)
        middleName = asStored(middleName, stored.middleName)
        lastName = asStored(lastName, stored.lastName)
        company = asStored(company, stored.company)
        // The form edits the formatted name (FN) apart from N's parts: each changes only when its own
        // field does ("" there: the name made from the parts).
        formattedName = asStored(formattedName, stored.formattedName)
        namePrefix = asStored(namePrefix, stored.namePrefix)
        nameSuffix = asStored(nameSuffix, stored.nameSuffix)
        title = asStored(title, stored.title)
        nickname = asStored(nickname, stored.nickname)
        url = asStored(url, stored.url)
        // Each address the form shows, each e-mail label: as stored where only its hidden characters went.
        for i in addresses.indices where i < stored.addresses.count {
            let old = stored.addresses[i]
            addresses[i].street = asStored(addresses[i].street, old.street)
            addresses[i].city = asStored(addresses[i].city, old.city)
            addresses[i].region = asStored(addresses[i].region, old.region)
            addresses[i].postalCode = asStored(addresses[i].postalCode, old.postalCode)
            addresses[i].country = asStored(addresses[i].country, old.country)
            addresses[i].label = asStored(addresses[i].label, old.label)
        }
        // The groups the form edits (a CATEGORIES line of the extras); the other extras stay as stored.
        let groups = categories
        extras = stored.extras
        if groups != stored.categories { categories = groups }
        let labels = emails.indices.map { i in
            stored.emails.firstIndex(of: emails[i]).map { asStored(emailLabel(at: i), stored.emailLabel(at: $0)) } ?? emailLabel(at: i)
        }
        emailLabels = labels.allSatisfy(\.isEmpty) ? [] : labels
        // The preference follows its address or number; one edited in its row stays with the row.
        preferredEmail = stored.preferredEmail.flatMap { p in
            p < stored.emails.count ? emails.firstIndex(of: stored.emails[p]) ?? (p < emails.count && !stored.emails.contains(emails[p]) ? p : nil) : nil
        }
        preferredPhone = stored.preferredPhone.flatMap { p in
            p < stored.phones.count
                ? phones.firstIndex { $0.number == stored.phones[p].number } ?? (p < phones.count && !stored.phones.contains { $0.number == phones[p].number } ? p : nil)
                : nil
        }
    }
}
