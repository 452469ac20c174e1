/// A CSV file's header row mapped to contact fields, and each record after it made a contact.
/// Cells that hold several values separate them with " ::: " (Google's way); a label that
/// starts with "* " marks the value preferred; Google's system groups ("* myContacts") are skipped.
public struct CSVContactMapping: Sendable {
    let columns: [CSVColumn]
    /// The header as read.
    public let header: [String]

    /// Maps a header row; nil when no column names a contact field (not a contacts CSV).
    public init?(header: [String]) {
        let hasJobTitle = header.contains { let h = $0.trimmingSpaces.lowercased(); return (CSVColumn.germanOutlook[h] ?? h) == "job title" }
        let columns = header.map { CSVColumn.role(of: $0, hasJobTitle: hasJobTitle) }
        let known = columns.filter { if case .other = $0 { return false } else { return true } }
        guard !known.isEmpty else { return nil }
        self.columns = columns
        self.header = header
    }

    /// Why a header row is not a contacts CSV, naming its columns.
    public static func refusal(header: [String]) -> String {
        let names = header.prefix(6).map { "“" + ReadProblem.clip($0) + "”" }.joined(separator: ", ") + (header.count > 6 ? ", …" : "")
        return "none of the CSV header's columns (\(names)) is a name, e-mail, phone or address column Google, Outlook or Thunderbird write"
    }

    static let separator = " ::: "
    static let knownLabels: Set<String> = ["home", "work", "mobile", "other", "fax", "pager", "main", "home fax", "work fax", "homepage", "blog", "profile"]

