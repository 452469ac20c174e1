/// One account's activity feed, newest first, read by keyset on the event id.
public protocol ActivityService: AnyObject {
    /// Up to `limit` events older than `id` (from the newest when nil), newest first.
    func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent]
    /// Up to `limit` events just newer than `id` (the oldest when nil), newest first.
    func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent]
    /// The newest event whose subject starts with `prefix` (folded as search folds), or nil: type-ahead.
    func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64?
    /// The oldest and newest event ids (nil without events), for a scroll mark's place.
    func idRange() throws(ServiceError) -> ClosedRange<Int64>?
}
