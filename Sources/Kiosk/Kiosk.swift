import App
import Demo
import TUIKit

/// The demo kiosk (seed 000's demo app, grown to the whole app): Switchboard
/// on the Demo target's made-up data, playing a captioned tour forever. A key
/// (or click) gives the visitor the app as it is; after `idle` without input
/// it starts again from a clean state. ^C, ^Z and q do not leave; the exit
/// chord (^] then q) or SIGTERM does. Nothing is read from or written to disk.
@MainActor
public final class Kiosk {
    /// `--idle` and `--seed`.
    public struct Options: Equatable, Sendable {
        /// Time without input after which the tour starts again.
        public var idle: Duration
        /// The demo data's seed (nil: a new one each run).
        public var seed: UInt64?
        /// The wall clock (seconds since 1970) at the run loop clock's zero; nil:
        /// now. The made-up activity happened a little before it (tests fix it).
        public var wallClockBase: Int64?

        public init(idle: Duration = .seconds(30), seed: UInt64? = nil, wallClockBase: Int64? = nil) {
            self.idle = idle
            self.seed = seed
            self.wallClockBase = wallClockBase
        }
    }

    /// What the kiosk is doing.
    public enum State: Equatable, Sendable {
        case touring(step: String)
        case paused
    }

    public let switchboard: SwitchboardApp
    public let options: Options
    /// Time without input after which the tour starts again: `--idle`, or what the visitor chose in Settings.
    public var idle: Duration { idleTime.value }
    private let idleTime: IdleTime
    private let application: Application
    private let caption = KioskCaptionBar()
    private var lockdown: KioskLockdown?
    private let player: TourPlayer
    private var idleTimer: Timer?

    /// Called when a tour step begins, with its name (tests and the soak benchmark listen).
    public var onStep: ((String) -> Void)?

    /// The names of the tour's steps, in order.
    public static var stepNames: [String] { KioskTour.steps.map(\.name) }
    /// What each step leaves on screen, in order (the tests check it).
    public static var stepMarks: [String] { KioskTour.steps.map(\.shows) }
    /// How long one loop of the tour takes.
    public static var loopDuration: Duration { KioskTour.loopDuration }

    public init(application: Application, options: Options = Options()) {
        self.application = application
        self.options = options
        let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
        let idleSeconds = Int(options.idle.components.seconds)
        let idle = IdleTime(options.idle)
        self.idleTime = idle
        // The made-up activity ends a little before the wall clock when the first loop starts, the
        // same all through the run.
        let localNow = LocalNow()
        var configuration = AppConfiguration(directory: { now in
            // Fresh data each loop: the idle time is `--idle` again until the visitor changes it in Settings.
            idle.value = options.idle
            localNow.value = KioskDirectory.localTime(now())
            return KioskDirectory(seed: seed, idleSeconds: idleSeconds) { settings in idle.value = .seconds(settings.kioskIdleSeconds) }
        })
        configuration.splashDuration = .milliseconds(1500)
        configuration.leaveKeys = (keys: "^] q", action: "leave the kiosk")
        configuration.showsKioskSettings = true
        configuration.wallClockBase = options.wallClockBase
        configuration.demoFriendsList = { scheduler in FriendsListDemo.makeViewModel(seed: seed, scheduler: scheduler, headerTicks: false) }
        configuration.demoFriendsCount = FriendsListContentDemoViewModel.defaultTotalCount // Main's "F Friends  240", as the popup says
        configuration.demoActivityFeed = { ActivityFeedDemoViewModel(seed: seed, localNow: localNow.value) }
        switchboard = SwitchboardApp(application: application, configuration: configuration)
        player = TourPlayer(steps: KioskTour.steps, scheduler: application.scheduler) { [unowned application] key in
            application.send(.key(key))
        }
        let lockdown = KioskLockdown(application: application)
        self.lockdown = lockdown
        application.window.bottomBar = caption
        application.inputObserver = { [weak self] event in self?.visitorInput(event) ?? false }
        lockdown.onPartialChord = { [weak self] rest in self?.chordBegun(rest) }
        // ^C and ^Z, as keys or (on a real terminal) as signals: the visitor is told how to leave.
        lockdown.onIgnored = { [weak self] key in _ = self?.visitorInput(.key(key)) }
        switchboard.quitRequestHandler = { [weak self] in self?.explainLeaving() }
        player.onRestart = { [weak self] in self?.switchboard.restart() }
        player.isHeld = { [unowned application] in application.isTooSmall }
        player.onStep = { [weak self] index in self?.onStep?(KioskTour.steps[index].name) }
        player.onCaption = { [weak self] index in self?.showCaption(index) }
        idleTime.onChange = { [weak self] in self?.idleChanged() }
        // The first step on the loop's first turn, so that `onStep` set after `init` hears it.
        application.scheduler.after(.zero) { [weak self] in self?.player.play() }
    }

    public var state: State { player.isPlaying ? .touring(step: KioskTour.steps[player.stepIndex].name) : .paused }
    /// Tour loops played to their end.
    public var loops: Int { player.loops }

    /// A step's caption, once the screen it names is up (`TourStep.Action.caption`).
    private func showCaption(_ index: Int) {
        let step = KioskTour.steps[index]
        caption.content = .touring(step: index + 1, of: KioskTour.steps.count, name: step.name, caption: step.caption)
    }

    /// Input from the terminal: during the tour it pauses it (and is swallowed); paused, it keeps the visitor's turn going.
    private func visitorInput(_ event: InputEvent) -> Bool {
        if player.isPlaying {
            player.stop()
            caption.content = .paused(idleSeconds: Int(idle.components.seconds))
            restartIdleTimer()
            return true
        }
        restartIdleTimer()
        if case .key(let key) = event, key == .ctrl("c") || key == .ctrl("z") {
            explainLeaving()
        } else if case .notice = caption.content {
            caption.content = .paused(idleSeconds: Int(idle.components.seconds))
        }
        return false
    }

    /// ^] was pressed: the tour stops (a key is a visitor's), and the bar says what leaves.
    private func chordBegun(_ rest: [Key]) {
        player.stop()
        restartIdleTimer()
        let keys = rest.map(\.displayName).joined(separator: " then ")
        caption.content = .notice("Now \(keys) to leave the kiosk; any other key stays.")
    }

    /// The visitor chose another idle time in Settings: it counts from now.
    private func idleChanged() {
        guard !player.isPlaying else { return }
        caption.content = .paused(idleSeconds: Int(idle.components.seconds))
        restartIdleTimer()
    }

    private func restartIdleTimer() {
        idleTimer?.cancel()
        idleTimer = application.scheduler.after(idle) { [weak self] in self?.resume() }
    }

    /// After `idle` without input: a clean demo state, and the tour from the start.
    private func resume() {
        idleTimer = nil
        player.play()
    }

    private func explainLeaving() {
        caption.content = .notice("This is a kiosk: ^C, ^Z and q stay here. To leave, press ^] and then q.")
    }
}

/// The kiosk's idle time, shared with the backend that hears the visitor change it.
@MainActor
private final class IdleTime {
    var value: Duration { didSet { if value != oldValue { onChange?() } } }
    var onChange: (() -> Void)?
    init(_ value: Duration) { self.value = value }
}

/// The wall clock, as local time, when the kiosk's data was last made (the made-up activity ends a little before it).
@MainActor
private final class LocalNow {
    var value: Int64 = 0
}
