/// Where a friend sits in the friends list: after every friend with a smaller
/// (sort key, id). Pages are read after a cursor (keyset paging), never by
/// offset, so rows added or removed elsewhere cannot shift a page, and the
/// last page is one seek from the end.
public struct FriendCursor: Equatable, Hashable, Sendable {
    public let sortKey: String
    public let id: Int64
    public init(sortKey: String, id: Int64) {
        self.sortKey = sortKey
        self.id = id
    }
}

/// One row of the friends list.
public struct FriendSummary: Equatable, Sendable {
    public let id: Int64
    public let firstName: String
    public let lastName: String
    /// The company, else the first email, else the first phone number ("" without any).
    public let status: String
    public let cursor: FriendCursor
}

/// The contacts marked as friends, in list order (last name, then first).
public protocol FriendsStore: AnyObject {
    /// How many friends there are (kept in a counts table: no scan).
    func friendsCount() throws(StorageError) -> Int
    /// Up to `limit` friends after `cursor` (from the start when nil).
    func friends(after cursor: FriendCursor?, limit: Int) throws(StorageError) -> [FriendSummary]
    /// Up to `limit` friends just before `cursor` (the last ones when nil), in list order.
    func friends(before cursor: FriendCursor?, limit: Int) throws(StorageError) -> [FriendSummary]
}
