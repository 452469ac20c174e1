import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app, put into a TUIKit application (the real terminal or a virtual
/// one): the root assembly builds the root controller, which starts on the
/// splash. Every run mode uses this.
@MainActor
public final class SwitchboardApp {
    /// This build's version.
    public nonisolated static let version = "0.3.0"
    public let application: Application
    private let configuration: AppConfiguration
    private var rootAssembly: RootAssembly
    /// The root assembly, for tests that look at a service (the sync timer).
    var rootAssemblyForTests: RootAssembly { rootAssembly }
    /// Set when start-up failed (a bad data file); the app then exits non-zero.
    public private(set) var startupError: AppStartupError?
    /// Called for `q` (and a quit from a screen); nil: the application quits. The kiosk says how to leave instead.
    public var quitRequestHandler: (() -> Void)? { didSet { rootAssembly.root?.quitTitle = quitTitle } }
    private var quitTitle: String { quitRequestHandler == nil ? "Quit" : "How to leave" }

    /// The run loop's watch on the data's change signal (a descriptor the loop waits on beside the
    /// terminal: inotify on the file's folder, the PostgreSQL listener's socket): wakes it for
    /// changes made elsewhere, with nothing looking on a timer.
    private var changeWatch: DescriptorWatch?

    public init(application: Application, configuration: AppConfiguration) {
        self.application = application
        self.configuration = configuration
        rootAssembly = Self.makeRootAssembly(configuration: configuration, clock: application.scheduler.clock)
        install()
    }

    private static func makeRootAssembly(configuration: AppConfiguration, clock: any TimeSource) -> RootAssembly {
        let base = configuration.wallClockBase ?? Int64(time(nil))
        return RootAssembly(configuration: configuration) { base + clock.now.milliseconds / 1000 }
    }

    /// Wires the root assembly to the application and shows its root controller (on the splash).
    private func install() {
        let application = self.application
        // q goes back everywhere in the app (quits on the home): the help lists it, so q in the
        // help does that (a key the help lists closes it and does what it says), not only close it.
        rootAssembly.onQuit = { [weak self, unowned application] in
            if let handler = self?.quitRequestHandler { handler() } else { application.quit() }
        }
        // ^C on a form with typed changes asks first, as q does (issue 51).
        application.interruptHandler = { [weak self, unowned application] in
            guard let self else { application.quitInterrupted(); return }
            self.rootAssembly.interruptAsked { application.quitInterrupted() }
        }
        rootAssembly.onStartupFailure = { [weak self, unowned application] error in
            self?.startupError = error
            application.unhandledKeyHandler = { _ in application.quit(); return true }
        }
        rootAssembly.onStartupRecovered = { [weak self, unowned application] in
            self?.startupError = nil
            application.unhandledKeyHandler = nil
        }
        let colours = application.terminal.colorCount > 0
        rootAssembly.services.settings.monochromeReason = colours ? nil
            : configuration.noColorIsSet ? "NO_COLOR is set" : "this terminal shows no colours"
        rootAssembly.services.settings.onChange = { [unowned application, weak rootAssembly] settings in
            Animator.animationsEnabled = settings.animations
            application.mouseEnabled = settings.mouse
            let theme = colours ? Theme.all.first { $0.name == settings.theme } ?? .dark : .monochrome
            if theme.name != Theme.current.name {
                Theme.current = theme
                rootAssembly?.themeChanged()
            }
        }
        changeWatch?.cancel()
        changeWatch = application.scheduler.watch(descriptor: { [weak self] in self?.rootAssembly.services.changes.changeSignal }) { [weak self] in
            self?.rootAssembly.services.changes.takeChangesElsewhere()
        }
        rootAssembly.services.changes.attach(to: application.scheduler) { [unowned application] text in
            ConnectionBanner.show(text, in: application.window)
            // Slow or out of reach: the rows on screen are drawn as stale (live updates off: they are current when read).
            application.window.showsContentAsStale = text != nil && text != ConnectionWatch.liveUpdatesOffText
        }
        let root = rootAssembly.buildRoot()
        root.quitTitle = quitTitle
        application.window.rootViewController = root
        // A splash of no length (`--splash-ms 0`) is not drawn before its work ran (issue 52):
        // on a file the first screen is the one it leads to; it shows when the work waits.
        application.drawsBeforeFirstTurn = rootAssembly.services.startup.configuredSplash != .zero
    }

    /// Starts over from the splash with everything made afresh (services,
    /// data backend, screens); what was on screen is released. The kiosk's
    /// tour does this at the start of every loop.
    public func restart() {
        application.dismissHelp()
        rootAssembly = Self.makeRootAssembly(configuration: configuration, clock: application.scheduler.clock)
        startupError = nil
        install()
    }

    /// The root controller (for tests).
    public var rootViewController: RootViewController? { rootAssembly.root }
    /// Background sync (tests; nil where the data cannot sync).
    var syncCenter: SyncCenter? { rootAssembly.services.sync.center }
    /// The coordinator (for tests and deep links).
    public var coordinator: Coordinator { rootAssembly.services.coordinator }
}
