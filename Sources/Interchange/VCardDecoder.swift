/// Turns a `VCard` into a `ContactCard`; what it has no field for is kept in `extras`.
public enum VCardDecoder {
    /// True when the card is a group, not a person: vCard 4.0's `KIND:group` or iCloud's
    /// `X-ADDRESSBOOKSERVER-KIND:group` (its members are `X-ADDRESSBOOKSERVER-MEMBER` lines).
    public static func isGroup(_ card: VCard) -> Bool {
        card.properties.contains { ($0.name == "KIND" || $0.name == "X-ADDRESSBOOKSERVER-KIND") && $0.text.trimmingSpaces.lowercased() == "group" }
    }

    /// Properties rebuilt on every write and not kept (PRODID, REV), and 3.0's PROFILE, whose
    /// value is always VCARD (vobject refuses a card that has it).
    static let regenerated: Set<String> = ["PRODID", "REV", "PROFILE"]

    /// The properties an `X-ABLABEL` of their group labels.
    static let labeled: Set<String> = ["EMAIL", "TEL", "ADR", "URL"]

    /// A value kept alone as a property (`VCardWriter.property(_:for:)`): its label from TYPE or
    /// an `X-ABLABEL` parameter, its preference from PREF.
    public static func labeledValue(from p: VCardProperty) -> LabeledValue {
        let label = p.values(of: "X-ABLABEL").first ?? VCardLabels.label(types: p.types)
        return LabeledValue(label: label, value: p.text.trimmingSpaces, isPreferred: p.isPreferred)
    }

    /// The contact a card describes.
    public static func contact(from card: VCard) -> ContactCard {
        var contact = ContactCard(line: card.line)
        var groupLabels: [String: String] = [:]
        // Apple's labels: an `X-ABLABEL` in the group of an e-mail, phone, address or URL (most cards have no groups).
        if card.properties.contains(where: { $0.group != nil }) {
            let labeledGroups = Set(card.properties.filter { labeled.contains($0.name) }.compactMap { $0.group?.lowercased() })
            for p in card.properties where p.name == "X-ABLABEL" && labeledGroups.contains(p.group?.lowercased() ?? "") {
                if let group = p.group?.lowercased() { groupLabels[group] = VCardLabels.label(abLabel: p.text) }
            }
        }
        func label(_ p: VCardProperty) -> String {
            if !groupLabels.isEmpty, let group = p.group?.lowercased(), let label = groupLabels[group] { return label }
            return VCardLabels.label(types: p.types)
        }
        for p in card.properties {
            switch p.name {
            case "FN":
                if contact.formattedName.isEmpty { contact.formattedName = p.text.trimmingSpaces } else { contact.extras.append(p) }
            case "N":
                let c = p.components + Array(repeating: "", count: 5)
                let raw = VCardEscaping.split(p.value, at: ";") + Array(repeating: "", count: 5)
                contact.familyName = c[0].trimmingSpaces
                contact.givenName = c[1].trimmingSpaces
                // Lists: "Jr.,Esq." is two suffixes, kept as two ("Jr., Esq."; written back "Jr.,Esq.").
                contact.additionalNames = VCardEscaping.listComponent(raw[2])
                contact.prefixes = VCardEscaping.listComponent(raw[3])
                contact.suffixes = VCardEscaping.listComponent(raw[4])
            case "NICKNAME":
                contact.nicknames += p.list.map(\.trimmingSpaces).filter { !$0.isEmpty }
            case "ORG":
                if contact.organization.isEmpty && contact.organizationUnits.isEmpty {
                    let c = p.components
                    contact.organization = c[0].trimmingSpaces
                    contact.organizationUnits = c.dropFirst().map(\.trimmingSpaces).filter { !$0.isEmpty }
                } else { contact.extras.append(p) }
            case "TITLE":
                if contact.title.isEmpty { contact.title = p.text.trimmingSpaces } else { contact.extras.append(p) }
            case "EMAIL":
                let value = p.text.trimmingSpaces
                if !value.isEmpty { contact.emails.append(LabeledValue(label: label(p), value: value, isPreferred: p.isPreferred)) }
            case "TEL":
                var value = p.text.trimmingSpaces
                if value.lowercased().hasPrefix("tel:") { value = String(value.dropFirst(4)) }
                if !value.isEmpty { contact.phones.append(LabeledValue(label: label(p), value: value, isPreferred: p.isPreferred)) }
            case "ADR":
                let c = (p.components + Array(repeating: "", count: 7)).map(\.trimmingSpaces)
                var address = PostalAddress(label: label(p), poBox: c[0], extended: c[1], street: c[2], locality: c[3],
                                            region: c[4], postalCode: c[5], country: c[6], isPreferred: p.isPreferred)
                if let written = p.values(of: "LABEL").first, written != address.formatted { address.deliveryLabel = written }
                if !address.isEmpty { contact.addresses.append(address) }
            case "URL":
                let value = p.text.trimmingSpaces
                if !value.isEmpty { contact.urls.append(LabeledValue(label: label(p), value: value, isPreferred: p.isPreferred)) }
            case "BDAY":
                if contact.birthday == nil, var date = PartialDate(parsing: p.text) {
                    // Apple's year-less birthday: `BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12`.
                    if let year = date.year, year == 1604 || p.values(of: "X-APPLE-OMIT-YEAR").contains(String(year)) { date.year = nil }
                    contact.birthday = date
                } else { contact.extras.append(p) }
            case "NOTE":
                let text = p.text
                contact.note = contact.note.isEmpty ? text : contact.note + "\n" + text
            case "CATEGORIES":
                for category in p.list.map(\.trimmingSpaces) where !category.isEmpty && !contact.categories.contains(category) {
                    contact.categories.append(category)
                }
            case "UID":
                if contact.uid.isEmpty { contact.uid = p.text.trimmingSpaces } else { contact.extras.append(p) }
            case "X-ABLABEL" where p.group.map { groupLabels[$0.lowercased()] != nil } ?? false:
                continue
            case let name where regenerated.contains(name):
                continue
            default:
                contact.extras.append(p)
            }
        }
        takeDeliveryLabels(into: &contact, label: label)
        return contact
    }

    /// 3.0's (and 2.1's) `LABEL` properties become the delivery label of the address of the same
    /// type (its group's X-ABLabel, else its TYPE words) that has none yet; one that matches no
    /// address stays a kept property.
    static func takeDeliveryLabels(into contact: inout ContactCard, label: (VCardProperty) -> String) {
        var kept: [VCardProperty] = []
        for p in contact.extras {
            guard p.name == "LABEL" else { kept.append(p); continue }
            let text = p.text
            let type = label(p)
            if let i = contact.addresses.firstIndex(where: { $0.deliveryLabel.isEmpty && $0.label == type }) {
                if text != contact.addresses[i].formatted { contact.addresses[i].deliveryLabel = text }
            } else {
                kept.append(p)
            }
        }
        contact.extras = kept
    }
}
