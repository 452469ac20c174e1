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
            change: { change in if let error = settings.update(change) { screen?.show(error: error) } },
            changePassword: { [weak coordinator] in coordinator?.show(.changePassword) },
            deleteAccount: { [weak coordinator] in coordinator?.show(.deleteAccount) },
            logOut: onLogOut)
        let constructor = SettingsConstructor(settings: settings.current.value, username: account.username,
                                              showsKioskIdle: services.configuration.showsKioskSettings, actions: actions)
        let controller = SettingsViewController(constructor: constructor, settings: settings.current)
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
        guard let account = services.account, let accounts = services.backend.accountChanges else {
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
        guard let account = services.account, let accounts = services.backend.accountChanges else {
            return ComingSoonAssembly(feature: "Delete account", reason: ChangePasswordAssembly.unavailable).build()
        }
        return DeleteAccountViewController(accounts: accounts, account: account, onDeleted: onDeleted)
    }
}

/// About, with the facts read when it opens.
@MainActor
struct AboutAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let signedIn = services.account != nil
        let facts = AboutConstructor.Facts(version: SwitchboardApp.version, data: services.backend.dataLocation,
                                           contacts: signedIn ? (try? services.contacts.count(matching: "")) ?? 0 : 0,
                                           friends: signedIn ? services.friends.map { (try? $0.friendsCount()) ?? 0 } : nil,
                                           leaveKeys: services.configuration.leaveKeys)
        return AboutViewController(constructor: AboutConstructor(facts: facts))
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
