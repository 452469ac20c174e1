import TUIKit

/// Registers the long-lived services and maps every `Screen` to its assembly
/// (seed 002's `RootAssembly`); builds the root controller.
@MainActor
public final class RootAssembly {
    let services: AssemblyServices
    private(set) weak var root: RootViewController?
    /// Called when the user asked to quit or the app cannot start.
    var onQuit: (() -> Void)?
    /// Called once, when start-up failed.
    var onStartupFailure: ((AppStartupError) -> Void)?

    init(configuration: AppConfiguration, now: @escaping () -> Int64) {
        services = AssemblyServices(configuration: configuration, now: now)
    }

    /// The assembly for a screen. Exhaustive: a new case is a compile error here until it has one.
    func assembly(for screen: Screen) -> Assembly {
        switch screen {
        case .splash:
            SplashAssembly(services: services, onFinished: { [weak self] in self?.splashFinished($0) },
                           onFailed: { [weak self] in self?.onStartupFailure?($0) })
        case .login:
            LoginAssembly(services: services) { [weak self] in self?.signedIn() }
        case .createAccount:
            CreateAccountAssembly(services: services) { [weak self] in self?.signedIn() }
        case .main:
            MainAssembly(services: services) { [weak self] in self?.logOut() }
        case .textInput:
            TextInputAssembly(services: services)
        case .textConfirmation(let text):
            TextConfirmationAssembly(services: services, text: text)
        case .comingSoon(let feature):
            ComingSoonAssembly(feature: feature)
        case .contactList:
            ContactListAssembly(services: services)
        case .contactDetail(let id):
            ShowContactAssembly(services: services, contactID: id)
        case .contactAdd:
            AddContactAssembly(services: services)
        case .contactEdit(let id):
            EditContactAssembly(services: services, contactID: id)
        case .friendsList:
            services.friends == nil ? FriendsListDemoAssembly(services: services) : FriendsListAssembly(services: services)
        case .friendsListDemo:
            FriendsListDemoAssembly(services: services)
        case .settings:
            SettingsAssembly(services: services, onLogOut: { [weak self] in self?.logOut() })
        case .changePassword:
            ChangePasswordAssembly(services: services)
        case .deleteAccount:
            DeleteAccountAssembly(services: services, onDeleted: { [weak self] in self?.signedOut() })
        case .about:
            AboutAssembly(services: services)
        case .activity:
            ActivityAssembly(services: services)
        }
    }

    /// The root controller, showing the splash.
    func buildRoot() -> RootViewController {
        let coordinator = services.coordinator
        let root = RootViewController(splash: assembly(for: .splash).build()) { [unowned self] flow in
            switch flow {
            case .launch: self.assembly(for: .splash).build()
            case .login: NavigationController(rootViewController: self.assembly(for: .login).build())
            case .main: NavigationController(rootViewController: self.assembly(for: .main).build())
            }
        }
        root.onQuit = { [weak self] in self?.onQuit?() }
        root.onAbout = { [weak root, weak coordinator] in
            if root?.currentFlowKind == .main { coordinator?.show(.about) }
        }
        root.onMainFlowShown = { [weak coordinator] in coordinator?.applyPendingDeepLink() }
        coordinator.root = root
        coordinator.assembly = { [unowned self] screen in self.assembly(for: screen) }
        coordinator.onMessage = { [weak root] message in
            (root?.currentFlow?.viewControllers.first as? MainViewController)?.show(message: message)
        }
        if let link = services.configuration.deepLink { coordinator.open(DeepLink.parse(link)) }
        self.root = root
        return root
    }

    private func splashFinished(_ destination: SplashViewController.Destination) {
        switch destination {
        case .login: root?.showLoginScreen()
        case .main: root?.switchToMainScreen()
        }
    }

    private func signedIn() {
        services.account = try? services.signIn?.savedSession()
        services.loadSettings()
        root?.switchToMainScreen()
    }

    func logOut() {
        try? services.signIn?.signOut()
        signedOut()
    }

    /// Views take their theme's styles when made: the main flow is made again,
    /// keeping the settings screen on top when the change came from there.
    func themeChanged() {
        guard let root, root.currentFlowKind == .main else { root?.view.window?.setNeedsFullRedraw(); return }
        let onSettings = root.currentFlow?.topViewController is SettingsViewController
        root.rebuildMainFlow(pushing: onSettings ? [assembly(for: .settings).build()] : [])
    }

    /// After a log-out or a deleted account: back to the login flow, with the defaults.
    func signedOut() {
        services.account = nil
        services.loadSettings()
        root?.switchToLogout()
    }
}
