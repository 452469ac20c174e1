/// What curses reads, turned into keys — apart from curses itself, so the
/// rules are tested without a terminal. The keypad codes are curses' own
/// (`KEY_UP`, …): the terminal, the one file that sees curses, hands them in.
struct KeyDecoder {
    /// Keypad codes and the keys they are.
    let keypad: [Int32: Key]

    /// The key for a keypad code `wget_wch` returned (nil: not a key this app reads).
    func key(forKeypadCode code: Int32) -> Key? { keypad[code] }

    /// The key for a character code `wget_wch` returned (not a keypad code):
    /// Tab, Enter (CR or LF), Esc, Backspace (BS or DEL), ^A–^Z and ^], or the
    /// character; other control codes are not keys.
    static func key(forCharacterCode code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(code + 96)!))
        case 29: return .ctrl("]")
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }
}
