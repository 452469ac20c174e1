import TUIKit

/// The splash, wired to the root controller's flow changes.
@MainActor
struct SplashAssembly: Assembly {
    let services: AssemblyServices
    let onFinished: (SplashViewController.Destination) -> Void
    let onFailed: (AppStartupError) -> Void

    func build() -> ViewController {
        SplashViewController(minimumDuration: { [services] in services.splashDuration },
                             work: { [services] in services.start() }, onFinished: onFinished, onFailed: onFailed)
    }
}

@MainActor
struct LoginAssembly: Assembly {
    let services: AssemblyServices
    let onSignedIn: () -> Void
    func build() -> ViewController {
        LoginViewController(service: services.signIn!, coordinator: services.coordinator,
                            dataPlace: services.backend.dataLocation.place, onSignedIn: onSignedIn)
    }
}

@MainActor
struct CreateAccountAssembly: Assembly {
    let services: AssemblyServices
    let onCreated: () -> Void
    func build() -> ViewController {
        CreateAccountViewController(service: services.signIn!, dataPlace: services.backend.dataLocation.place, onCreated: onCreated)
    }
}

@MainActor
struct MainAssembly: Assembly {
    let services: AssemblyServices
    let onLogOut: () -> Void
    func build() -> ViewController {
        MainViewController(username: services.account?.username ?? "", coordinator: services.coordinator,
                           offersDemo: services.configuration.demoFriendsList != nil && services.friends != nil,
                           summary: { [services] in Self.summary(services) }, onLogOut: onLogOut)
    }

    /// The home's counts and the newest few activity entries, read now.
    static func summary(_ services: AssemblyServices) -> MainViewController.Summary {
        guard let account = services.account else { return .init() }
        let contacts = services.contacts
        let feed = services.backend.activityFeed(for: account, contacts: contacts, coordinator: services.coordinator, scheduler: nil)
        feed.showFirstPage()
        var recent: [String] = []
        var index = 0
        while recent.count < 3, index < min(feed.windowCount.value, 12), let item = feed.item(at: index) {
            if case .event(let time, let title, let subject) = item { recent.append("\(time)  \(title) · \(subject)") }
            index += 1
        }
        return .init(contacts: try? contacts.count(matching: ""), friends: (try? services.friends?.friendsCount()) ?? nil,
                     recent: recent)
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
