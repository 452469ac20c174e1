import TUIKit
#if canImport(Glibc)
import Glibc
#endif

/// The app, put into a TUIKit application (the real terminal or a virtual
/// one): the root assembly builds the root controller, which starts on the
/// splash. Every run mode uses this.
@MainActor
public final class SwitchboardApp {
    /// This build's version.
    public nonisolated static let version = "0.2.0"
    public let application: Application
    private let rootAssembly: RootAssembly
    /// Set when start-up failed (a bad data file); the app then exits non-zero.
    public private(set) var startupError: AppStartupError?

    public init(application: Application, configuration: AppConfiguration) {
        self.application = application
        let base = Int64(time(nil))
        let clock = application.scheduler.clock
        rootAssembly = RootAssembly(configuration: configuration) { base + clock.now.milliseconds / 1000 }
        rootAssembly.onQuit = { [unowned application] in application.quit() }
        rootAssembly.onStartupFailure = { [unowned self, unowned application] error in
            self.startupError = error
            application.unhandledKeyHandler = { _ in application.quit(); return true }
        }
        let colours = application.terminal.colorCount > 0
        rootAssembly.services.onSettingsChange = { [unowned application, weak rootAssembly] settings in
            Animator.animationsEnabled = settings.animations
            application.mouseEnabled = settings.mouse
            let theme = colours ? Theme.all.first { $0.name == settings.theme } ?? .dark : .monochrome
            if theme.name != Theme.current.name {
                Theme.current = theme
                rootAssembly?.themeChanged()
            }
        }
        application.window.rootViewController = rootAssembly.buildRoot()
    }

    /// The root controller (for tests).
    public var rootViewController: RootViewController? { rootAssembly.root }
    /// The coordinator (for tests and deep links).
    public var coordinator: Coordinator { rootAssembly.services.coordinator }
}
