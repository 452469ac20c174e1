import Components
import AppServices
import TUIKit

/// Settings, on the signed-in user's live settings.
@MainActor
struct SettingsAssembly: Assembly {
    let signedIn: SignedInSettings
    let session: AppSession
    let sync: SyncOwner
    let coordinator: Coordinator
    /// Whether the kiosk's idle timeout is a row (only the kiosk has one).
    let showsKioskIdle: Bool
    let onLogOut: () -> Void

    func build() -> ViewController {
        guard let settings = signedIn.live, let account = session.account else {
            return ComingSoonAssembly(feature: "Settings", reason: "Nobody is signed in.").build()
        }
        weak var screen: SettingsViewController?
        let actions = SettingsConstructor.Actions(
            change: { change in settings.update(change, failed: { screen?.show(error: $0) }) },
            changePassword: { [weak coordinator] in coordinator?.show(.changePassword) },
            deleteAccount: { [weak coordinator] in coordinator?.show(.deleteAccount) },
            logOut: onLogOut,
            sync: { [weak coordinator] in coordinator?.show(.sync) })
        let constructor = SettingsConstructor(settings: settings.current.value, username: account.username,
                                              showsKioskIdle: showsKioskIdle,
                                              monochromeReason: signedIn.monochromeReason, actions: actions)
        if let center = sync.center {
            center.readAgain()
            constructor.syncSummary = SyncAssembly.summary(center.activity.value)
        }
        let controller = SettingsViewController(constructor: constructor, settings: settings.current,
                                                readAgain: { [weak settings] in settings?.readAgain() })
        screen = controller
        return controller
    }
}

@MainActor
struct ChangePasswordAssembly: Assembly {
    let session: AppSession
    let coordinator: Coordinator
    let now: () -> Int64
    /// Why an account cannot change here (the kiosk keeps nothing).
    static let unavailable = "The demo has no real accounts: nothing here is stored."
    func build() -> ViewController {
        guard let account = session.account, let accounts = session.accountChangesWork else {
            return ComingSoonAssembly(feature: "Change password", reason: Self.unavailable).build()
        }
        return ChangePasswordViewController(accounts: accounts, accountID: account.id, now: now) { [weak coordinator] in
            coordinator?.pop()
            (coordinator?.navigationController?.topViewController as? SettingsViewController)?.show(notice: "Password changed.")
        }
    }
}

@MainActor
struct DeleteAccountAssembly: Assembly {
    let session: AppSession
    let onDeleted: () -> Void
    func build() -> ViewController {
        guard let account = session.account, let accounts = session.accountChangesWork else {
            return ComingSoonAssembly(feature: "Delete account", reason: ChangePasswordAssembly.unavailable).build()
        }
        return DeleteAccountViewController(accounts: accounts, account: account, onDeleted: onDeleted)
    }
}

/// About, with the counts read when it opens: a job on the account's work (off the main loop
/// on a server, "…" until it answers; at once on a file or in memory). On a demo's made-up data
/// (the kiosk) the friends are the Demo target's: not counted.
@MainActor
struct AboutAssembly: Assembly {
    let session: AppSession
    /// How to leave the app, as About lists it (the kiosk's differ).
    let leaveKeys: (keys: String, action: String)
    func build() -> ViewController {
        let signedIn = session.account != nil
        let work = signedIn ? session.accountWork : nil
        let countsFriends = !session.backend.isDemo
        let counts = AboutCounts(facts: AboutConstructor.Facts(version: SwitchboardApp.version, data: session.backend.directory.location,
                                                               contacts: 0, friends: signedIn && countsFriends ? 0 : nil,
                                                               leaveKeys: leaveKeys),
                                 countsFriends: countsFriends)
        // Memory and a file answer at once, before the screen is made; a server's "…" until it answers.
        work?.run({ account throws(ServiceError) in try Self.counts(of: account) }, then: { result in counts.take(result) })
        if work?.inlineService == nil, work != nil { counts.awaitAnswer() }
        let made = AboutViewController(constructor: AboutConstructor(facts: counts.facts))
        counts.shown = made
        return made
    }

    /// The account's counts (on the work's thread): a count the store could not read is 0, as
    /// before; a directory out of reach fails the whole.
    nonisolated static func counts(of account: AccountServices) throws(ServiceError) -> (contacts: Int, friends: Int) {
        func count(_ read: () throws(ServiceError) -> Int) throws(ServiceError) -> Int {
            do { return try read() } catch {
                if error.kind == .unavailable { throw error }
                return 0
            }
        }
        return (try count { () throws(ServiceError) in try account.contacts.count(matching: "") },
                try count { () throws(ServiceError) in try account.contacts.friendsCount() })
    }
}

/// Activity, on the signed-in user's log.
@MainActor
struct ActivityAssembly: Assembly {
    let session: AppSession
    let changes: ChangesElsewhere
    let coordinator: Coordinator
    func build() -> ViewController {
        guard session.isSignedIn else {
            return ComingSoonAssembly(feature: "Activity", reason: "Nobody is signed in.").build()
        }
        let viewModel = session.activityFeed(coordinator: coordinator, scheduler: coordinator.root?.scheduler)
        if let live = viewModel as? ReloadsOnChangesElsewhere { changes.readAgainOnChangesElsewhere(live) }
        return ActivityFeedViewController(viewModel: viewModel)
    }
}
