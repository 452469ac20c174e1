import Components
import Foundation
import Storage
import TUIKit

/// Settings, on the signed-in user's live settings.
@MainActor
struct SettingsAssembly: Assembly {
    let services: AssemblyServices
    let onLogOut: () -> Void

    func build() -> ViewController {
        guard let settings = services.settings, let account = services.account else {
            return ComingSoonAssembly(feature: "Settings (nobody is signed in)").build()
        }
        weak var screen: SettingsViewController?
        let coordinator = services.coordinator
        let actions = SettingsConstructor.Actions(
            change: { change in if let error = settings.update(change) { screen?.show(error: error) } },
            changePassword: { [weak coordinator] in coordinator?.show(.changePassword) },
            deleteAccount: { [weak coordinator] in coordinator?.show(.deleteAccount) },
            logOut: onLogOut)
        let constructor = SettingsConstructor(settings: settings.current.value, username: account.username, actions: actions)
        let controller = SettingsViewController(constructor: constructor, settings: settings.current)
        screen = controller
        return controller
    }
}

@MainActor
struct ChangePasswordAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        guard let db = services.database, let account = services.account else { return ComingSoonAssembly(feature: "Change password").build() }
        let accounts = AccountStore(database: db, hasher: PasswordHasher(cost: services.configuration.passwordCost))
        return ChangePasswordViewController(accounts: accounts, accountID: account.id) { [weak coordinator = services.coordinator] in
            coordinator?.pop()
        }
    }
}

@MainActor
struct DeleteAccountAssembly: Assembly {
    let services: AssemblyServices
    let onDeleted: () -> Void
    func build() -> ViewController {
        guard let db = services.database, let account = services.account else { return ComingSoonAssembly(feature: "Delete account").build() }
        let accounts = AccountStore(database: db, hasher: PasswordHasher(cost: services.configuration.passwordCost))
        return DeleteAccountViewController(accounts: accounts, account: account, onDeleted: onDeleted)
    }
}

/// About, with the facts read when it opens.
@MainActor
struct AboutAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        let path = services.configuration.databasePath
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
        let signedIn = services.account != nil
        let facts = AboutConstructor.Facts(version: SwitchboardApp.version, dataPath: path, dataBytes: bytes,
                                           contacts: signedIn ? (try? services.contacts.count(matching: "")) ?? 0 : 0,
                                           friends: signedIn ? (try? services.friends.friendsCount()) ?? 0 : 0)
        return AboutViewController(constructor: AboutConstructor(facts: facts))
    }
}

/// Activity, on the signed-in user's log.
@MainActor
struct ActivityAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController {
        guard let db = services.database, let account = services.account else { return ComingSoonAssembly(feature: "Activity").build() }
        let contacts = services.contacts
        let viewModel = ActivityViewModel(store: ActivityStore(database: db, accountID: account.id), now: services.now,
                                          contactExists: { id in ((try? contacts.contact(id: id)) ?? nil) != nil },
                                          coordinator: services.coordinator, scheduler: services.coordinator.root?.scheduler)
        return ActivityFeedViewController(viewModel: viewModel)
    }
}