    static func values(_ cell: String) -> [String] {
        cell.components(separatedBy: separator).map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    static func label(_ raw: String) -> (label: String, preferred: Bool) {
        var text = raw.trimmingSpaces
        var preferred = false
        if text == "*" { return ("", true) }
        if text.hasPrefix("* ") { preferred = true; text = String(text.dropFirst(2)).trimmingSpaces }
        let lower = text.lowercased()
        return (knownLabels.contains(lower) ? lower : text, preferred)
    }

    /// The contact one record describes (`line` its first line).
    public func contact(from fields: [String], line: Int) -> ContactCard {
        var c = ContactCard(line: line)
        var emailSlots: [(String, String?, [String], String)] = []   // slot, fixed label, values, label
        var phoneSlots: [(String, String?, [String], String)] = []
        var urlSlots: [(String, String?, [String], String)] = []
        var addressSlots: [(slot: String, address: PostalAddress, formatted: String)] = []
        func slotIndex(_ slots: inout [(String, String?, [String], String)], _ slot: String, _ fixed: String?) -> Int {
            if let i = slots.firstIndex(where: { $0.0 == slot }) { return i }
            slots.append((slot, fixed, [], fixed ?? ""))
            return slots.count - 1
        }
        func addressIndex(_ slot: String, _ fixed: String?) -> Int {
            if let i = addressSlots.firstIndex(where: { $0.slot == slot }) { return i }
            addressSlots.append((slot, PostalAddress(label: fixed ?? ""), ""))
            return addressSlots.count - 1
        }
        var birth: (year: Int?, month: Int?, day: Int?) = (nil, nil, nil)
        for (index, column) in columns.enumerated() where index < fields.count {
            let cell = CSVFormulaGuard.unguarded(fields[index])   // the `'` our export put before a formula-like cell
            let trimmed = cell.trimmingSpaces
            guard !trimmed.isEmpty else { continue }
            switch column {
            case .uid: c.uid = trimmed
            case .fullName: c.formattedName = trimmed
            case .given: c.givenName = trimmed
            case .additional: c.additionalNames = trimmed
            case .family: c.familyName = trimmed
            case .prefix: c.prefixes = trimmed
            case .suffix: c.suffixes = trimmed
            case .nickname: c.nicknames += Self.values(cell)
            case .organization: c.organization = trimmed
            case .department: c.organizationUnits += Self.values(cell)
            case .title: c.title = trimmed
            case .birthday:
                if let date = PartialDate(parsing: trimmed) { c.birthday = date }
                else if trimmed != "0/0/00" { c.extras.append(VCardProperty(name: "X-CSV-BIRTHDAY", value: VCardEscaping.escape(trimmed))) }
            case .birthYear: birth.year = Int(trimmed).flatMap { $0 > 0 ? $0 : nil }
            case .birthMonth: birth.month = Int(trimmed)
            case .birthDay: birth.day = Int(trimmed)
            case .note: c.note = cell
            case .categories:
                for v in Self.values(cell) where !v.hasPrefix("* ") && !c.categories.contains(v) { c.categories.append(v) }
            case .email(let slot, let part, let fixed):
                let i = slotIndex(&emailSlots, slot, fixed)
                if part == .value { emailSlots[i].2 = Self.values(cell) } else { emailSlots[i].3 = trimmed }
            case .phone(let slot, let part, let fixed):
                let i = slotIndex(&phoneSlots, slot, fixed)
                if part == .value { phoneSlots[i].2 = Self.values(cell) } else { phoneSlots[i].3 = trimmed }
            case .url(let slot, let part, let fixed):
                let i = slotIndex(&urlSlots, slot, fixed)
                if part == .value { urlSlots[i].2 = Self.values(cell) } else { urlSlots[i].3 = trimmed }
            case .address(let slot, let part, let fixed):
                let i = addressIndex(slot, fixed)
                switch part {
                case .label:
                    let (label, preferred) = Self.label(trimmed)
                    addressSlots[i].address.label = label
                    addressSlots[i].address.isPreferred = preferred
                case .street: addressSlots[i].address.street = cell
                case .extended: addressSlots[i].address.extended = addressSlots[i].address.extended.isEmpty ? trimmed : addressSlots[i].address.extended + "\n" + trimmed
                case .poBox: addressSlots[i].address.poBox = trimmed
                case .city: addressSlots[i].address.locality = trimmed
                case .region: addressSlots[i].address.region = trimmed
                case .postalCode: addressSlots[i].address.postalCode = trimmed
                case .country: addressSlots[i].address.country = trimmed
                case .formatted: addressSlots[i].formatted = cell
                }
            case .other(let name):
                var sanitized = String(name.uppercased().unicodeScalars.map { ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" })
                if sanitized.isEmpty { sanitized = "COLUMN" }
                c.extras.append(VCardProperty(name: "X-CSV-" + sanitized, value: VCardEscaping.escape(cell)))
            }
        }
        func labeled(_ slots: [(String, String?, [String], String)]) -> [LabeledValue] {
            slots.flatMap { slot -> [LabeledValue] in
                let (label, preferred) = slot.1.map { ($0, false) } ?? Self.label(slot.3)
                return slot.2.map { LabeledValue(label: label, value: $0, isPreferred: preferred) }
            }
        }
        if c.birthday == nil, let month = birth.month, let day = birth.day {
            c.birthday = PartialDate(year: birth.year, month: month, day: day)
        }
        c.emails = labeled(emailSlots)
        c.phones = labeled(phoneSlots)
        c.urls = labeled(urlSlots)
        for slot in addressSlots {
            var address = slot.address
            address.street = address.street.trimmingSpaces
            // A formatted address alone (Google's "Address 1 - Formatted") becomes the street lines.
            if address.isEmpty, !slot.formatted.trimmingSpaces.isEmpty { address.street = slot.formatted.trimmingSpaces }
            if !address.isEmpty { c.addresses.append(address) }
        }
        return c
    }
}

/// Writes contacts as CSV under our own header: Google's column names plus "UID" and "Name",
/// so Google Contacts reads it and so do we. Values past the last column of a kind go into that
/// column joined with " ::: ". Opaque extras (photos, X- properties) have no column.
public struct CSVContactWriter: Sendable {
    /// How many columns of each repeated kind.
    public var emailColumns, phoneColumns, addressColumns, urlColumns: Int

    /// Makes a writer with room for the given counts (at least one of each).
    public init(emailColumns: Int = 3, phoneColumns: Int = 3, addressColumns: Int = 2, urlColumns: Int = 2) {
        self.emailColumns = max(1, emailColumns)
        self.phoneColumns = max(1, phoneColumns)
        self.addressColumns = max(1, addressColumns)
        self.urlColumns = max(1, urlColumns)
    }

    /// A writer with as many columns as the most of each kind in `contacts`.
    public init(fitting contacts: [ContactCard]) {
        self.init(emailColumns: contacts.map(\.emails.count).max() ?? 1, phoneColumns: contacts.map(\.phones.count).max() ?? 1,
                  addressColumns: contacts.map(\.addresses.count).max() ?? 1, urlColumns: contacts.map(\.urls.count).max() ?? 1)
    }

    static let addressParts = ["Label", "Street", "Extended Address", "PO Box", "City", "Region", "Postal Code", "Country"]

    /// The header row's names.
    public var headerFields: [String] {
        var h = ["UID", "Name", "First Name", "Middle Name", "Last Name", "Name Prefix", "Name Suffix", "Nickname",
                 "Organization Name", "Organization Department", "Organization Title", "Birthday", "Notes", "Labels"]
        for i in 1...emailColumns { h += ["E-mail \(i) - Label", "E-mail \(i) - Value"] }
        for i in 1...phoneColumns { h += ["Phone \(i) - Label", "Phone \(i) - Value"] }
        for i in 1...addressColumns { h += Self.addressParts.map { "Address \(i) - \($0)" } }
        for i in 1...urlColumns { h += ["Website \(i) - Label", "Website \(i) - Value"] }
        return h
    }

    /// The header line.
    public var header: String { CSVWriter.line(headerFields) }

    /// One contact's fields in header order.
    public func fields(_ c: ContactCard) -> [String] {
        let j = CSVContactMapping.separator
        var f = [c.uid, c.formattedName, c.givenName, c.additionalNames, c.familyName, c.prefixes, c.suffixes,
                 c.nicknames.joined(separator: j), c.organization, c.organizationUnits.joined(separator: j), c.title,
                 c.birthday?.description ?? "", c.note, c.categories.joined(separator: j)]
        func label(_ v: LabeledValue) -> String { (v.isPreferred ? "* " : "") + v.label }
        func slots(_ values: [LabeledValue], _ count: Int) {
            for i in 0..<count {
                if i < count - 1 || values.count <= count {
                    f += i < values.count ? [label(values[i]), values[i].value] : ["", ""]
                } else {
                    f += [label(values[i]), values[i...].map(\.value).joined(separator: j)]
                }
            }
        }
        slots(c.emails, emailColumns)
        slots(c.phones, phoneColumns)
        for i in 0..<addressColumns {
            if i < c.addresses.count {
                let a = c.addresses[i]
                f += [(a.isPreferred ? "* " : "") + a.label, a.street, a.extended, a.poBox, a.locality, a.region, a.postalCode, a.country]
            } else {
                f += Array(repeating: "", count: Self.addressParts.count)
            }
        }
        slots(c.urls, urlColumns)
        return f
    }

    /// One contact's line.
    public func line(_ c: ContactCard) -> String { CSVWriter.line(fields(c)) }
}
