import AppServices

/// A field of a contact as a person sees it, for comparing two versions of one contact field by
/// field (the conflict screen): its label, its value as text, and how to take it from one version
/// into another. Lists (phones, e-mails, addresses) are one field each: taken whole.
struct ContactField: Sendable {
    let label: String
    let text: @Sendable (ContactRecord) -> String
    /// Puts `source`'s value of this field into `target`.
    let copy: @Sendable (_ target: inout ContactRecord, _ source: ContactRecord) -> Void

    /// Every field the form edits, in the form's order.
    static let all: [ContactField] = [
        field("Shown as", \.formattedName),
        field("Prefix", \.namePrefix),
        field("Suffix", \.nameSuffix),
        field("First name", \.firstName),
        field("Last name", \.lastName),
        field("Middle name", \.middleName),
        ContactField(label: "Phones", text: { $0.phones.map { $0.label.isEmpty ? $0.number : "\($0.number) (\($0.label))" }.joined(separator: ", ") },
                     copy: { $0.phones = $1.phones; $0.preferredPhone = $1.preferredPhone }),
        ContactField(label: "E-mails", text: { r in r.emails.indices.map { r.emailLabel(at: $0).isEmpty ? r.emails[$0] : "\(r.emails[$0]) (\(r.emailLabel(at: $0)))" }.joined(separator: ", ") },
                     copy: { $0.emails = $1.emails; $0.emailLabels = $1.emailLabels; $0.preferredEmail = $1.preferredEmail }),
        field("Company", \.company),
        field("Title", \.title),
        field("Nickname", \.nickname),
        ContactField(label: "Groups", text: { $0.categories.joined(separator: ", ") }, copy: { $0.categories = $1.categories }),
        field("Birthday", \.birthday),
        field("Web", \.url),
        ContactField(label: "Address", text: { record in
            record.addresses.map { a in [a.street, a.postalCode, a.city, a.region, a.country].filter { !$0.isEmpty }.joined(separator: ", ") }
                .joined(separator: "; ")
        }, copy: { $0.addresses = $1.addresses }),
        // IM addresses, the anniversary and the custom fields: the kept lines but the groups, taken whole.
        ContactField(label: "Other fields", text: { record in
            let rows = ContactFormExtras.rows(from: record.extras)
            return (rows.ims.map { "IM " + $0.value + ($0.label.isEmpty ? "" : " (\($0.label))") }
                + (rows.anniversary.isEmpty ? [] : ["anniversary " + rows.anniversary]) + rows.customs.map { $0.name + " " + $0.value })
                .joined(separator: ", ")
        }, copy: { target, source in
            let groups = target.categories
            target.extras = source.extras
            if target.categories != groups { target.categories = groups }
        }),
        field("Notes", \.notes),
        ContactField(label: "Friend", text: { $0.isFriend ? "yes" : "no" }, copy: { $0.isFriend = $1.isFriend }),
    ]

    private static func field(_ label: String, _ path: WritableKeyPath<ContactRecord, String> & Sendable) -> ContactField {
        ContactField(label: label, text: { $0[keyPath: path] }, copy: { $0[keyPath: path] = $1[keyPath: path] })
    }
}
