import AppServices
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Interchange

/// Contacts as the app stores them to and from the interchange formats' cards.
/// What a stored contact has no field for goes into its opaque extras as vCard lines (more web
/// addresses, organization units, other categories); what cannot be kept (a second preferred
/// e-mail or phone) is counted in `dropped`.
public enum ContactCardMapping {
    /// Kinds of data an import could not keep, counted by name ("e-mail labels": 3).
    public typealias Dropped = [String: Int]

    public static func record(from card: ContactCard, dropped: inout Dropped) -> ContactRecord {
        var first = card.givenName
        var last = card.familyName
        // A card with a formatted name and no N (3.0 and 2.1 require N; many writers leave it out)
        // gets first and last name from it, so the form can edit them — unless the name is a
        // company's (KIND:org, Apple's X-ABShowAs:COMPANY, or FN the same as ORG): that card is listed
        // by its company, with no person's name. A card without either is shown by what it has.
        if first.isEmpty && last.isEmpty && card.additionalNames.isEmpty && !isCompany(card) {
            let name = card.formattedName
            if let space = name.lastIndex(of: " ") {
                first = String(name[..<space])
                last = String(name[name.index(after: space)...])
            } else {
                first = name
            }
        }
        var extras = card.extras
        // One e-mail and one phone can be the preferred one; the first marked is kept.
        let extraPreferences = max(0, card.emails.filter(\.isPreferred).count - 1) + max(0, card.phones.filter(\.isPreferred).count - 1)
        if extraPreferences > 0 { dropped["second preferred e-mails or phones", default: 0] += extraPreferences }
        for url in card.urls.dropFirst() { extras.append(VCardWriter.property("URL", for: url)) }
        if !card.organizationUnits.isEmpty {
            extras.append(VCardProperty(name: "X-ORG-UNITS", list: card.organizationUnits))
        }
        // Categories are kept as written and in order ("Friend" stays "Friend"); the friend flag
        // stands for the one spelled "friends", which is the only one not kept here.
        let keptCategories = card.categories.filter { $0 != "friends" }
        if !keptCategories.isEmpty { extras.append(VCardProperty(name: "CATEGORIES", list: keptCategories)) }
        var record = ContactRecord(firstName: first, lastName: last,
                                   // The form's rule for numbers (PhoneText); one it refuses is kept as written, never lost.
                                   phones: card.phones.map { .init(label: $0.label.isEmpty ? "phone" : $0.label, number: PhoneText.stored($0.value) ?? $0.value) },
                                   emails: card.emails.map(\.value), company: card.organization, notes: card.note,
                                   isFriend: card.isFriend)
        record.uid = card.uid
        // A formatted name that is only the parts put together, as an export of a contact made here
        // writes it, is not kept apart: the contact reads back as it was (shown by its parts).
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
        let built = [card.prefixes, first, card.additionalNames, last, card.suffixes].flatMap(words)
        record.formattedName = words(card.formattedName) == built ? "" : card.formattedName
        record.middleName = card.additionalNames
        record.nickname = card.nicknames.joined(separator: ", ")
        record.title = card.title
        record.birthday = card.birthday?.description ?? ""
        record.url = card.urls.first?.value ?? ""
        record.addresses = card.addresses.map {
            .init(label: $0.label, poBox: $0.poBox, extended: $0.extended, street: $0.street, city: $0.locality,
                  region: $0.region, postalCode: $0.postalCode, country: $0.country)
        }
        record.extras = extras.map(\.contentLine).joined(separator: "\r\n")
        record.namePrefix = card.prefixes
        record.nameSuffix = card.suffixes
        let labels = card.emails.map(\.label)
        record.emailLabels = labels.allSatisfy(\.isEmpty) ? [] : labels
        record.preferredEmail = card.emails.firstIndex(where: \.isPreferred)
        record.preferredPhone = card.phones.firstIndex(where: \.isPreferred)
        return record
    }

