import AppServices
import Components
import TUIKit

/// The splash, wired to the root controller's flow changes.
@MainActor
struct SplashAssembly: Assembly {
    let services: AssemblyServices
    let onFinished: (SplashViewController.Destination) -> Void
    let onFailed: (AppStartupError) -> Void
    let onRecovered: () -> Void

    func build() -> ViewController {
        let splash = SplashViewController(minimumDuration: { [services] in services.splashDuration },
                                          work: { [services] deliver in services.start(then: deliver) }, onFinished: onFinished, onFailed: onFailed)
        splash.onRecovered = onRecovered
        return splash
    }
}

@MainActor
struct LoginAssembly: Assembly {
    let services: AssemblyServices
    /// Told who signed in, and what to call once the home is on its way (the form stops waiting).
    let onSignedIn: (Account, @escaping @MainActor () -> Void) -> Void
    func build() -> ViewController {
        LoginViewController(service: services.signIn!, coordinator: services.coordinator,
                            dataPlace: services.backend.directory.location.place, kind: services.backend.directory.signInKind, onSignedIn: onSignedIn)
    }
}

@MainActor
struct CreateAccountAssembly: Assembly {
    let services: AssemblyServices
    /// Told who was made and signed in, and what to call once the home is on its way.
    let onCreated: (Account, @escaping @MainActor () -> Void) -> Void
    func build() -> ViewController {
        CreateAccountViewController(service: services.signIn!, dataPlace: services.backend.directory.location.place, onCreated: onCreated)
    }
}

@MainActor
struct MainAssembly: Assembly {
    let services: AssemblyServices
    let onLogOut: () -> Void
    func build() -> ViewController {
        services.startSync()
        return MainViewController(username: services.account?.username ?? "", coordinator: services.coordinator,
                           offersDemo: services.configuration.demoFriendsList != nil && services.friendsWork != nil,
                           hasTeamBook: services.teamBook != nil,
                           summary: { [services] deliver in Self.readSummary(services, then: deliver) },
                           sync: services.syncCenter, now: services.now, onLogOut: onLogOut)
    }

    /// Reads the home's counts and the newest few activity entries, then hands them to
    /// `deliver`: as one job on the directory's work (off the main loop on a server, at once on a
    /// file or in memory; nil when the directory did not answer). On a demo's made-up data (the
    /// kiosk) the entries are its made-up feed's, and it has no friends count of its own.
    static func readSummary(_ services: AssemblyServices, then deliver: @escaping @MainActor (MainViewController.Summary?) -> Void) {
        guard services.account != nil else { deliver(.init()); return }
        guard services.backend.isDemo else {
            services.accountWork.run({ account throws(ServiceError) in try summary(of: account) }, then: { deliver(try? $0.get()) })
            return
        }
        let recent = Self.recent(in: services.activityFeed(scheduler: nil))
        services.accountWork.run({ account throws(ServiceError) -> Int in try account.contacts.count(matching: "") }, then: { counted in
            deliver(MainViewController.Summary(contacts: try? counted.get(), friends: nil, recent: recent))
        })
    }

    /// The summary from a store's services (on the work's thread): a part the store could not
    /// read is left out, as before; a directory out of reach fails the whole.
    nonisolated static func summary(of account: AccountServices) throws(ServiceError) -> MainViewController.Summary {
        func part<T>(_ read: () throws(ServiceError) -> T) throws(ServiceError) -> T? {
            do { return try read() } catch {
                if error.kind == .unavailable { throw error }
                return nil
            }
        }
        let recent = try part { () throws(ServiceError) in try account.activity.events(before: nil, limit: 3) } ?? []
        return .init(contacts: try part { () throws(ServiceError) in try account.contacts.count(matching: "") },
                     friends: try part { () throws(ServiceError) in try account.contacts.friendsCount() },
                     recent: recent.map { "\(ActivityRow.time($0.at))  \($0.kind.text) · \($0.subjectWithActor)" })
    }

    /// The newest few entries of a feed that answers at once (the kiosk's made-up one).
    static func recent(in feed: ActivityFeedViewModelProtocol) -> [String] {
        feed.showFirstPage()
        var recent: [String] = []
        var index = 0
        while recent.count < 3, index < min(feed.windowCount.value, 12), let item = feed.item(at: index) {
            if case .event(let time, let title, let subject) = item { recent.append("\(time)  \(title) · \(subject)") }
            index += 1
        }
        return recent
    }
}

@MainActor
struct TextInputAssembly: Assembly {
    let services: AssemblyServices
    func build() -> ViewController { TextInputViewController(coordinator: services.coordinator) }
}

@MainActor
struct TextConfirmationAssembly: Assembly {
    let services: AssemblyServices
    let text: String
    func build() -> ViewController { TextConfirmationViewController(text: text, coordinator: services.coordinator) }
}

@MainActor
struct ComingSoonAssembly: Assembly {
    let feature: String
    /// Why it is not here (nil: it comes in a later version).
    var reason: String?
    func build() -> ViewController { ComingSoonViewController(feature: feature, reason: reason) }
}
