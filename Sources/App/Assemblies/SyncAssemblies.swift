import AppServices
import TUIKit

/// The Sync screen, on the app's `SyncCenter`.
@MainActor
struct SyncAssembly: Assembly {
    let sync: SyncOwner
    let coordinator: Coordinator
    let now: () -> Int64

    func build() -> ViewController {
        guard let center = sync.center else { return Self.unavailable() }
        let actions = SyncConstructor.Actions(
            syncNow: { [weak center] in center?.syncNow() },
            addAccount: { [weak coordinator] in coordinator?.show(.syncSetup) },
            typePassword: { [weak coordinator] id, username in coordinator?.show(.syncPassword(syncAccountID: id, username: username)) },
            conflicts: { [weak coordinator] in coordinator?.show(.syncConflicts) },
            allowWipe: { [weak center] in center?.syncNow(allowingWipe: true) })
        return SyncViewController(center: center, now: now, actions: actions)
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
    let session: AppSession
    let coordinator: Coordinator

    func build() -> ViewController {
        guard let account = session.account, let work = session.backend.syncConflictsWork(for: account) else {
            return SyncAssembly.unavailable()
        }
        let vc = SyncConflictsViewController()
        SyncConflictsConfigurator.configure(vc, worker: SyncConflictsWorker(work: work, accountID: account.id),
                                            coordinator: coordinator)
        return vc
    }
}

/// Adding a CardDAV account.
@MainActor
struct SyncSetupAssembly: Assembly {
    let sync: SyncOwner
    let coordinator: Coordinator

    func build() -> ViewController {
        guard let center = sync.center else { return SyncAssembly.unavailable() }
        return SyncSetupViewController(center: center) { [weak coordinator] notice in
            coordinator?.pop()
            (coordinator?.navigationController?.topViewController as? SyncViewController)?.show(notice: notice)
        }
    }
}

/// The password of an account without a password command, for this run.
@MainActor
struct SyncPasswordAssembly: Assembly {
    let sync: SyncOwner
    let coordinator: Coordinator
    let syncAccountID: Int64
    let username: String

    func build() -> ViewController {
        guard let center = sync.center else { return SyncAssembly.unavailable() }
        return SyncPasswordViewController(username: username) { [weak center, weak coordinator, syncAccountID] password in
            center?.remember(password: password, for: syncAccountID)
            coordinator?.pop()
            center?.syncNow()
        }
    }
}
