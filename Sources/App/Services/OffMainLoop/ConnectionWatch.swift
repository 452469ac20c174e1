import AppServices
import TUIKit

/// Whether the shared directory answers, and what to do while it does not: a call that
/// finds it out of reach (`ServiceError.unavailable`) puts up the banner ("Lost the
/// connection to the shared directory — trying again in 4 s") and tries again after 1, 2,
/// 4, 8, 16, then every 30 s; the first answer (a try or any other call) takes the banner
/// away and has the screens on view read again. Nothing looks while it answers: a server that
/// goes away while nobody types breaks the change listener's connection, whose socket the run
/// loop waits on; that wakes it and has the screens read again, and their calls find it out
/// (an idle app sleeps). All of it runs on the run loop's timers (virtual in tests); the tries
/// themselves run off the main loop.
@MainActor
final class ConnectionWatch {
    /// Where things stand.
    enum State: Equatable {
        case reachable
        /// Out of reach; the next try is due at `retryAt` on the run loop's clock.
        case lost(attempt: Int, retryAt: Duration)
        /// A try is out.
        case trying(attempt: Int)
    }

    private(set) var state: State = .reachable
    /// The banner's text; nil when there is none.
    private(set) var banner: String? { didSet { if banner != oldValue { onBannerChange?(banner) } } }
    /// Told when the banner appears, changes or goes (nil).
    var onBannerChange: ((String?) -> Void)?
    /// Told when the directory answers again after being out of reach (screens read again).
    var onRecovered: (() -> Void)?
    /// Sends one cheap call to the directory (its result reaches `saw`); nil: nothing to try with yet.
    var probe: (() -> Void)?
    /// How long after each failed try the next one comes (the last repeats).
    static let backOff: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30)]
    /// Whether calls are out.
    var isBusy: () -> Bool = { false }
    /// How long a call may take before the banner says the directory is slow to answer (a server
    /// that hangs — stopped, or its network gone quiet — never fails a call by itself).
    static let slowAfter: Duration = .seconds(3)
    /// Whether the banner says the directory is slow to answer.
    private(set) var isSlow = false
    private var slowCheck: Timer?
    /// Live updates (the way of hearing of changes made elsewhere) are off, and the loop is woken for their next try.
    private(set) var liveUpdatesOff = false
    private var liveRetry: Timer?
    static let liveUpdatesOffText = "Live updates are off: changes made elsewhere show when a screen is read again (trying to turn them back on)"

    /// Live updates are off until a try `retryIn` from now (nil: they are on): the banner says so
    /// while no other banner shows, and the run loop is woken for the try.
    func liveUpdates(retryIn delay: Duration?) {
        guard let delay else {
            liveRetry?.cancel()
            liveRetry = nil
            if liveUpdatesOff {
                liveUpdatesOff = false
                if banner == Self.liveUpdatesOffText { banner = nil }
            }
            return
        }
        liveUpdatesOff = true
        if banner == nil { banner = Self.liveUpdatesOffText }
        if liveRetry == nil, let scheduler {
            liveRetry = scheduler.after(delay) { [weak self] in self?.liveRetry = nil } // the wake-up asks again
        }
    }

    private var scheduler: Scheduler?
    private var ticker: Timer?

    /// The run loop's timers (set once the app runs in an application).
    func attach(to scheduler: Scheduler) {
        self.scheduler = scheduler
    }

    /// A call was sent: if it (or any other) is still out `slowAfter` from now with no answer
    /// in between, the banner says
    /// the directory is slow to answer and what is on screen may be out of date.
    func sent() {
        guard let scheduler, slowCheck == nil, state == .reachable else { return }
        slowCheck = scheduler.after(Self.slowAfter) { [weak self] in
            guard let self else { return }
            self.slowCheck = nil
            guard self.isBusy(), self.state == .reachable else { return }
            self.isSlow = true
            self.banner = "The shared directory is slow to answer — what you see may be out of date (waiting…)"
        }
    }

    /// Takes in what a call returned: an answer means reachable; out of reach starts the tries.
    func saw(_ result: Result<Void, ServiceError>) {
        // An answer came: the calls still out get their own few seconds from now.
        slowCheck?.cancel()
        slowCheck = nil
        if isSlow, state == .reachable {
            isSlow = false
            banner = nil
        }
        if isBusy() { sent() }
        switch result {
        case .success:
            if state != .reachable { recover() }
        case .failure(let error) where error.kind == .unavailable:
            switch state {
            case .reachable: lose(after: 0)
            case .trying(let attempt): lose(after: attempt + 1)
            case .lost: break
            }
        case .failure:
            // The server answered (a statement failed, a conflict): it is there.
            if state != .reachable { recover() }
        }
    }

    private func lose(after attempt: Int) {
        guard let scheduler else { return }
        isSlow = false
        let wait = Self.backOff[min(attempt, Self.backOff.count - 1)]
        state = .lost(attempt: attempt, retryAt: scheduler.clock.now + wait)
        showCountdown()
        ticker?.cancel()
        // Once a second: the countdown, and the try when it is due.
        ticker = scheduler.every(.seconds(1)) { [weak self] _ in self?.tick() }
    }

    private func tick() {
        guard let scheduler, case .lost(let attempt, let retryAt) = state else { return }
        if scheduler.clock.now >= retryAt {
            state = .trying(attempt: attempt)
            banner = "Lost the connection to the shared directory — trying again now…"
            if let probe { probe() } else { lose(after: attempt + 1) }
        } else {
            showCountdown()
        }
    }

    private func showCountdown() {
        guard let scheduler, case .lost(_, let retryAt) = state else { return }
        let seconds = max(1, (retryAt - scheduler.clock.now).milliseconds / 1000)
        banner = "Lost the connection to the shared directory — trying again in \(seconds) s"
    }

    private func recover() {
        ticker?.cancel()
        ticker = nil
        state = .reachable
        banner = nil
        onRecovered?()
    }
}
