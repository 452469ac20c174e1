/// A person who can sign in.
public struct Account: Equatable, Sendable {
    public let id: Int64
    /// As typed when the account was made (shown); matched case-insensitively.
    public let username: String

    public init(id: Int64, username: String) {
        self.id = id
        self.username = username
    }
}