    public static func card(from record: ContactRecord) -> ContactCard {
        let builtName = [record.namePrefix, record.firstName, record.middleName, record.lastName, record.nameSuffix].filter { !$0.isEmpty }.joined(separator: " ")
        var card = ContactCard(uid: record.uid, formattedName: record.formattedName.isEmpty ? builtName : record.formattedName,
                               familyName: record.lastName, givenName: record.firstName, additionalNames: record.middleName,
                               prefixes: record.namePrefix, suffixes: record.nameSuffix,
                               nicknames: record.nickname.isEmpty ? [] : record.nickname.split(separator: ",").map { String($0).trimmingCharacters() },
                               organization: record.company, title: record.title,
                               emails: record.emails.enumerated().map { i, e in
                                   LabeledValue(label: record.emailLabel(at: i), value: e, isPreferred: record.preferredEmail == i)
                               },
                               phones: record.phones.enumerated().map { i, p in
                                   LabeledValue(label: p.label == "phone" ? "" : p.label, value: p.number, isPreferred: record.preferredPhone == i)
                               },
                               addresses: record.addresses.map {
                                   PostalAddress(label: $0.label, poBox: $0.poBox, extended: $0.extended, street: $0.street, locality: $0.city,
                                                 region: $0.region, postalCode: $0.postalCode, country: $0.country)
                               },
                               urls: record.url.isEmpty ? [] : [LabeledValue(value: record.url)],
                               birthday: PartialDate(parsing: record.birthday), note: record.notes,
                               categories: record.isFriend ? ["friends"] : [])
        for line in record.extras.split(separator: "\r\n") {
            guard let property = VCardProperty(parsing: String(line)) else { continue }
            switch property.name {
            case "URL": card.urls.append(VCardDecoder.labeledValue(from: property))
            case "X-ORG-UNITS": card.organizationUnits = property.list
            case "CATEGORIES":
                // The friends category as written stands for the flag; unflagged, it goes.
                let written = property.list.filter { record.isFriend || !isFriends($0) }
                if written.contains(where: isFriends) { card.categories.removeAll { $0 == "friends" } }
                card.categories += written
            default: card.extras.append(property)
            }
        }
        return card
    }

    /// The contact's vCard as it came, with the properties of every field changed since (an
    /// edit, the friend flag, a UID given by an export, a duplicate merged in) rewritten and REV
    /// set to `revision`; nil for a contact made here (its card is made from its fields).
    public static func keptCard(of record: ContactRecord, revision: String) -> VCard? {
        guard !record.card.isEmpty, let kept = VCard(storedText: record.card) else { return nil }
        return edited(kept, to: record, revision: revision)
    }

    /// `kept` (the card `record` was read from) with the properties of every field `record`
    /// changed since rewritten and REV set to `revision` (see `keptCard(of:revision:)`).
    /// `fillsBlankName`: an FN that is there but empty gets the contact's name too (an export);
    /// false: only a card with no FN at all gets one (a sync: the server's card keeps its own).
    public static func edited(_ kept: VCard, to record: ContactRecord, revision: String, fillsBlankName: Bool = true) -> VCard {
        var kept = kept
        var scratch = Dropped()
        var asCame = self.record(from: VCardDecoder.contact(from: kept), dropped: &scratch)
        asCame.card = record.card
        asCame = asCame.removingNULs()
        let now = card(from: record)
        kept.apply(from: card(from: asCame), to: now, revision: revision)
        // A card that came without a name to show gets the one the contact is listed by (an export must have FN).
        guard fillsBlankName || !kept.properties.contains(where: { $0.name == "FN" }) else { return kept }
        kept.ensureFormattedName([now.formattedName, record.company, record.emails.first ?? "", record.phones.first?.number ?? "", record.nickname]
                                    .first { !$0.isEmpty } ?? "")
        return kept
    }

    /// Now in UTC as vCard's REV writes it: `20261205T134501Z`.
    public static func timestamp() -> String {
        var seconds = time(nil)
        var t = tm()
        gmtime_r(&seconds, &t)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(t.tm_year + 1900)\(two(t.tm_mon + 1))\(two(t.tm_mday))T\(two(t.tm_hour))\(two(t.tm_min))\(two(t.tm_sec))Z"
    }

    /// Whether the card names a company, not a person: KIND:org (4.0), Apple's X-ABShowAs:COMPANY,
    /// or a formatted name that is its organization's and no N.
    public static func isCompany(_ card: ContactCard) -> Bool {
        if card.extras.contains(where: { p in
            let value = p.text.trimmingCharacters().lowercased()
            return (p.name == "KIND" || p.name == "X-KIND") && value == "org" || p.name == "X-ABSHOWAS" && value == "company"
        }) { return true }
        return card.formattedName.isEmpty || card.formattedName == card.organization
    }

    public static func isFriends(_ category: String) -> Bool {
        let folded = category.lowercased()
        return folded == "friends" || folded == "friend"
    }
}

extension String {
    public func trimmingCharacters() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " }), let end = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[start...end])
    }
}
