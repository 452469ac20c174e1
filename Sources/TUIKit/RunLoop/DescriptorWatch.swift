#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor the run loop waits on beside the terminal: when it becomes readable (or a
/// new one takes its place) the loop wakes and calls the watch's handler, which reads what made
/// it readable. How an app hears of changes made elsewhere without looking on a timer: an
/// inotify descriptor on a data file, a database's notification socket.
///
/// ```swift
/// let watch = application.scheduler.watch(descriptor: { listener.socket }) {
///     if listener.takeChanges() { reloadWhatIsShown() }
/// }
/// // later: watch.cancel()
/// ```
@MainActor
public final class DescriptorWatch {
    /// The descriptor to wait on now (nil: none for the moment).
    let descriptor: () -> Int32?
    let onReadable: () -> Void
    /// The descriptor the last turn waited on.
    var last: Int32?
    /// Whether `cancel()` was called; a cancelled watch is never called again.
    public private(set) var isCancelled = false

    init(descriptor: @escaping () -> Int32?, onReadable: @escaping () -> Void) {
        self.descriptor = descriptor
        self.onReadable = onReadable
    }

    /// Stops watching.
    public func cancel() { isCancelled = true }
}

extension Scheduler {
    /// Has the run loop wait on `descriptor` beside the terminal and call `onReadable` when it is
    /// readable, or when a new descriptor takes the place of the last (what happened between them
    /// went unheard). `onReadable` must read what made it readable, or the loop wakes again at once.
    @discardableResult
    public func watch(descriptor: @escaping () -> Int32?, onReadable: @escaping () -> Void) -> DescriptorWatch {
        let watch = DescriptorWatch(descriptor: descriptor, onReadable: onReadable)
        watches.append(watch)
        return watch
    }

    /// The descriptors to wait on beside the terminal this turn.
    var watchedDescriptors: [Int32] {
        watches.removeAll(where: \.isCancelled)
        return watches.compactMap { $0.descriptor() }
    }

    /// Calls the handlers of the watches whose descriptor is readable (or new); never waits.
    /// Returns how many were called.
    @discardableResult
    public func serviceWatches() -> Int {
        watches.removeAll(where: \.isCancelled)
        var called = 0
        for watch in watches {
            guard let fd = watch.descriptor() else { watch.last = nil; continue }
            let isNew = watch.last != fd
            watch.last = fd
            var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let readable = poll(&probe, 1, 0) > 0
            if readable || isNew {
                watch.onReadable()
                called += 1
            }
        }
        return called
    }
}
