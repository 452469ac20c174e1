import AppServices

/// The contacts marked as friends, in list order (last name, then first).
public protocol FriendsStore: AnyObject {
    /// How many friends there are (kept in a counts table: no scan).
    func friendsCount() throws(StorageError) -> Int
    /// Up to `limit` friends after `cursor` (from the start when nil).
    func friends(after cursor: FriendCursor?, limit: Int) throws(StorageError) -> [FriendSummary]
    /// Up to `limit` friends just before `cursor` (the last ones when nil), in list order.
    func friends(before cursor: FriendCursor?, limit: Int) throws(StorageError) -> [FriendSummary]
}
