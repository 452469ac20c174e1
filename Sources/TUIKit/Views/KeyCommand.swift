/// A key a responder answers to, with the words the help overlay and the
/// status line show for it (UIKit's `UIKeyCommand`).
@MainActor
public struct KeyCommand {
    public var key: Key
    /// More keys that do the same (for example `k` beside ↑).
    public var alternatives: [Key]
    /// What it does, in a few words ("Log out", "Next field").
    public var title: String
    /// Shown in the status line's key hints, not only in the help overlay.
    public var showsInStatusLine: Bool
    public var action: () -> Void

    public init(_ key: Key, alternatives: [Key] = [], title: String, showsInStatusLine: Bool = true,
                action: @escaping () -> Void) {
        self.key = key
        self.alternatives = alternatives
        self.title = title
        self.showsInStatusLine = showsInStatusLine
        self.action = action
    }

    public func matches(_ pressed: Key) -> Bool { pressed == key || alternatives.contains(pressed) }

    /// `"↑/k"`-style label of the key and its alternatives.
    public var keyLabel: String {
        alternatives.isEmpty ? key.displayName : ([key] + alternatives).map(\.displayName).joined(separator: "/")
    }
}
