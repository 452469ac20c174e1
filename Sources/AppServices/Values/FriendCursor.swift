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
