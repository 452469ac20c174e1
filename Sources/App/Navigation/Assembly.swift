import TUIKit

/// Builds one screen with its dependencies (seed 002): screens never build each other.
@MainActor
public protocol Assembly {
    func build() -> ViewController
}

/// An assembly whose screen is presented over the current one (a popup)
/// rather than pushed; it presents it itself, as seed 000's presenter does.
@MainActor
protocol PresentingAssembly: Assembly {
    func present(from presentingViewController: ViewController)
}
