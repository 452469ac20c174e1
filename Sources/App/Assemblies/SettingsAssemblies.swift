import Components
import AppServices
import TUIKit

/// Settings, on the signed-in user's live settings.
@MainActor
struct SettingsAssembly: Assembly {
    let services: AssemblyServices
    let onLogOut: () -> Void

    func build() -> ViewController {
        guard let settings = services.settings, let account = services.account else {
            return ComingSoonAssembly(feature: "Settings", reason: "Nobody is signed in.").build()
        }
        weak var screen: SettingsViewController?
        let coordinator = services.coordinator
        let actions = SettingsConstructor.Actions(
            change: { change in settings.update(change, failed: { screen?.show(error: $0) }) },
            changePassword: { [weak coordinator] in coordinator?.show(.changePassword) },
            deleteAccount: { [weak coordinator] in coordinator?.show(.deleteAccount) },
            logOut: onLogOut,
            sync: { [weak coordinator] in coordinator?.show(.sync) })
        let constructor = SettingsConstructor(settings: settings.current.value, username: account.username,
                                              showsKioskIdle: services.configuration.showsKioskSettings,
                                              monochromeReason: services.monochromeReason, actions: actions)
        if let center = services.syncCenter {
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
    let services: AssemblyServices
    /// Why an account cannot change here (the kiosk keeps nothing).
    static let unavailable = "The demo has no real accounts: nothing here is stored."
    func build() -> ViewController {
        guard let account = services.account, let accounts = services.accountChangesWork else {
            return ComingSoonAssembly(feature: "Change password", reason: Self.unavailable).build()
        }
        return ChangePasswordViewController(accounts: accounts, accountID: account.id, now: services.now) { [weak coordinator = services.coordinator] in
            coordinator?.pop()
            (coordinator?.navigationController?.topViewController as? SettingsViewController)?.show(notice: "Password changed.")
        }
    }
}

@MainActor
struct DeleteAccountAssembly: Assembly {
    let services: AssemblyServices
    let onDeleted: () -> Void
    func build() -> ViewController {
        guard let account = services.account, let accounts = services.accountChangesWork else {
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
    let services: AssemblyServices
    func build() -> ViewController {
        let signedIn = services.account != nil
        let work = signedIn ? services.accountWork : nil
        let countsFriends = !services.backend.isDemo
        var facts = AboutConstructor.Facts(version: SwitchboardApp.version, data: services.backend.directory.location,
                                           contacts: 0, friends: signedIn && countsFriends ? 0 : nil,
                                           leaveKeys: services.configuration.leaveKeys)
        var controller: AboutViewController?
        // Memory and a file answer at once, before the screen is made; a server's "…" until it answers.
        work?.run({ account throws(ServiceError) in try Self.counts(of: account) }, then: { result in
            switch (result, controller) {
            case (.success(let counts), nil):
                facts.contacts = counts.contacts
                if countsFriends { facts.friends = counts.friends }
            case (.success(let counts), let shown?): shown.show(contacts: counts.contacts, friends: counts.friends, why: "")
            case (.failure, nil): facts.countsUnknown = "not read: the directory did not answer"
            case (.failure, let shown?): shown.show(contacts: nil, friends: nil, why: "not read: the directory did not answer")
            }
        })
        if work?.inlineService == nil, work != nil { facts.countsUnknown = "…" }
        let made = AboutViewController(constructor: AboutConstructor(facts: facts))
        controller = made
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
    let services: AssemblyServices
    func build() -> ViewController {
        guard services.signIn != nil, let account = services.account else {
            return ComingSoonAssembly(feature: "Activity", reason: "Nobody is signed in.").build()
        }
        let viewModel = services.activityFeed(scheduler: services.coordinator.root?.scheduler)
        if let live = viewModel as? ReloadsOnChangesElsewhere { services.readAgainOnChangesElsewhere(live) }
        return ActivityFeedViewController(viewModel: viewModel)
    }
}
