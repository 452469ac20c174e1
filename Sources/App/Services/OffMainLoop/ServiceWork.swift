import AppServices

/// One service of a directory for the screens that must never wait on it (the contacts list
/// and forms, the card, the friends popup, the activity feed, the home's counts): each call is
/// a job on the directory's work, its result a `Result` on the main loop. A server's work runs
/// on a thread with its own connection, watched by a `ConnectionWatch`; a file's and memory's
/// run at once.
@MainActor
public final class ServiceWork<Service> {
    private let service: HandedOver<Service>
    private let work: DirectoryWork
    /// Sees every result: a lost connection shows the banner; any answer takes it away.
    let watch: ConnectionWatch?

    /// - Parameters:
    ///   - service: what the jobs use; the work's thread alone calls it from now on.
    ///   - work: where the jobs run.
    ///   - watch: told of each result (nil: nobody watches, as for a file).
    init(service: Service, work: DirectoryWork, watch: ConnectionWatch? = nil) {
        self.service = HandedOver(value: service)
        self.work = work
        self.watch = watch
    }

    /// A service that answers at once, on the main loop (a file, memory, a test's spy).
    static func inline(_ service: Service) -> ServiceWork<Service> {
        ServiceWork(service: service, work: InlineDirectoryWork())
    }

    /// Whether calls are out that have not answered yet.
    var isBusy: Bool { work.isBusy }

    /// Runs `body` on the service (off the main loop where the work has a thread), then
    /// `deliver` with what it returned or threw, on the main loop.
    func run<T: Sendable>(_ body: @escaping @Sendable (Service) throws(ServiceError) -> T,
                          then deliver: @escaping @MainActor (Result<T, ServiceError>) -> Void) {
        let service = self.service
        work.perform({ () -> Result<T, ServiceError> in
            do throws(ServiceError) { return .success(try body(service.value)) } catch { return .failure(error) }
        }, then: { [weak watch] result in
            watch?.saw(result.map { _ in () })
            deliver(result)
        })
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
