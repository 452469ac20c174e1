import AppServices

/// An activity store as App's activity service.
public final class StoredActivity: ActivityService {
    private let store: any ActivityStoring

    public init(_ store: any ActivityStoring) { self.store = store }

    public func events(before id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        try serving { () throws(StorageError) in try store.events(before: id, limit: limit) }
    }

    public func events(newerThan id: Int64?, limit: Int) throws(ServiceError) -> [ActivityEvent] {
        try serving { () throws(StorageError) in try store.events(newerThan: id, limit: limit) }
    }

    public func newestEvent(withSubjectPrefix prefix: String) throws(ServiceError) -> Int64? {
        try serving { () throws(StorageError) in try store.newestEvent(withSubjectPrefix: prefix, recentWindow: 2_000) }
    }

    public func idRange() throws(ServiceError) -> ClosedRange<Int64>? {
        try serving { () throws(StorageError) in try store.idRange() }
    }
}
