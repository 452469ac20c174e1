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
/// on a server, "…" until it answers; at once on a file), or from the kiosk's memory at once.
@MainActor
struct AboutAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let signedIn = services.account != nil
        let work = signedIn ? services.accountWork : nil
        var facts = AboutConstructor.Facts(version: SwitchboardApp.version, data: services.backend.dataLocation,
                                           contacts: 0, friends: signedIn ? services.friendsWork.map { _ in 0 } : nil,
                                           leaveKeys: services.configuration.leaveKeys)
        if work != nil {
            facts.countsUnknown = "…"
        } else if signedIn {
            facts.contacts = (try? services.contacts.count(matching: "")) ?? 0
            facts.friends = services.friends.map { (try? $0.friendsCount()) ?? 0 }
        }
        let controller = AboutViewController(constructor: AboutConstructor(facts: facts))
        work?.run({ account throws(ServiceError) in try Self.counts(of: account) }, then: { [weak controller] result in
            switch result {
            case .success(let counts): controller?.show(contacts: counts.contacts, friends: counts.friends, why: "")
            case .failure: controller?.show(contacts: nil, friends: nil, why: "not read: the directory did not answer")
            }
        })
        return controller
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
        let viewModel = services.backend.activityFeed(for: account, contacts: services.contacts, coordinator: services.coordinator,
                                                      scheduler: services.coordinator.root?.scheduler)
        if let live = viewModel as? ReloadsOnChangesElsewhere { services.readAgainOnChangesElsewhere(live) }
        return ActivityFeedViewController(viewModel: viewModel)
    }
}
