/// A key press, as the terminal reports it.
public enum Key: Hashable, Sendable {
    /// A printable character (any Unicode grapheme cluster; Space is `" "`).
    case character(Character)
    /// The editing keys; `backTab` is Shift-Tab.
    case enter, escape, tab, backTab, backspace, delete, insert
    /// The arrow keys and the keys that move by page or to either end.
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl with ← or → (word jumps in text fields).
    case ctrlLeft, ctrlRight
    /// F1 ... F12.
    case function(Int)
    /// Ctrl with a letter, `a` ... `z` (lower case). Ctrl-I, Ctrl-M and Ctrl-[
    /// arrive as `.tab`, `.enter` and `.escape`.
    case ctrl(Character)

    /// The name a person reads in key hints and the help overlay.
    public var displayName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .insert: "Ins"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .ctrlLeft: "^←"
        case .ctrlRight: "^→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let n): "F\(n)"
        case .ctrl(let c): "^" + c.uppercased()
        }
    }

    /// Named keys of the KEYS syntax, by name.
    static let named: [String: Key] = {
        var table: [String: Key] = [
            "Enter": .enter, "Esc": .escape, "Tab": .tab, "S-Tab": .backTab,
            "Backspace": .backspace, "Delete": .delete, "Insert": .insert,
            "Up": .up, "Down": .down, "Left": .left, "Right": .right,
            "Home": .home, "C-Left": .ctrlLeft, "C-Right": .ctrlRight, "End": .end, "PgUp": .pageUp, "PgDn": .pageDown, "Space": .character(" "),
        ]
        for n in 1...12 { table["F\(n)"] = .function(n) }
        for scalar in UnicodeScalar("a").value...UnicodeScalar("z").value {
            let c = Character(UnicodeScalar(scalar)!)
            table["C-\(c)"] = .ctrl(c)
        }
        table["C-]"] = .ctrl("]")
        return table
    }()
}
