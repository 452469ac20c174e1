import AppServices
import TUIKit

/// Sync's owner: makes the app's `SyncCenter` the first time the home shows on data that can
/// sync, keeps its timer on the "Sync every" setting, and ends its pass at sign-out.
@MainActor
final class SyncOwner {
    private let session: AppSession
    private let settings: SignedInSettings
    private let coordinator: Coordinator
    /// How the app starts the sync child (the executable's; nil: no sync).
    private let processes: (@MainActor @Sendable (Scheduler) -> any SyncProcessStarting)?
    private let now: () -> Int64
    /// Told when a pass ended (the screens on view read again).
    var onPassEnded: (() -> Void)?
    /// Background sync, once made (see `center`).
    private var made: SyncCenter?
    private var settingsObserver: ObserverProtocol?

    init(session: AppSession, settings: SignedInSettings, coordinator: Coordinator,
         processes: (@MainActor @Sendable (Scheduler) -> any SyncProcessStarting)?, now: @escaping () -> Int64) {
        self.session = session
        self.settings = settings
        self.coordinator = coordinator
        self.processes = processes
        self.now = now
    }

    /// Background sync: nil where the data cannot sync (the kiosk's memory), where the
    /// app was given no way to start the child process, or before the root controller exists.
    var center: SyncCenter? {
        if let made { return made }
        let backend = session.backend
        guard backend.canSync, let start = processes, let scheduler = coordinator.root?.scheduler else { return nil }
        let center = SyncCenter(reads: { [weak backend] in backend?.syncStatusWork }, processes: start(scheduler), scheduler: scheduler,
                                account: { [weak session] in session?.account })
        center.onPassEnded = { [weak self] in self?.onPassEnded?() }
        let now = self.now
        center.statusObserver = center.activity.observeNewAndCall { [weak root = coordinator.root] activity in
            root?.view.window?.statusText = activity.statusText(now: now())
        }
        made = center
        return center
    }

    /// After a write: the pending changes are read again (only once the centre is made).
    func readAgain() { made?.readAgain() }

    /// Once someone is signed in and the home shows: the accounts are read, and the timer follows
    /// the "Sync every" setting (a first pass at once when an account is set up — unless the
    /// setting is "only when asked", which means just that: no pass until a key asks for one).
    func start() {
        guard session.account != nil, let center else { return }
        let minutes = settings.value.syncMinutes
        // Accounts whose password comes from a command sync at once; a typed one waits for its password.
        center.readAgain { [weak center] in
            guard let center, minutes > 0, center.activity.value.accounts.contains(where: \.hasPasswordCommand) else { return }
            center.syncNow()
        }
        settingsObserver = settings.live?.current.observeNewAndCall { [weak center] in center?.setInterval(minutes: $0.syncMinutes) }
    }

    /// After a log-out or a deleted account.
    func signedOut() { center?.signedOut() }
}
