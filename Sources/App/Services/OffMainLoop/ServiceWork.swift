import AppServices

/// One service of a directory for the screens that must never wait on it (the contacts list
/// and forms, the card, the friends popup, the activity feed, the home's counts): each call is
/// a job on the directory's work, its result a `Result` on the main loop. A server's work runs
/// on a thread with its own connection, watched by a `ConnectionWatch`; a file's and memory's
/// run at once.
@MainActor
public final class ServiceWork<Service> {
    /// Where the calls go.
    private enum Place {
        /// A service on the main loop that answers at once (a file, memory, a test's spy).
        case here(Service)
        /// The service `pick` finds on the work's own directory, used only by the work's jobs.
        case away(DirectoryWork, pick: @Sendable (any DataDirectory) -> Service)
    }
    private let place: Place
    /// Sees every result: a lost connection shows the banner; any answer takes it away.
    let watch: ConnectionWatch?

    /// Calls run as `work`'s jobs, each on the service `pick` finds on the work's directory.
    /// - Parameter watch: told of each result (nil: nobody watches).
    init(work: DirectoryWork, watch: ConnectionWatch? = nil, service pick: @escaping @Sendable (any DataDirectory) -> Service) {
        place = .away(work, pick: pick)
        self.watch = watch
    }

    private init(here service: Service) {
        place = .here(service)
        watch = nil
    }

    /// A service that answers at once, on the main loop (a file, memory, a test's spy).
    static func inline(_ service: Service) -> ServiceWork<Service> { ServiceWork(here: service) }

    /// The service itself where it answers at once on the main loop (a file, memory); nil where
    /// its calls run off the main loop.
    var inlineService: Service? {
        if case .here(let service) = place { service } else { nil }
    }

    /// Whether calls are out that have not answered yet.
    var isBusy: Bool {
        if case .away(let work, _) = place { work.isBusy } else { false }
    }

    /// Stops the call out now, where the directory can (a save waiting on a lock or a server that
    /// does not answer): it fails and keeps nothing. A call that answers at once has nothing to stop.
    func stopRunningCall() {
        if case .away(let work, _) = place { work.stopRunningJob() }
    }

    /// Runs `body` on the service (off the main loop where the work has a thread), then
    /// `deliver` with what it returned or threw, on the main loop.
    func run<T: Sendable>(_ body: @escaping @Sendable (Service) throws(ServiceError) -> T,
                          then deliver: @escaping @MainActor (Result<T, ServiceError>) -> Void) {
        switch place {
        case .here(let service):
            deliver(Self.result { () throws(ServiceError) in try body(service) })
        case .away(let work, let pick):
            watch?.sent()
            work.perform({ directory in Self.result { () throws(ServiceError) in try body(pick(directory)) } }, then: { [weak watch] result in
                watch?.saw(result.map { _ in () })
                deliver(result)
            })
        }
    }

    /// What `body` returned or threw.
    private nonisolated static func result<T>(_ body: () throws(ServiceError) -> T) -> Result<T, ServiceError> {
        do throws(ServiceError) { return .success(try body()) } catch { return .failure(error) }
    }
}

extension ServiceWork where Service == AccountsService {
    /// Runs an account change (a new password, a deletion) as a job: `deliver` gets nil when it was
    /// made, the account's own refusal (a wrong password, no such account) as the failure, and a
    /// store that failed as the `ServiceError` (which the watch sees: the banner).
    func change(_ body: @escaping @Sendable (AccountsService) throws(AccountChangeFailure) -> Void,
                then deliver: @escaping @MainActor (Result<AccountChangeFailure?, ServiceError>) -> Void) {
        run({ accounts throws(ServiceError) -> AccountChangeFailure? in
            do throws(AccountChangeFailure) { try body(accounts) } catch {
                if case .service(let failure) = error { throw failure }
                return error
            }
            return nil
        }, then: deliver)
    }
}

/// One account's contacts for the scenes that must never wait on the store (the contacts
/// list, the add and edit forms, the card).
public typealias ContactsWork = ServiceWork<ContactsService>
