#if canImport(Glibc)
import Glibc
#endif
import AppServices

/// One background thread that owns a directory and runs jobs on it in order: a queue under one
/// pthread mutex, a condition variable the thread sleeps on when it has nothing to do. No
/// Foundation (the app links none). The thread starts with the first job (a file's reads work
/// has none before the first screen is drawn) and ends once the last job is done after `finish()`.
///
/// `@unchecked Sendable`: a C-interop cell (a pthread). Its queue and mark are only touched under
/// the pthread mutex, and its directory — handed over `sending` at init, so nobody else holds it —
/// only by the thread; the compiler cannot see either.
final class WorkerThread: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [@Sendable (any DataDirectory) -> Void] = []
    private var finished = false
    /// Whether the thread was made (at the first job).
    private var started = false
    /// Used by the thread alone.
    private let directory: any DataDirectory

    init(directory: sending any DataDirectory) {
        self.directory = directory
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
    }

    /// Makes the thread (under the mutex); it holds the worker until it ends. Jobs given when it
    /// cannot be made never run, as before.
    private func startThread() {
        started = true
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { argument in
            let worker = Unmanaged<WorkerThread>.fromOpaque(argument!).takeRetainedValue()
            worker.runJobs()
            return nil
        }, me)
        if made == 0 { pthread_detach(thread) } else { Unmanaged<WorkerThread>.fromOpaque(me).release(); finished = true }
    }

    deinit {
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        wake.deallocate()
    }

    /// Queues `job`; the thread runs it on its directory after those before it.
    func add(_ job: @escaping @Sendable (any DataDirectory) -> Void) {
        locked {
            if !started && !finished { startThread() }
            jobs.append(job)
            pthread_cond_signal(wake)
        }
    }

    /// Lets the thread end once the jobs given so far are done.
    func finish() {
        locked {
            finished = true
            pthread_cond_signal(wake)
        }
    }

    private func runJobs() {
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !finished { pthread_cond_wait(wake, mutex) }
            if jobs.isEmpty { pthread_mutex_unlock(mutex); return }
            let job = jobs.removeFirst()
            pthread_mutex_unlock(mutex)
            job(directory)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
