import AppServices
import TUIKit

/// The signed-in person's settings as the app applies them: read at start-up and sign-in, the
/// defaults after sign-out, and the app told of each change (its theme, animations, mouse).
@MainActor
final class SignedInSettings {
    /// Seconds, from the run loop's clock (virtual in tests and headless runs).
    private let now: () -> Int64
    /// The live settings (nil when nobody is signed in).
    private(set) var live: LiveSettings?
    /// Called when the signed-in user's settings change, or someone else signs in (the app applies them).
    var onChange: ((UserSettings) -> Void)?
    /// Why the theme is monochrome whatever the settings say (the screen has no colours), or nil.
    var monochromeReason: String?
    private var observer: ObserverProtocol?

    init(now: @escaping () -> Int64) {
        self.now = now
    }

    /// After a sign-out: the defaults, and the app told.
    func forget() {
        use(nil)
    }

    /// Reads the settings of `session`'s signed-in person through the settings' work (off the
    /// main loop on a server), tells the app, then calls `done`.
    func load(for session: AppSession, then done: @escaping @MainActor () -> Void) {
        guard session.isSignedIn, let account = session.account else { use(nil); done(); return }
        LiveSettings.read(accountID: account.id, work: session.settingsWork, now: now) { [weak self] loaded in
            self?.use(loaded)
            done()
        }
    }

    /// Makes `loaded` the live settings (nil: none, defaults), and tells the app.
    private func use(_ loaded: LiveSettings?) {
        observer = nil
        live = loaded
        if let live {
            observer = live.current.observeNewAndCall { [weak self] in self?.onChange?($0) }
        } else {
            onChange?(UserSettings())
        }
    }

    /// The settings now (the defaults when nobody is signed in).
    var value: UserSettings { live?.current.value ?? UserSettings() }

    /// The contacts list's order (a setting; by last name without one).
    var listOrder: ContactListOrder { live?.current.value.listOrder ?? .lastName }

    /// Keeps the list's order in the settings (`failed` hears why it could not be; no settings: nothing kept).
    func saveListOrder(_ order: ContactListOrder, failed: @escaping @MainActor (String) -> Void) {
        live?.update({ $0.listOrder = order }, failed: failed)
    }

    /// Whether deleting a contact asks first (a setting).
    var confirmsBeforeDelete: Bool { live?.current.value.confirmBeforeDelete ?? true }
}
