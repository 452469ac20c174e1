import AppServices

/// One account's activity log, newest first: the SQLite file's (`ActivityStore`) or a shared
/// directory's (`PostgresActivityStore`). `StoredActivity` serves either to App.
public protocol ActivityStoring: AnyObject {
    func events(before id: Int64?, limit: Int) throws(StorageError) -> [ActivityEvent]
    func events(newerThan id: Int64?, limit: Int) throws(StorageError) -> [ActivityEvent]
    func newestEvent(withSubjectPrefix prefix: String, recentWindow: Int) throws(StorageError) -> Int64?
    func idRange() throws(StorageError) -> ClosedRange<Int64>?
}

extension ActivityStore: ActivityStoring {}
extension PostgresActivityStore: ActivityStoring {}
