/// The contacts marked as friends, in list order (last name, then first), as
/// the friends popup reads them: a count and pages by keyset from either end.
public protocol FriendsService: AnyObject {
    /// How many friends there are.
    func friendsCount() throws(ServiceError) -> Int
    /// Up to `limit` friends after `cursor` (from the start when nil).
    func friends(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary]
    /// Up to `limit` friends just before `cursor` (the last ones when nil), in list order.
    func friends(before cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [FriendSummary]
}
