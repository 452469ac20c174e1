/// Where the run loop reads the time: the real monotonic clock, or a virtual
/// one that only moves when a script or test says so.
@MainActor
public protocol TimeSource: AnyObject {
    /// Time since the clock started.
    var now: Duration { get }
    /// Whether a repeating timer that fell behind fires once for every
    /// interval it missed (time that jumps, as a script's `wait:` does, where
    /// every tick counts), rather than once and then on from now (a real
    /// clock after a stall, where the missed ticks are gone).
    var replaysMissedTicks: Bool { get }
}

/// The real monotonic clock.
@MainActor
public final class SystemClock: TimeSource {
    private let start = ContinuousClock.now
    /// A clock that starts at zero now.
    public init() {}
    /// Time since this clock was made.
    public var now: Duration { ContinuousClock.now - start }
    /// False: after a stall a repeating timer fires once, then goes on from now.
    public var replaysMissedTicks: Bool { false }
}

/// A clock that stands still until `advance(by:)`: timers, animations and
/// the splash's wait become deterministic in tests and headless runs.
@MainActor
public final class VirtualClock: TimeSource {
    /// Time since the start; it moves only by `advance(by:)` or `advance(to:)`.
    public private(set) var now: Duration = .zero
    /// A clock standing at zero.
    public init() {}
    /// True: a timer fires once for every interval the clock jumped over.
    public var replaysMissedTicks: Bool { true }

    /// Moves time forward (never backward).
    public func advance(by duration: Duration) {
        if duration > .zero { now += duration }
    }

    /// Moves time forward to `instant` if it lies ahead.
    public func advance(to instant: Duration) {
        if instant > now { now = instant }
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    public var milliseconds: Int64 {
        let (s, atto) = components
        return s * 1000 + atto / 1_000_000_000_000_000
    }
}
