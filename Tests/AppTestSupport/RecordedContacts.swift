import AppServices

/// The contacts of a `ThreadRecordingDirectory`: every call noted with its thread.
public final class RecordedContacts: ForwardingContactsService {
    public let forwardee: any ContactsService & FriendsService
    private let log: DirectoryCallLog
    public init(_ inner: ContactsService & FriendsService, log: DirectoryCallLog) {
        forwardee = inner
        self.log = log
    }

    public func willForward(_ call: StaticString) throws(ServiceError) { log.note() }
}
