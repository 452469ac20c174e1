#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One piece of work run on a thread of its own while the caller goes on; `value()` waits for
/// it. The sync reads the next batch of cards from the server this way while it writes the last
/// one: the server's time and ours overlap instead of adding up.
///
/// What `body` touches must not be touched by the caller until `value()` returns (the sync's
/// client is used by one thread at a time: the batch's thread, then the caller after the join).
/// Without a thread (pthread_create failed), `body` runs at once, in the caller.
final class OffThread<Value>: ThreadWork, @unchecked Sendable {
    private let body: () -> Value
    private var result: Value?
    private var thread: pthread_t?

    init(_ body: @escaping () -> Value) {
        self.body = body
        super.init()
        var thread = pthread_t()
        let me = Unmanaged<ThreadWork>.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { argument in
            Unmanaged<ThreadWork>.fromOpaque(argument!).takeRetainedValue().run()
            return nil
        }, me)
        if started == 0 {
            self.thread = thread
        } else {
            Unmanaged<ThreadWork>.fromOpaque(me).release()
            run()
        }
    }

    override func run() {
        result = body()
    }

    /// The work's result, once it is done.
    func value() -> Value {
        join()
        return result!
    }

    private func join() {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }

    deinit {
        join()
    }
}

/// What a thread started by `OffThread` runs (a class that is not generic: the C entry point
/// cannot name a generic type).
class ThreadWork {
    func run() {}
}
