/// An iCloud/Apple group card (KIND:group, or X-ADDRESSBOOKSERVER-KIND:group) as kept: its name
/// (FN) and the UIDs of its members (MEMBER / X-ADDRESSBOOKSERVER-MEMBER, `urn:uuid:` references),
/// read from its stored text (one unfolded content line each, CRLF after each).
public struct GroupCard: Equatable, Sendable {
    public var uid: String
    public var name: String
    /// Each member's UID as a contact may keep it: the reference as written, and without `urn:uuid:`.
    public var memberUIDs: [String]

    public init(uid: String, name: String, memberUIDs: [String]) {
        (self.uid, self.name, self.memberUIDs) = (uid, name, memberUIDs)
    }

    /// The group a kept card stands for; nil for a card with no name.
    public init?(storedText card: String) {
        var uid = "", name = "", members: [String] = []
        for line in ContactCardText.lines(of: card) {
            switch ContactCardText.propertyName(of: line) {
            case "UID": uid = SearchText.trimmed(String(ContactCardText.value(ofLine: line)))
            case "FN": name = SearchText.trimmed(ContactCardText.listItems(ofLine: line).joined(separator: ","))
            case "MEMBER", "X-ADDRESSBOOKSERVER-MEMBER":
                let value = SearchText.trimmed(String(ContactCardText.value(ofLine: line)))
                guard !value.isEmpty else { continue }
                members.append(value)
                let bare = value.lowercased().hasPrefix("urn:uuid:") ? String(value.dropFirst(9)) : "urn:uuid:" + value
                members.append(bare)
            default: break
            }
        }
        guard !name.isEmpty else { return nil }
        self.init(uid: uid, name: name, memberUIDs: members)
    }

    /// What the list's group filter names this group by (`ContactGroup.id`): never a CATEGORIES
    /// item's text (those cannot hold a U+0001).
    public var groupID: String { Self.idPrefix + uid }
    static let idPrefix = "\u{1}group card:"

    /// The UID of the group card a group filter names (nil: a CATEGORIES group).
    public static func uid(ofGroupID id: String) -> String? {
        id.hasPrefix(idPrefix) ? String(id.dropFirst(idPrefix.count)) : nil
    }
}
