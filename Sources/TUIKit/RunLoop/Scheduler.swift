/// The run loop's timers, on its clock — what `DispatchQueue.main.asyncAfter`
/// is in a UIKit app. Timers fire on the main actor, between input events,
/// in deadline order; on the virtual clock they fire exactly on time.
///
/// ```swift
/// let blink = scheduler.every(.milliseconds(500)) { [weak self] _ in self?.cursorShown.toggle() }
/// scheduler.after(.seconds(2)) { [weak self] in self?.statusLine.message = nil }
/// // later: blink.cancel()
/// ```
@MainActor
public final class Scheduler {
    /// The clock timers are measured on: the terminal's.
    public let clock: any TimeSource
    /// Work other threads hand to the loop (results of reads off the main loop, changes heard).
    public let inbox = RunLoopInbox()
    /// Descriptors the loop waits on beside the terminal (`watch(descriptor:onReadable:)`).
    var watches: [DescriptorWatch] = []
    private var timers: [Timer] = []
    private var nextID = 0

    /// A scheduler with no timers, on `clock`.
    public init(clock: any TimeSource) {
        self.clock = clock
    }

    /// Runs `action` once, `delay` from now.
    @discardableResult
    public func after(_ delay: Duration, _ action: @escaping () -> Void) -> Timer {
        add(deadline: clock.now + max(delay, .zero), interval: nil) { _ in action() }
    }

    /// Runs `action` every `interval` (at least 1 ms) until the timer is cancelled.
    @discardableResult
    public func every(_ interval: Duration, _ action: @escaping (Timer) -> Void) -> Timer {
        let step = max(interval, .milliseconds(1))
        return add(deadline: clock.now + step, interval: step, action)
    }

    private func add(deadline: Duration, interval: Duration?, _ action: @escaping (Timer) -> Void) -> Timer {
        nextID += 1
        let timer = Timer(id: nextID, deadline: deadline, interval: interval, action: action)
        timers.append(timer)
        return timer
    }

    /// Runs `action` once the next frame has reached the terminal: work
    /// that must not hold up what the screen says now (a page read behind a
    /// "loading…" row), and that still needs no time to pass.
    public func afterNextFrame(_ action: @escaping () -> Void) {
        frameActions.append(action)
    }

    private var frameActions: [() -> Void] = []

    /// Whether work waits for the next frame.
    public var hasFrameActions: Bool { !frameActions.isEmpty }

    /// Runs the work that waited for the frame just drawn (the run loop calls it after each frame).
    public func runFrameActions() {
        let actions = frameActions
        frameActions = []
        for action in actions { action() }
    }

    /// The earliest deadline of a live timer, if any (now, while work waits for a frame).
    public var nextDeadline: Duration? {
        timers.removeAll(where: \.isCancelled)
        if hasFrameActions || inbox.hasJobs { return clock.now }
        return timers.map(\.deadline).min()
    }

    /// How many timers are live.
    public var activeTimerCount: Int {
        timers.removeAll(where: \.isCancelled)
        return timers.count
    }

    /// Fires every timer whose deadline has come, earliest first; returns how many fired.
    @discardableResult
    public func fireDueTimers() -> Int {
        var fired = 0
        let now = clock.now
        while true {
            timers.removeAll(where: \.isCancelled)
            guard let timer = timers.filter({ $0.deadline <= now }).min(by: { ($0.deadline, $0.id) < ($1.deadline, $1.id) }) else { break }
            let action = timer.action
            if let interval = timer.interval {
                timer.deadline += interval
                if timer.deadline <= now && !clock.replaysMissedTicks { timer.deadline = now + interval } // fell behind: skip
            } else {
                timer.cancel()
            }
            action?(timer)
            fired += 1
            if fired > 10_000 { break } // a runaway timer cannot freeze the loop
        }
        return fired
    }
}
