#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices
import Synchronization

/// One try to make a directory's change listener on a thread of its own. Connecting waits as long
/// as the network says (libpq's `connect_timeout`, 10 s, on a host that does not answer), and the
/// directory is asked from the main loop at each wake-up: a try made there held every key up for
/// that long, at each retry (5 s doubling to 5 min).
///
/// `@unchecked Sendable`: its state is under a mutex; the semaphore is posted once by the thread.
final class PostgresListenerAttempt: @unchecked Sendable {
    enum State { case running, made(PostgresChangeListener), failed }

    private let state = Mutex<State>(.running)
    private let finished = Mutex<Bool>(false)
    private let done = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    /// Starts `make` on a new thread; nil when no thread could be started.
    static func start(_ make: @escaping @Sendable () throws(ServiceError) -> PostgresChangeListener) -> PostgresListenerAttempt? {
        let attempt = PostgresListenerAttempt()
        let job = Unmanaged.passRetained(Job(attempt: attempt, make: make)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
            let outcome: State
            do { outcome = .made(try job.make()) } catch { outcome = .failed }
            job.attempt.state.withLock { $0 = outcome }
            sem_post(job.attempt.done)
            return nil
        }, job)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            return nil
        }
        pthread_detach(thread)
        return attempt
    }

    private init() { sem_init(done, 0, 0) }

    deinit {
        sem_destroy(done)
        done.deallocate()
    }

    /// Where the try is now (never waits).
    var current: State { state.withLock { $0 } }

    /// Waits until the try is over (tests; the app never waits).
    func waitUntilOver() {
        guard !finished.withLock({ $0 }) else { return }
        while sem_wait(done) != 0 && errno == EINTR {}
        finished.withLock { $0 = true }
    }

    private final class Job: @unchecked Sendable {
        let attempt: PostgresListenerAttempt
        let make: @Sendable () throws(ServiceError) -> PostgresChangeListener
        init(attempt: PostgresListenerAttempt, make: @escaping @Sendable () throws(ServiceError) -> PostgresChangeListener) {
            self.attempt = attempt
            self.make = make
        }
    }
}
