import AppServices
import TUIKit

/// The services that live as long as the app (seed 002's `AssemblyServices` scope), each a part
/// that changes on its own: the coordinator; the session (who is signed in, the data their
/// screens reach); their settings; sync's owner; the change fan-out; and start-up. The root
/// assembly hands each screen's assembly the parts it needs.
@MainActor
final class AssemblyServices {
    let configuration: AppConfiguration
    let coordinator = Coordinator()
    /// Seconds, from the run loop's clock (virtual in tests and headless runs).
    let now: () -> Int64
    let session: AppSession
    let settings: SignedInSettings
    let sync: SyncOwner
    let changes: ChangesElsewhere
    let startup: AppStartup

    init(configuration: AppConfiguration, now: @escaping () -> Int64) {
        self.configuration = configuration
        self.now = now
        session = AppSession(backend: configuration.makeBackend(now), demoActivityFeed: configuration.demoActivityFeed)
        settings = SignedInSettings(now: now)
        sync = SyncOwner(session: session, settings: settings, coordinator: coordinator,
                         processes: configuration.syncProcesses, now: now)
        changes = ChangesElsewhere(session: session, coordinator: coordinator)
        startup = AppStartup(session: session, settings: settings, configuredSplash: configuration.splashDuration)
        // A pass's end and any write reach the other part through these, so neither holds the other.
        sync.onPassEnded = { [weak changes] in changes?.readScreensAgain() }
        changes.onAnyWrite = { [weak sync] in sync?.readAgain() }
    }

    /// Import and export of contacts (the executable's), made once when first asked for; nil in the kiosk.
    private(set) lazy var interchange: ContactsInterchange? = configuration.interchange?()
}
