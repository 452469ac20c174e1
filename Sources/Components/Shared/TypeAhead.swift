import TUIKit

/// The letters typed for a type-ahead jump, as file managers gather them:
/// letters, digits and emoji (not `q`, which quits, nor ASCII punctuation such
/// as `?`, which are keys of their own) typed within `pause` of the
/// last one add to the text, a later one starts it again, any other key
/// ends it. The friends popup, the activity feed and the app's pickers use it
/// where letters are not commands.
public struct TypeAhead {
    public var pause: Duration = .seconds(1)
    public private(set) var text = ""
    private var last: Duration?

    public init() {}

    /// The text to seek to after `key` pressed at `now`; nil when the key is not type-ahead's.
    public mutating func text(after key: Key, at now: Duration) -> String? {
        guard case .character(let c) = key, c != "q", c.isLetter || c.isNumber || Self.isEmoji(c) || (c == " " && !text.isEmpty) else {
            reset()
            return nil
        }
        if let last, now - last > pause { text = "" }
        last = now
        text.append(c)
        return text
    }

    /// A picture character a name may start with ("🎸 Bob"): emoji and other symbols beyond ASCII.
    static func isEmoji(_ c: Character) -> Bool {
        guard !c.isASCII, let first = c.unicodeScalars.first else { return false }
        return first.properties.isEmoji || c.isSymbol
    }

    public mutating func reset() {
        text = ""
        last = nil
    }
}
