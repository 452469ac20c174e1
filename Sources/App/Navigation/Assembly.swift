import TUIKit

/// Builds one screen with its dependencies (seed 002): screens never build each other.
@MainActor
public protocol Assembly {
    func build() -> ViewController
}

/// Builds a popup and presents it over the current screen itself, as seed
/// 000's presenter does; it is never pushed, so it has no `build()`.
@MainActor
protocol PresentingAssembly {
    func present(from presentingViewController: ViewController)
}

/// What the root assembly hands out for a screen: a screen to push, or a popup.
@MainActor
enum ScreenAssembly {
    case pushed(Assembly)
    case presented(PresentingAssembly)
}
