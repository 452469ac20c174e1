import AppServices

/// How both stores keep the address-book fields that have no column of their own type: the same
/// text in an SQLite file and in a shared directory.
enum StoredCardFields {
    /// Addresses are kept as text: records split by U+001E, their eight parts by U+001F.
    static func encode(_ addresses: [ContactRecord.Address]) -> String {
        addresses.map { a in
            [a.label, a.poBox, a.extended, a.street, a.city, a.region, a.postalCode, a.country]
                .map { String($0.unicodeScalars.filter { $0 != "\u{1E}" && $0 != "\u{1F}" }) }
                .joined(separator: "\u{1F}")
        }.joined(separator: "\u{1E}")
    }

    static func decodeAddresses(_ text: String) -> [ContactRecord.Address] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: "\u{1E}", omittingEmptySubsequences: false).map { record in
            let p = record.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) + Array(repeating: "", count: 8)
            return ContactRecord.Address(label: p[0], poBox: p[1], extended: p[2], street: p[3], city: p[4], region: p[5], postalCode: p[6], country: p[7])
        }
    }

    /// The labels as stored: one per e-mail, or none at all when no e-mail has one.
    static func emailLabels(of contact: ContactRecord) -> [String] {
        let labels = contact.emails.indices.map { contact.emailLabel(at: $0) }
        return labels.allSatisfy(\.isEmpty) ? [] : labels
    }

}
