/// A card's text made harmless where it leaves the app for a terminal, a clipboard, a file or
/// another program: every character that could steer what reads it is shown as U+FFFD (`�`).
///
/// Those characters are the C0 controls (ESC starts the terminal's escape sequences: `ESC]52`
/// writes the clipboard, `ESC[2J` clears the screen, `ESC]8` makes a link), DEL, the C1 controls
/// (U+0080–U+009F: U+009B is a CSI on its own on some terminals), the line and paragraph
/// separators U+2028/U+2029, and the bidirectional marks, embeddings, overrides and isolates
/// (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: they reorder what is shown after them). It is
/// the same set TUIKit's cell buffer draws as `�` (`DisplayWidth.isNonPrinting`; a test holds the
/// two to the same answer for every scalar), so a value reads the same on the screen, in `query`'s
/// answer, on the clipboard and in an export.
public enum SafeText {
    /// What a refused character becomes: U+FFFD, visible, one column wide, and inert.
    public static let standIn: Unicode.Scalar = "\u{FFFD}"

    /// Whether the scalar `value` is one of those never passed on.
    @inline(__always)
    public static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
            || value == 0x200E || value == 0x200F || (value >= 0x202A && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069)
    }

    /// Whether `text` holds any such character (a tab and a line break count).
    public static func containsControl(_ text: String) -> Bool {
        !isClean(text, keepingLineBreaks: false)
    }

    /// One line of text for a person to read or a program to take as one value (the clipboard,
    /// a message, a program's argument): every control character, tabs and line breaks too, as `�`.
    public static func line(_ text: String) -> String {
        cleaned(text, keepingLineBreaks: false)
    }

    /// Text of several lines, as a file or a command's output carries it: tabs, carriage returns
    /// and line feeds are kept (the formats write them: vCard's line ends, CSV's quoted cells,
    /// `query`'s columns), every other control character becomes `�`.
    public static func lines(_ text: String) -> String {
        cleaned(text, keepingLineBreaks: true)
    }

    private static func cleaned(_ text: String, keepingLineBreaks: Bool) -> String {
        if isClean(text, keepingLineBreaks: keepingLineBreaks) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let kept = keepingLineBreaks && (v == 0x09 || v == 0x0A || v == 0x0D)
            out.append(!kept && isControl(v) ? standIn : scalar)
        }
        return String(out)
    }

    /// A look at the UTF-8 bytes: most text has none of the characters, and is passed on as it is.
    private static func isClean(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            let count = bytes.count
            while i < count {
                let b = bytes[i]
                if b < 0x80 {
                    if b == 0x7F { return false }
                    if b < 0x20 && !(keepingLineBreaks && (b == 0x09 || b == 0x0A || b == 0x0D)) { return false }
                    i += 1
                } else if b == 0xC2 {
                    if i + 1 < count, bytes[i + 1] < 0xA0 { return false }     // U+0080–U+009F
                    i += 2
                } else if b == 0xE2 {
                    if i + 2 < count {
                        let b1 = bytes[i + 1], b2 = bytes[i + 2]
                        if b1 == 0x80, b2 == 0x8E || b2 == 0x8F || (b2 >= 0xA8 && b2 <= 0xAE) { return false }   // U+200E/F, U+2028–U+202E
                        if b1 == 0x81, b2 >= 0xA6 && b2 <= 0xA9 { return false }                                 // U+2066–U+2069
                    }
                    i += 3
                } else {
                    i += 1
                }
            }
            return true
        }
    }
}
