import TUIKit

/// A screen holding typed changes that leaving would lose (the contact forms): `q` asks the
/// same "Discard changes?" as Esc before it quits.
@MainActor
protocol UnsavedChanges: ViewController {
    /// Whether what is on the screen differs from what is stored.
    var hasUnsavedChanges: Bool { get }
}
