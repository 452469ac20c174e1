/// What one CSV column holds, found from its header: the header names of Google Contacts
/// (old and new exports), Outlook, Thunderbird, and our own export (Google's names plus UID
/// and Name).
enum CSVColumn: Equatable {
    enum Part: Equatable { case value, label }
    enum AddressPart: Equatable { case label, street, extended, poBox, city, region, postalCode, country, formatted }

    case uid, fullName, given, additional, family, prefix, suffix, nickname
    case organization, department, title, birthday, note, categories
    /// Thunderbird's birthday in three columns.
    case birthYear, birthMonth, birthDay
    /// An e-mail / phone / web column: slot key ("1", "home") and a fixed label for
    /// Outlook's named columns.
    case email(slot: String, part: Part, fixedLabel: String?)
    case phone(slot: String, part: Part, fixedLabel: String?)
    case url(slot: String, part: Part, fixedLabel: String?)
    case address(slot: String, part: AddressPart, fixedLabel: String?)
    /// A column this mapping does not know; its values are kept as `X-CSV-…` extras.
    case other(String)

    /// The role of a header; `hasJobTitle` tells Outlook's "Title" (a prefix) from a job title.
    static func role(of rawHeader: String, hasJobTitle: Bool) -> CSVColumn {
        let raw = rawHeader.trimmingSpaces.lowercased()
        let h = germanOutlook[raw] ?? raw
        switch h {
        case "uid": return .uid
        case "name", "full name", "display name", "formatted name": return .fullName
        case "first name", "given name": return .given
        case "middle name", "additional name": return .additional
        case "last name", "family name": return .family
        case "name prefix": return .prefix
        case "title": return hasJobTitle ? .prefix : .title
        case "name suffix", "suffix": return .suffix
        case "nickname": return .nickname
        case "organization name", "organization 1 - name", "company", "organization": return .organization
        case "organization department", "organization 1 - department", "department": return .department
        case "organization title", "organization 1 - title", "job title": return .title
        case "birthday": return .birthday
        case "birth year": return .birthYear
        case "birth month": return .birthMonth
        case "birth day": return .birthDay
        case "notes", "note": return .note
        case "labels", "group membership", "categories": return .categories
        case "e-mail address", "email", "e-mail", "email address", "primary email": return .email(slot: "1", part: .value, fixedLabel: nil)
        case "e-mail 2 address", "secondary email": return .email(slot: "2", part: .value, fixedLabel: nil)
        case "e-mail 3 address": return .email(slot: "3", part: .value, fixedLabel: nil)
        case "mobile phone", "mobile number": return .phone(slot: "mobile", part: .value, fixedLabel: "mobile")
        case "work phone": return .phone(slot: h, part: .value, fixedLabel: "work")
        case "fax number": return .phone(slot: h, part: .value, fixedLabel: "fax")
        case "pager number": return .phone(slot: h, part: .value, fixedLabel: "pager")
        case "home phone": return .phone(slot: "home", part: .value, fixedLabel: "home")
        case "home phone 2": return .phone(slot: "home2", part: .value, fixedLabel: "home")
        case "business phone", "company main phone": return .phone(slot: h, part: .value, fixedLabel: "work")
        case "business phone 2": return .phone(slot: h, part: .value, fixedLabel: "work")
        case "business fax": return .phone(slot: h, part: .value, fixedLabel: "work fax")
        case "home fax": return .phone(slot: h, part: .value, fixedLabel: "home fax")
        case "other phone", "other fax": return .phone(slot: h, part: .value, fixedLabel: h == "other fax" ? "fax" : "other")
        case "pager": return .phone(slot: h, part: .value, fixedLabel: "pager")
        case "primary phone": return .phone(slot: h, part: .value, fixedLabel: "")
        case "assistant's phone": return .phone(slot: h, part: .value, fixedLabel: "assistant")
        case "callback": return .phone(slot: h, part: .value, fixedLabel: "callback")
        case "car phone": return .phone(slot: h, part: .value, fixedLabel: "car")
        case "isdn": return .phone(slot: h, part: .value, fixedLabel: "isdn")
        case "radio phone": return .phone(slot: h, part: .value, fixedLabel: "radio")
        case "tty/tdd phone": return .phone(slot: h, part: .value, fixedLabel: "textphone")
        case "telex": return .phone(slot: h, part: .value, fixedLabel: "telex")
        case "web page": return .url(slot: "outlook", part: .value, fixedLabel: nil)
        case "web page 1": return .url(slot: h, part: .value, fixedLabel: "work")
        case "web page 2": return .url(slot: h, part: .value, fixedLabel: "home")
        default: break
        }
        // Outlook's address columns: "Home Street", "Business Postal Code", "Other Country/Region";
        // Thunderbird's: "Home Address", "Work Address 2", "Work ZipCode".
        for (prefix, label) in [("home ", "home"), ("business ", "work"), ("other ", "other"), ("work ", "work")] where h.hasPrefix(prefix) {
            let rest = String(h.dropFirst(prefix.count))
            let part: AddressPart? = switch rest {
            case "street", "address": .street
            case "street 2", "street 3", "address 2", "address2": .extended
            case "po box", "address po box": .poBox
            case "city": .city
            case "state": .region
            case "postal code", "zipcode", "zip code", "zip": .postalCode
            case "country/region", "country": .country
            default: nil
            }
            if let part { return .address(slot: label, part: part, fixedLabel: label) }
        }
        // Google's numbered columns: "E-mail 1 - Value", "Phone 2 - Type", "Address 1 - City".
        let pieces = h.components(separatedBy: " - ")
        if pieces.count == 2 {
            let head = pieces[0].split(separator: " ")
            if head.count == 2, let n = Int(head[1]) {
                let slot = String(n)
                let field = pieces[1]
                let part: Part? = field == "value" ? .value : (field == "type" || field == "label") ? .label : nil
                switch head[0] {
                case "e-mail", "email": if let part { return .email(slot: slot, part: part, fixedLabel: nil) }
                case "phone": if let part { return .phone(slot: slot, part: part, fixedLabel: nil) }
                case "website": if let part { return .url(slot: slot, part: part, fixedLabel: nil) }
                case "address":
                    let addressPart: AddressPart? = switch field {
                    case "type", "label": .label
                    case "formatted": .formatted
                    case "street": .street
                    case "extended address": .extended
                    case "po box", "address po box": .poBox
                    case "city": .city
                    case "region": .region
                    case "postal code": .postalCode
                    case "country": .country
                    default: nil
                    }
                    if let addressPart { return .address(slot: slot, part: addressPart, fixedLabel: nil) }
                default: break
                }
            }
        }
        return .other(rawHeader)
    }
}

