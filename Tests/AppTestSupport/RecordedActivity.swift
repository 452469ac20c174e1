import AppServices

/// The activity log of a `ThreadRecordingDirectory`.
public final class RecordedActivity: ActivityService {
    private let inner: ActivityService
    private let log: DirectoryCallLog
    public init(_ inner: ActivityService, log: DirectoryCallLog) {
        self.inner = inner
        self.log = log
    }

    public func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] { log.note(); return try inner.events(before: id, limit: limit) }
    public func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        log.note(); return try inner.events(newerThan: id, limit: limit)
    }
    public func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64? { log.note(); return try inner.newestEvent(withSubjectPrefix: prefix) }
    public func idRange() throws(ServiceError) -> ClosedRange<Int64>? { log.note(); return try inner.idRange() }
}
