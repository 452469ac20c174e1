/// One row of the friends list.
public struct FriendSummary: Equatable, Sendable {
    public let id: Int64
    public let firstName: String
    public let lastName: String
    /// The company, else the first email, else the first phone number ("" without any).
    public let status: String
    public let cursor: FriendCursor

    public init(id: Int64, firstName: String, lastName: String, status: String, cursor: FriendCursor) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.status = status
        self.cursor = cursor
    }
}

