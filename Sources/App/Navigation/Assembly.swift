import TUIKit

/// Builds one screen with its dependencies (seed 002): screens never build each other.
@MainActor
public protocol Assembly {
    func build() -> ViewController
}
