/// Two cards of one person (the same contact twice in one file: Google's and abook's exports
/// have them) made one: values are united, never replaced.
public extension ContactCard {
    /// This card with what `other` adds: e-mails (case aside), phones (digits aside), addresses,
    /// web addresses, nicknames, units, categories and kept properties it does not have yet are
    /// appended; empty fields take `other`'s; a different note is added below this one.
    func merging(_ other: ContactCard) -> ContactCard {
        var c = self
        func fill(_ field: WritableKeyPath<ContactCard, String>) {
            if c[keyPath: field].isEmpty { c[keyPath: field] = other[keyPath: field] }
        }
        for field in [\ContactCard.uid, \.formattedName, \.familyName, \.givenName, \.additionalNames, \.prefixes, \.suffixes,
                      \.organization, \.title] {
            fill(field)
        }
        for email in other.emails where !c.emails.contains(where: { $0.value.lowercased() == email.value.lowercased() }) {
            c.emails.append(LabeledValue(label: email.label, value: email.value, isPreferred: email.isPreferred && !c.emails.contains(where: \.isPreferred)))
        }
        for phone in other.phones where !c.phones.contains(where: { Self.digits($0.value) == Self.digits(phone.value) && $0.label == phone.label }) {
            c.phones.append(LabeledValue(label: phone.label, value: phone.value, isPreferred: phone.isPreferred && !c.phones.contains(where: \.isPreferred)))
        }
        for address in other.addresses where !c.addresses.contains(where: { $0.components == address.components }) {
            c.addresses.append(address)
        }
        for url in other.urls where !c.urls.contains(where: { $0.value == url.value }) { c.urls.append(url) }
        for nickname in other.nicknames where !c.nicknames.contains(nickname) { c.nicknames.append(nickname) }
        for unit in other.organizationUnits where !c.organizationUnits.contains(unit) { c.organizationUnits.append(unit) }
        for category in other.categories where !c.categories.contains(category) { c.categories.append(category) }
        for extra in other.extras where !c.extras.contains(where: { $0.name == extra.name && $0.value == extra.value && $0.parameters == extra.parameters }) {
            c.extras.append(extra)
        }
        if c.birthday == nil { c.birthday = other.birthday }
        if c.note.isEmpty { c.note = other.note } else if !other.note.isEmpty, other.note != c.note {
            c.note += "\n" + other.note
        }
        return c
    }

    private static func digits(_ number: String) -> String {
        String(number.unicodeScalars.filter { $0.properties.numericType == .decimal }.map(Character.init))
    }
}
