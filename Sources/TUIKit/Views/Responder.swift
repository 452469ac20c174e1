/// Something that can answer input: views and view controllers.
///
/// A key goes to the window's first responder, then up the chain through
/// `nextResponder` until one handles it: at each step the responder's
/// `keyCommands` are tried first, then `handleKey(_:)`.
@MainActor
open class Responder {
    /// A responder with no next responder; subclasses say where the chain goes.
    public init() {}

    /// The next responder up the chain (a view's superview or its controller).
    open var nextResponder: Responder? { nil }

    /// Keys this responder answers to, shown in the help overlay and key hints.
    ///
    /// The status line works the hints out again only after
    /// `setNeedsKeyCommandsUpdate()`: a responder whose commands follow its
    /// state (a list that became empty, a field with text to clear) calls it
    /// when that state changes. Focus and view-tree changes call it themselves.
    open var keyCommands: [KeyCommand] { [] }

    /// Says that this responder's `keyCommands` (or the keys it uses itself)
    /// may have changed, so the key hints are worked out again before the
    /// next frame (UIKit's `UIMenuSystem.setNeedsRevalidate()`).
    public func setNeedsKeyCommandsUpdate() { Responder.keyCommandsRevision &+= 1 }

    /// Moves on each time some responder's key commands may have changed: the
    /// status line walks the chain again only when it moved (not on every frame).
    @exclusivity(unchecked) public private(set) static var keyCommandsRevision = 0

    /// Handles a key not covered by `keyCommands`; return true when handled.
    open func handleKey(_ key: Key) -> Bool { false }

    /// Handles pasted text; return true when handled.
    open func handlePaste(_ text: String) -> Bool { false }

    /// Whether typed characters are this responder's own (a text field): the
    /// chain's single-character commands are then neither offered nor listed.
    open var takesTypedCharacters: Bool { false }

    /// Whether this responder uses `key` itself, before any command up the
    /// chain could (a text field's typing and editing keys): such keys are
    /// left out of the chain's hints and help, where they would not run.
    open func usesKeyItself(_ key: Key) -> Bool {
        if takesTypedCharacters, case .character = key { true } else { false }
    }

    /// Whether this responder may hold the keyboard focus.
    open var canBecomeFirstResponder: Bool { false }

    /// Offers the key to this responder and then up the chain; true when someone handled it.
    @discardableResult
    public func sendUpChain(_ key: Key) -> Bool {
        var responder: Responder? = self
        while let r = responder {
            if let command = r.keyCommands.first(where: { $0.matches(key) }) {
                command.action()
                return true
            }
            if r.handleKey(key) { return true }
            responder = r.nextResponder
        }
        return false
    }

    /// Offers pasted text up the chain; when nobody takes it, it is typed key by key.
    public func sendPasteUpChain(_ text: String) {
        var responder: Responder? = self
        while let r = responder {
            if r.handlePaste(text) { return }
            responder = r.nextResponder
        }
        for ch in text { sendUpChain(.character(ch)) }
    }

    /// Every key command from this responder up the chain; a key already taken
    /// lower in the chain is not listed again, nor a key this responder uses
    /// itself (in a text field, characters and editing keys).
    public var keyCommandsInChain: [KeyCommand] {
        // The keys taken so far: a handful, so a look back costs less than hashing (a `Character`
        // key hashes its normalised form), and the status line asks once a frame.
        var seen: [Key] = []
        var result: [KeyCommand] = []
        var responder: Responder? = self
        while let r = responder {
            for command in r.keyCommands where !seen.contains(command.key) {
                // Most commands keep all their keys: taken as they are, with no arrays made.
                if !usesKeyItself(command.key), !command.alternatives.contains(where: usesKeyItself) {
                    seen.append(command.key)
                    result.append(command)
                    continue
                }
                // Keys this responder uses itself go from the command (Backspace from "Esc/Backspace Back" in a field).
                let keys = ([command.key] + command.alternatives).filter { !usesKeyItself($0) }
                guard let first = keys.first else { continue }
                seen.append(command.key)
                var shown = command
                shown.key = first
                shown.alternatives = Array(keys.dropFirst())
                result.append(shown)
            }
            responder = r.nextResponder
        }
        return result
    }
}
