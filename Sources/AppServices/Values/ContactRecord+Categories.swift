/// A contact's groups: its vCard CATEGORIES (Google's labels are imported into them), kept among
/// the extras as one `CATEGORIES:` line, as an import keeps them. The friend flag is not one of
/// them (`isFriend`: the category "friends").
public extension ContactRecord {
    /// The groups the contact is in, as written and in order ("" never one).
    var categories: [String] {
        get { ContactCardText.categories(inExtras: extras) }
        set {
            var kept = Self.lines(extras).filter { ContactCardText.propertyName(of: $0) != "CATEGORIES" }
            var groups: [String] = []
            for g in newValue.map({ SearchText.trimmed($0) }) where !g.isEmpty && !groups.contains(g) { groups.append(g) }
            if !groups.isEmpty { kept.append("CATEGORIES:" + groups.map(ContactCardText.escape).joined(separator: ",")) }
            extras = kept.joined(separator: "\r\n")
        }
    }

    /// Whether the contact is in `group` (letters' case and accents aside).
    func isInGroup(_ group: String) -> Bool {
        let key = SearchText.fold(group)
        return categories.contains { SearchText.fold($0) == key }
    }
}
