/// A scheduled action of the run loop. Keep it to `cancel()` it; releasing it
/// does not cancel (fire-and-forget `after` is fine).
///
/// ```swift
/// let poll = scheduler.every(.seconds(5)) { [weak self] _ in self?.refresh() }
/// // when the screen goes away:
/// poll.cancel()
/// ```
@MainActor
public final class Timer {
    let id: Int
    var deadline: Duration
    let interval: Duration?
    var action: ((Timer) -> Void)?

    init(id: Int, deadline: Duration, interval: Duration?, action: @escaping (Timer) -> Void) {
        self.id = id
        self.deadline = deadline
        self.interval = interval
        self.action = action
    }

    /// Whether the timer will not fire again.
    public var isCancelled: Bool { action == nil }

    /// Stops the timer; it will not fire again.
    public func cancel() { action = nil }
}
