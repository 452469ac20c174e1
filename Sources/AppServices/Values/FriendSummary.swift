/// One row of the friends list.
public struct FriendSummary: Equatable, Sendable {
    public let id: Int64
    public let firstName: String
    public let lastName: String
    /// The company, else the first email, else the first phone number ("" without any).
    public let status: String
    public let cursor: FriendCursor
    /// The name the contact is shown by as stored (`ContactRecord.displayName`), "" when not kept.
    public let displayName: String

    public init(id: Int64, firstName: String, lastName: String, status: String, cursor: FriendCursor, displayName: String = "") {
        self.id = id
        self.displayName = displayName
        self.firstName = firstName
        self.lastName = lastName
        self.status = status
        self.cursor = cursor
    }

    /// The name the row shows: the display name, else first and last name.
    public var name: String { displayName.isEmpty ? PersonName.full(first: firstName, last: lastName) : displayName }
}
