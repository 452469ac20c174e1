/// A key a responder answers to, with the words the help overlay and the
/// status line show for it (UIKit's `UIKeyCommand`).
///
/// ```swift
/// override var keyCommands: [KeyCommand] {
///     [KeyCommand(.character("a"), title: "Add") { [unowned self] in addContact() },
///      KeyCommand(.escape, alternatives: [.backspace], title: "Back") { [unowned self] in dismiss() }]
/// }
/// ```
@MainActor
public struct KeyCommand {
    /// The key that runs the command.
    public var key: Key
    /// More keys that do the same (for example `k` beside ↑).
    public var alternatives: [Key]
    /// What it does, in a few words ("Log out", "Next field").
    public var title: String
    /// Shown in the status line's key hints, not only in the help overlay.
    public var showsInStatusLine: Bool
    /// Where the status line has no room for every hint, this one goes before those without it
    /// (a convenience such as a sort key goes before Back); false: hints go from the end.
    public var dropsFirstInStatusLine = false
    /// What runs when the key is pressed.
    public var action: () -> Void

    /// A command that runs `action` on `key` (or any of `alternatives`), named `title` in the help overlay and, unless `showsInStatusLine` is false, in the status line.
    public init(_ key: Key, alternatives: [Key] = [], title: String, showsInStatusLine: Bool = true,
                action: @escaping () -> Void) {
        self.key = key
        self.alternatives = alternatives
        self.title = title
        self.showsInStatusLine = showsInStatusLine
        self.action = action
    }

    /// Whether `pressed` is the command's key or one of its alternatives.
    public func matches(_ pressed: Key) -> Bool { pressed == key || alternatives.contains(pressed) }

    /// `"↑/k"`-style label of the key and its alternatives.
    public var keyLabel: String {
        alternatives.isEmpty ? key.displayName : ([key] + alternatives).map(\.displayName).joined(separator: "/")
    }
}
