/// One friend as the list shows it: what the cell draws, nothing more.
public struct FriendsListItem: Equatable, Sendable {
    /// The friend's identity for whoever made the item (a contact id in the
    /// real app, a number in the demo); the components only hand it back.
    public let id: Int64
    public let name: String
    /// The line under the name (company, email, "online"…).
    public let status: String
    /// The avatar placeholder: initials ("AL"), drawn in a small box.
    public let avatar: String

    public init(id: Int64, name: String, status: String, avatar: String) {
        self.id = id
        self.name = name
        self.status = status
        self.avatar = avatar
    }
}
