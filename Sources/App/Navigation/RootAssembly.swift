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
            .pushed(SplashAssembly(startup: services.startup, onFinished: { [weak self] in self?.splashFinished($0) },
                                   onFailed: { [weak self] in self?.onStartupFailure?($0) },
                                   onRecovered: { [weak self] in self?.onStartupRecovered?() }))
        case .login:
            .pushed(LoginAssembly(session: services.session, coordinator: services.coordinator) { [weak self] in self?.signedIn($0, then: $1) })
        case .createAccount:
            .pushed(CreateAccountAssembly(session: services.session) { [weak self] in self?.signedIn($0, then: $1) })
        case .main:
            .pushed(MainAssembly(session: services.session, sync: services.sync, coordinator: services.coordinator,
                                 hasDemoFriends: services.configuration.demoFriendsList != nil,
                                 demoFriendsCount: services.configuration.demoFriendsCount, now: services.now) { [weak self] in self?.logOut() })
        case .textInput:
            .pushed(TextInputAssembly(coordinator: services.coordinator))
        case .textConfirmation(let text):
            .pushed(TextConfirmationAssembly(coordinator: services.coordinator, text: text))
        case .comingSoon(let feature):
            .pushed(ComingSoonAssembly(feature: feature))
        case .contactList:
            .pushed(contactList(book: services.session.resolved(.both)))
        case .teamContactList: // the own list where there is no team book (a file)
            .pushed(contactList(book: services.session.resolved(.team)))
        case .contactDetail(let id, let book):
            .pushed(ShowContactAssembly(session: services.session, settings: services.settings, coordinator: services.coordinator,
                                        runProgram: services.configuration.runProgram, findsProgram: services.configuration.findsProgram,
                                        contactID: id, book: book))
        case .contactAdd(let book):
            .pushed(AddContactAssembly(contacts: services.session.contactsWork(in: book), coordinator: services.coordinator))
        case .contactEdit(let id, let book):
            .pushed(EditContactAssembly(contacts: services.session.contactsWork(in: book), coordinator: services.coordinator,
                                        contactID: id, book: book))
        case .contactConflict(let yours, let read, let book):
            .pushed(ResolveConflictAssembly(contacts: services.session.contactsWork(in: book), coordinator: services.coordinator,
                                            yours: yours, read: read))
        case .duplicates(let book):
            .pushed(DuplicatesAssembly(contacts: services.session.contactsWork(in: book), coordinator: services.coordinator, book: book))
        case .trash(let book):
            .pushed(TrashAssembly(contacts: services.session.contactsWork(in: book), now: services.now))
        case .contactTransfer(let export, let book):
            .pushed(transfer(export: export, book: book))
        case .contactExport(let scope, let book):
            .pushed(transfer(export: true, book: book, scope: scope))
        case .friendsList:
            // Without friends of its own (the kiosk) the popup is the demo use-case.
            if let friends = services.session.friendsWork {
                .presented(FriendsListAssembly(changes: services.changes, coordinator: services.coordinator, friends: friends))
            } else { .presented(FriendsListDemoAssembly(configuration: services.configuration)) }
        case .friendsListDemo:
            .presented(FriendsListDemoAssembly(configuration: services.configuration))
        case .settings:
            .pushed(SettingsAssembly(signedIn: services.settings, session: services.session, sync: services.sync, coordinator: services.coordinator,
                                     showsKioskIdle: services.configuration.showsKioskSettings, onLogOut: { [weak self] in self?.logOut() }))
        case .changePassword:
            .pushed(ChangePasswordAssembly(session: services.session, coordinator: services.coordinator, now: services.now))
        case .deleteAccount:
            .pushed(DeleteAccountAssembly(session: services.session, onDeleted: { [weak self] in self?.accountDeleted() }))
        case .about:
            .pushed(AboutAssembly(session: services.session, leaveKeys: services.configuration.leaveKeys))
        case .activity:
            .pushed(ActivityAssembly(session: services.session, changes: services.changes, coordinator: services.coordinator))
        case .sync:
            .pushed(SyncAssembly(sync: services.sync, coordinator: services.coordinator, now: services.now))
        case .syncSetup:
            .pushed(SyncSetupAssembly(sync: services.sync, coordinator: services.coordinator))
        case .syncPassword(let id, let username):
            .pushed(SyncPasswordAssembly(sync: services.sync, coordinator: services.coordinator, syncAccountID: id, username: username))
        case .syncConflicts:
            .pushed(SyncConflictsAssembly(session: services.session, coordinator: services.coordinator))
        case .birthdays:
            .pushed(BirthdaysAssembly(session: services.session, coordinator: services.coordinator, now: services.now,
                                      book: services.session.resolved(.both)))
        case .correspondents:
            .pushed(CorrespondentsAssembly(contacts: services.session.contactsWork(in: .own)))
        }
    }

    /// The contacts list on `book` (resolved: a directory without a team book has only the own).
    private func contactList(book: ContactBook) -> ContactListAssembly {
        ContactListAssembly(session: services.session, settings: services.settings, coordinator: services.coordinator,
                            runProgram: services.configuration.runProgram, findsProgram: services.configuration.findsProgram,
                            offersTransfer: services.configuration.interchange != nil, book: book)
    }

    /// Import… or Export… of `book`'s whole address book.
    private func transfer(export: Bool, book: ContactBook, scope: ExportScope = .all) -> ContactTransferAssembly {
        ContactTransferAssembly(interchange: services.interchange, addressBook: services.session.addressBookWork(in: book),
                                coordinator: services.coordinator, export: export, scope: scope)
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
        if services.session.signIn?.hasAccounts == false { flow.push(controller(for: .createAccount), animated: false) }
        return flow
    }

    private func splashFinished(_ destination: SplashViewController.Destination) {
        // A data file that cannot be written is said from the first screen on (issue 51), not at the first save.
        if let window = root?.view.window { ReadOnlyBanner.show(for: services.session.backend.directory.location, in: window) }
        // A file's second connection (for searches off the main loop) opens once this first screen
        // is drawn (issue 52): reading the schema again is not in the way of its frame.
        let backend = services.session.backend
        if let scheduler = root?.scheduler {
            scheduler.afterNextFrame { [weak backend] in backend?.openReadsWork() }
        } else {
            backend.openReadsWork()
        }
        switch destination {
        case .login: root?.showLoginScreen()
        // A splash of no length ("none", `--splash-ms 0`) was not asked to be seen: its
        // fade out would only hold back the home by 300 ms, so the home comes at once
        // (as Log In always does). A splash that was asked for fades to the home.
        case .main: root?.switchToMainScreen(animated: services.startup.splashDuration > .zero)
        }
    }

    /// After `account` signed in (its session just saved): its settings are read (through the
    /// settings' work: off the main loop on a server), then `settled` is told and the home comes.
    private func signedIn(_ account: Account, then settled: @escaping @MainActor () -> Void) {
        services.session.signedIn(account)
        services.settings.load(for: services.session) { [weak self] in
            settled()
            self?.root?.switchToMainScreen()
        }
    }

    /// Clears the saved session and goes to Log In; when the session cannot be
    /// cleared (a read-only file), says so and stays signed in, on the same screen.
    func logOut() {
        guard let signIn = services.session.signIn else { signedOut(); return }
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
        let name = services.session.account?.username ?? ""
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
        services.sync.signedOut()
        services.session.signedOut()
        services.settings.forget()
        // Signed out, the login flow keeps the choice of the person who just left (Animations Off stays off).
        Animator.animationsEnabled = animated
        root?.switchToLogout(animated: animated)
    }
}
