import AppServices
import TUIKit

extension AssemblyServices {
    /// Background sync: nil where the data cannot sync (the kiosk's memory), where the
    /// app was given no way to start the child process, or before the root controller exists.
    var syncCenter: SyncCenter? {
        if let made = madeSyncCenter { return made }
        guard backend.canSync, let start = configuration.syncProcesses,
              let scheduler = coordinator.root?.scheduler else { return nil }
        let center = SyncCenter(reads: { [weak backend] in backend?.syncStatusWork }, processes: start(scheduler), scheduler: scheduler,
                                account: { [weak self] in self?.account })
        center.onPassEnded = { [weak self] in self?.readScreensAgain() }
        let now = self.now
        center.statusObserver = center.activity.observeNewAndCall { [weak root = coordinator.root] activity in
            root?.view.window?.statusText = activity.statusText(now: now())
        }
        madeSyncCenter = center
        return center
    }

    /// Once someone is signed in and the home shows: the accounts are read, and the timer follows
    /// the "Sync every" setting (a first pass at once when an account is set up — unless the
    /// setting is "only when asked", which means just that: no pass until a key asks for one).
    func startSync() {
        guard account != nil, let center = syncCenter else { return }
        let minutes = settings?.current.value.syncMinutes ?? UserSettings().syncMinutes
        // Accounts whose password comes from a command sync at once; a typed one waits for its password.
        center.readAgain { [weak center] in
            guard let center, minutes > 0, center.activity.value.accounts.contains(where: \.hasPasswordCommand) else { return }
            center.syncNow()
        }
        syncSettingsObserver = settings?.current.observeNewAndCall { [weak center] in center?.setInterval(minutes: $0.syncMinutes) }
    }
}

/// The Sync screen, on the app's `SyncCenter`.
@MainActor
struct SyncAssembly: Assembly {
    let services: AssemblyServices

    func build() -> ViewController {
        guard let center = services.syncCenter else { return Self.unavailable() }
        let coordinator = services.coordinator
        let actions = SyncConstructor.Actions(
            syncNow: { [weak center] in center?.syncNow() },
            addAccount: { [weak coordinator] in coordinator?.show(.syncSetup) },
            typePassword: { [weak coordinator] id, username in coordinator?.show(.syncPassword(syncAccountID: id, username: username)) },
            conflicts: { [weak coordinator] in coordinator?.show(.syncConflicts) },
            allowWipe: { [weak center] in center?.syncNow(allowingWipe: true) })
        return SyncViewController(center: center, now: services.now, actions: actions)
    }

    /// What the sync screens show where the data cannot sync.
    static func unavailable() -> ViewController {
        ComingSoonAssembly(feature: "Sync", reason: "This data cannot sync.").build()
    }

    /// The Settings row's value: "off", "1 account · 3 pending", "syncing".
    static func summary(_ activity: SyncActivity) -> String {
        guard activity.isSetUp else { return "off" }
        if activity.isRunning { return "syncing" }
        var text = activity.accounts.count == 1 ? "1 account" : "\(activity.accounts.count) accounts"
        if activity.pending > 0 { text += " · \(activity.pending) pending" }
        if activity.error != nil { text += " · failed" }
        return text
    }
}

/// The conflicts sync kept, on the signed-in person's contacts.
@MainActor
struct SyncConflictsAssembly: Assembly {
    let services: AssemblyServices

    func build() -> ViewController {
        guard let account = services.account, let work = services.backend.syncConflictsWork(for: account) else {
            return SyncAssembly.unavailable()
        }
        let vc = SyncConflictsViewController()
        SyncConflictsConfigurator.configure(vc, worker: SyncConflictsWorker(work: work, accountID: account.id),
                                            coordinator: services.coordinator)
        return vc
    }
}

/// Adding a CardDAV account.
@MainActor
struct SyncSetupAssembly: Assembly {
    let services: AssemblyServices

    func build() -> ViewController {
        guard let center = services.syncCenter else { return SyncAssembly.unavailable() }
        return SyncSetupViewController(center: center) { [weak coordinator = services.coordinator] notice in
            coordinator?.pop()
            (coordinator?.navigationController?.topViewController as? SyncViewController)?.show(notice: notice)
        }
    }
}

/// The password of an account without a password command, for this run.
@MainActor
struct SyncPasswordAssembly: Assembly {
    let services: AssemblyServices
    let syncAccountID: Int64
    let username: String

    func build() -> ViewController {
        guard let center = services.syncCenter else { return SyncAssembly.unavailable() }
        return SyncPasswordViewController(username: username) { [weak center, weak coordinator = services.coordinator, syncAccountID] password in
            center?.remember(password: password, for: syncAccountID)
            coordinator?.pop()
            center?.syncNow()
        }
    }
}