extension CSVColumn {
    /// Outlook's German column names (its CSV export in German, semicolon-separated), as the
    /// English names they stand for.
    static let germanOutlook: [String: String] = [
        "anrede": "title", "vorname": "first name", "weitere vornamen": "middle name", "nachname": "last name",
        "suffix": "suffix", "firma": "company", "abteilung": "department", "position": "job title",
        "straße geschäftlich": "business street", "straße geschäftlich 2": "business street 2",
        "ort geschäftlich": "business city", "region geschäftlich": "business state",
        "postleitzahl geschäftlich": "business postal code", "land/region geschäftlich": "business country/region",
        "straße privat": "home street", "straße privat 2": "home street 2", "ort privat": "home city",
        "region privat": "home state", "postleitzahl privat": "home postal code", "land/region privat": "home country/region",
        "weitere straße": "other street", "weiterer ort": "other city", "weitere region": "other state",
        "weitere postleitzahl": "other postal code", "weiteres/r land/region": "other country/region",
        "telefon geschäftlich": "business phone", "telefon geschäftlich 2": "business phone 2", "fax geschäftlich": "business fax",
        "telefon privat": "home phone", "telefon privat 2": "home phone 2", "fax privat": "home fax",
        "mobiltelefon": "mobile phone", "weiteres telefon": "other phone", "weiteres fax": "other fax", "pager": "pager",
        "autotelefon": "car phone", "telefon assistent": "assistant's phone", "haupttelefon": "primary phone",
        "e-mail-adresse": "e-mail address", "e-mail 2: adresse": "e-mail 2 address", "e-mail 3: adresse": "e-mail 3 address",
        "geburtstag": "birthday", "notizen": "notes", "kategorien": "categories", "webseite": "web page",
    ]
}

extension String {
    /// Splits at every occurrence of `separator` (Foundation-free).
    func components(separatedBy separator: String) -> [String] {
        guard !separator.isEmpty else { return [self] }
        var parts: [String] = []
        var start = startIndex, i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(separator) {
                parts.append(String(self[start..<i]))
                i = index(i, offsetBy: separator.count)
                start = i
            } else {
                formIndex(after: &i)
            }
        }
        parts.append(String(self[start...]))
        return parts
    }
}
