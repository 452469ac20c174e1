import AppServices
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
    /// Called when a start-up that failed worked on a later try (a server that came back).
    var onStartupRecovered: (() -> Void)?

    init(configuration: AppConfiguration, now: @escaping () -> Int64) {
        services = AssemblyServices(configuration: configuration, now: now)
    }

    /// The assembly for a screen. Exhaustive: a new case is a compile error here until it has one.
    func assembly(for screen: Screen) -> ScreenAssembly {
        switch screen {
        case .splash:
            .pushed(SplashAssembly(services: services, onFinished: { [weak self] in self?.splashFinished($0) },
                                   onFailed: { [weak self] in self?.onStartupFailure?($0) },
                                   onRecovered: { [weak self] in self?.onStartupRecovered?() }))
        case .login:
            .pushed(LoginAssembly(services: services) { [weak self] in self?.signedIn($0, then: $1) })
        case .createAccount:
            .pushed(CreateAccountAssembly(services: services) { [weak self] in self?.signedIn($0, then: $1) })
        case .main:
            .pushed(MainAssembly(services: services) { [weak self] in self?.logOut() })
        case .textInput:
            .pushed(TextInputAssembly(services: services))
        case .textConfirmation(let text):
            .pushed(TextConfirmationAssembly(services: services, text: text))
        case .comingSoon(let feature):
            .pushed(ComingSoonAssembly(feature: feature))
        case .contactList:
            .pushed(ContactListAssembly(services: services.showing(services.teamBook == nil ? .own : .both)))
        case .teamContactList: // the own list where there is no team book (a file)
            .pushed(ContactListAssembly(services: services.showing(services.teamBook == nil ? .own : .team)))
        case .contactDetail(let id):
            .pushed(ShowContactAssembly(services: services, contactID: id))
        case .contactAdd:
            .pushed(AddContactAssembly(services: services))
        case .contactEdit(let id):
            .pushed(EditContactAssembly(services: services, contactID: id))
        case .contactConflict(let yours, let read):
            .pushed(ResolveConflictAssembly(services: services, yours: yours, read: read))
        case .duplicates:
            .pushed(DuplicatesAssembly(services: services))
        case .trash:
            .pushed(TrashAssembly(services: services))
        case .contactTransfer(let export):
            .pushed(ContactTransferAssembly(services: services, export: export))
        case .contactExport(let scope):
            .pushed(ContactTransferAssembly(services: services, export: true, scope: scope))
        case .friendsList:
            // Without friends of its own (the kiosk) the popup is the demo use-case.
            if let friends = services.friendsWork { .presented(FriendsListAssembly(services: services, friends: friends)) }
            else { .presented(FriendsListDemoAssembly(services: services)) }
        case .friendsListDemo:
            .presented(FriendsListDemoAssembly(services: services))
        case .settings:
            .pushed(SettingsAssembly(services: services, onLogOut: { [weak self] in self?.logOut() }))
        case .changePassword:
            .pushed(ChangePasswordAssembly(services: services))
        case .deleteAccount:
            .pushed(DeleteAccountAssembly(services: services, onDeleted: { [weak self] in self?.accountDeleted() }))
        case .about:
            .pushed(AboutAssembly(services: services))
        case .activity:
            .pushed(ActivityAssembly(services: services))
        case .sync:
            .pushed(SyncAssembly(services: services))
        case .syncSetup:
            .pushed(SyncSetupAssembly(services: services))
        case .syncPassword(let id, let username):
            .pushed(SyncPasswordAssembly(services: services, syncAccountID: id, username: username))
        case .syncConflicts:
            .pushed(SyncConflictsAssembly(services: services))
        case .birthdays:
            .pushed(BirthdaysAssembly(services: services.showing(services.teamBook == nil ? .own : .both)))
        case .correspondents:
            .pushed(CorrespondentsAssembly(services: services.showing(.own)))
        }
    }

    /// A pushed screen's controller (the flows' first screens, Settings after a theme change).
    private func controller(for screen: Screen) -> ViewController {
        guard case .pushed(let assembly) = assembly(for: screen) else { preconditionFailure("\(screen) is a popup, never pushed") }
        return assembly.build()
    }

    /// The root controller, showing the splash.
    func buildRoot() -> RootViewController {
        let coordinator = services.coordinator
        let root = RootViewController(splash: controller(for: .splash)) { [unowned self] flow in
            switch flow {
            case .launch: self.controller(for: .splash)
            case .login: self.makeLoginFlow()
            case .main: NavigationController(rootViewController: self.controller(for: .main))
            }
        }
        root.onQuit = { [weak self, weak root] in self?.quitAsked(front: root?.frontmostController) }
        // F2: About on top of whatever is there, in the login flow too (it then shows no counts); not over About.
        root.onAbout = { [weak root, weak coordinator, unowned self] in
            guard let root, let coordinator, !(coordinator.navigationController?.topViewController is AboutViewController) else { return }
            switch root.currentFlowKind {
            case .main: coordinator.show(.about)
            case .login: coordinator.navigationController?.push(self.controller(for: .about))
            case .launch: break
            }
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

    /// Log In; on a file with no account yet, Create Account on top of it (Esc goes to Log In).
    private func makeLoginFlow() -> NavigationController {
        let flow = NavigationController(rootViewController: controller(for: .login))
        if services.signIn?.hasAccounts == false { flow.push(controller(for: .createAccount), animated: false) }
        return flow
    }

    private func splashFinished(_ destination: SplashViewController.Destination) {
        // A data file that cannot be written is said from the first screen on (issue 51), not at the first save.
        if let window = root?.view.window { ReadOnlyBanner.show(for: services.backend.directory.location, in: window) }
        switch destination {
        case .login: root?.showLoginScreen()
        // A splash of no length ("none", `--splash-ms 0`) was not asked to be seen: its
        // fade out would only hold back the home by 300 ms, so the home comes at once
        // (as Log In always does). A splash that was asked for fades to the home.
        case .main: root?.switchToMainScreen(animated: services.splashDuration > .zero)
        }
    }

    /// After `account` signed in (its session just saved): its settings are read (through the
    /// settings' work: off the main loop on a server), then `settled` is told and the home comes.
    private func signedIn(_ account: Account, then settled: @escaping @MainActor () -> Void) {
        services.account = account
        services.loadSettings { [weak self] in
            settled()
            self?.root?.switchToMainScreen()
        }
    }

    /// Clears the saved session and goes to Log In; when the session cannot be
    /// cleared (a read-only file), says so and stays signed in, on the same screen.
    func logOut() {
        guard let signIn = services.signIn else { signedOut(); return }
        signIn.signOut { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result {
                let alert = AlertController(title: "Could not log out",
                                            message: "You are still signed in: the session could not be cleared. \(error.message)")
                alert.addAction(AlertAction(title: "OK", style: .cancel))
                self.root?.currentFlow?.topViewController?.present(alert)
                return
            }
            self.signedOut()
        }
    }

    /// Views look their theme's styles up when they draw: a new theme shows on the same screens
    /// at the next full redraw, with nothing made again (the settings row stays where it was).
    func themeChanged() {
        root?.view.window?.setNeedsFullRedraw()
    }

    /// `q`: never past a question (it answers as Esc does: Keep editing, Cancel) and never away from
    /// typed changes without the form's "Discard changes?"; else the app quits.
    private func quitAsked(front: ViewController?) {
        if let alert = front as? AlertController { alert.cancel(); return }
        if let form = front as? UnsavedChanges, form.hasUnsavedChanges {
            ContactFormScreen.confirmDiscard(from: form, changed: true) { [weak self] in self?.onQuit?() }
            return
        }
        onQuit?()
    }

    /// ^C: as `q` on a form holding typed changes (it asks "Discard changes?" first; a second ^C
    /// while it asks quits at once); else the app quits at once, as ever.
    func interruptAsked(quit: @escaping () -> Void) {
        let front = root?.frontmostController
        if let form = front as? UnsavedChanges, form.hasUnsavedChanges {
            ContactFormScreen.confirmDiscard(from: form, changed: true, leave: quit)
            return
        }
        quit()
    }

    /// After the account was deleted: the login flow, saying so.
    private func accountDeleted() {
        let name = services.account?.username ?? ""
        signedOut()
        let notice = "The account \(name) and its data were deleted."
        for screen in root?.currentFlow?.viewControllers ?? [] {
            (screen as? LoginViewController)?.show(notice: notice)
            (screen as? CreateAccountViewController)?.show(notice: notice)
        }
    }

    /// After a log-out or a deleted account: back to the login flow, with the defaults.
    func signedOut() {
        // The slide follows the user's Animations setting, read before the defaults come back.
        let animated = Animator.animationsEnabled
        services.syncCenter?.signedOut()
        services.account = nil
        services.forgetSettings()
        // Signed out, the login flow keeps the choice of the person who just left (Animations Off stays off).
        Animator.animationsEnabled = animated
        root?.switchToLogout(animated: animated)
    }
}
