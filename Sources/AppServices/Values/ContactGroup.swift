/// A group contacts are in (a vCard CATEGORIES item, Google's label; or an iCloud/Apple group
/// card), as written, and how many are in it.
public struct ContactGroup: Equatable, Sendable {
    public var name: String
    public var count: Int
    /// What `page(inGroup:…)` takes: the name of a CATEGORIES group, `GroupCard.groupID` of a group card.
    public var id: String
    public init(name: String, count: Int, id: String? = nil) {
        self.name = name
        self.count = count
        self.id = id ?? name
    }

    /// Whether the group is a group card's (not a CATEGORIES item).
    public var isGroupCard: Bool { GroupCard.uid(ofGroupID: id) != nil }

    /// The groups of `records`, each once (as first written), by name (letters' case aside), with their counts.
    public static func groups(of categories: [[String]]) -> [ContactGroup] {
        var counts: [String: Int] = [:]
        for list in categories { for g in Set(list) { counts[g, default: 0] += 1 } }
        return counts.map { ContactGroup(name: $0.key, count: $0.value) }
            .sorted { (SearchText.fold($0.name), $0.name) < (SearchText.fold($1.name), $1.name) }
    }
}
