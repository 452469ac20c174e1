/// Card values as an attacker writes them (issue 47), seeded: random mixes of plain text, C0 and
/// C1 controls, DEL, escape sequences (clipboard writes, screen clears, links, window titles, CSI
/// as one C1 byte), bidirectional overrides and isolates, tabs and line breaks, a leading `-` or
/// `--`, spreadsheet formulas, and long runs. What the app, the fuzz tests of every output, share.
public enum HostileText {
    /// Pieces the values are made of.
    public static let pieces: [String] = [
        "Ada", "Lovelace", "ada@example.org", "https://example.org/x", " ", "é", "中文", "👩‍🔬",
        "\u{1B}]52;c;cm0gLXJmIH4K\u{07}", "\u{1B}[2J", "\u{1B}[H", "\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "\u{1B}]0;title\u{07}", "\u{1B}P+q\u{1B}\\", "\u{9B}31m", "\u{9D}52;c;eA==\u{9C}", "\u{85}", "\u{7F}", "\u{0}", "\u{8}", "\u{0B}", "\u{0C}",
        "\u{202E}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}",
        "\u{2028}", "\u{2029}", "\t", "\n", "\r", "\r\n", "-", "--", "-eset editor=/tmp/x ", "--help", "=HYPERLINK(\"http://evil\")",
        "+cmd|' /C calc'!A0", "@SUM(1)", "=1+1", "'", "\"", ",", ";", ":", "\\", "file:///etc/passwd", "javascript:alert(1)",
    ]

    /// One value: 1 to 8 pieces, sometimes repeated into a long one; a leading `-` now and then.
    public static func value(_ random: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &random) { text += pieces.randomElement(using: &random)! }
        if Int.random(in: 0..<10, using: &random) == 0 { text = String(repeating: text, count: Int.random(in: 5...40, using: &random)) }
        if Int.random(in: 0..<4, using: &random) == 0 { text = ["-", "--", "-e", "=", "+", "@"].randomElement(using: &random)! + text }
        return text
    }

    /// Whether the scalar is one no output may carry (the set `SafeText` and the cell buffer replace).
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029 || v == 0x200E || v == 0x200F
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// The forbidden scalars in `text` other than `allowed` ones (tabs and line breaks a format writes).
    public static func forbidden(in text: String, allowing allowed: Set<UInt32> = []) -> [UInt32] {
        text.unicodeScalars.filter { isForbidden($0) && !allowed.contains($0.value) }.map(\.value)
    }
}
