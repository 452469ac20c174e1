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
        LoginViewController(service: services.signIn!, coordinator: services.coordinator, onSignedIn: onSignedIn)
    }
}

@MainActor
struct CreateAccountAssembly: Assembly {
    let services: AssemblyServices
    let onCreated: () -> Void
    func build() -> ViewController { CreateAccountViewController(service: services.signIn!, onCreated: onCreated) }
}

@MainActor
struct MainAssembly: Assembly {
    let services: AssemblyServices
    let onLogOut: () -> Void
    func build() -> ViewController {
        MainViewController(username: services.account?.username ?? "", coordinator: services.coordinator,
                           offersDemo: services.configuration.demoFriendsList != nil && services.friends != nil, onLogOut: onLogOut)
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
