/// Turns one cell's grapheme cluster into what reaches ncurses: one or two
/// glyphs (each one `cchar_t`: a spacing character followed by the
/// zero-width ones that go with it, at most `maxScalars`), whose columns add
/// up to the cell's width as the cell buffer counts it.
///
/// ncurses gives a `cchar_t` the width `wcwidth` gives its first character,
/// and a terminal gives every further spacing character its own columns
/// unless it joins it. So a cluster goes whole only where both agree with
/// the buffer; otherwise a fallback keeps every column in place:
/// - a joined emoji sequence (👩‍👩‍👧) goes whole where the terminal joins such
///   sequences and it fits in a `cchar_t`; else its first emoji;
/// - a skin-tone modifier goes only where the terminal joins it; else the
///   emoji without it;
/// - a flag goes as its two regional indicators, one column each (a
///   terminal that pairs them shows the flag over both);
/// - a narrow character the buffer counts as two columns (❤️, 1️⃣) goes
///   without its U+FE0F, followed by a space;
/// - more zero-width characters than fit: the first ones that fit;
/// - a cluster ncurses cannot start a cell with: U+FFFD, padded.
/// A U+200D never goes without the emoji it joins (a terminal would glue it
/// to whatever is written next).
enum ClusterEncoding {
    /// ncurses' `CCHARW_MAX`: characters in one `cchar_t`.
    static let maxScalars = 5

    /// One `cchar_t`'s characters: a spacing one first.
    typealias Glyph = [Unicode.Scalar]

    private static let zwj: Unicode.Scalar = "\u{200D}"
    private static let vs16: Unicode.Scalar = "\u{FE0F}"
    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The glyphs for a cluster of `width` columns (1 or 2), left to right;
    /// `scalarWidth` is `wcwidth` (what ncurses and the terminal count).
    static func glyphs(for character: Character, width: Int, support: GlyphSupport,
                       scalarWidth: (Unicode.Scalar) -> Int = DisplayWidth.terminalWidth) -> [Glyph] {
        guard width > 0 else { return [] }
        let scalars = Array(character.unicodeScalars)
        if scalars.count == 1, scalarWidth(scalars[0]) == width { return [scalars] }
        if scalars.count == 2, width == 2, scalars.allSatisfy(isRegionalIndicator), scalars.allSatisfy({ scalarWidth($0) == 1 }) {
            return [[scalars[0]], [scalars[1]]]
        }
        // Split at U+200D; keep in each part its base and the zero-width characters after it.
        var parts: [[Unicode.Scalar]] = [[]]
        for scalar in scalars {
            if scalar == zwj { parts.append([]); continue }
            if parts[parts.count - 1].isEmpty { parts[parts.count - 1].append(scalar); continue }
            let base = parts[parts.count - 1][0]
            let w = scalarWidth(scalar)
            if isEmojiModifier(scalar) {
                if support.contains(.emojiModifiers), scalarWidth(base) == 2 { parts[parts.count - 1].append(scalar) }
            } else if scalar == vs16 {
                if scalarWidth(base) == 2 { parts[parts.count - 1].append(scalar) } // on a narrow base it would widen it behind ncurses' back
            } else if w == 0 {
                parts[parts.count - 1].append(scalar)
            } // a spacing character inside a cluster would take columns of its own: left out
        }
        var glyph = parts[0]
        if parts.count > 1, support.contains(.joinedSequences), parts.allSatisfy({ !$0.isEmpty && scalarWidth($0[0]) == 2 }) {
            let joined = Array(parts.joined(separator: [zwj]))
            if joined.count <= maxScalars { glyph = joined }
        }
        if glyph.count > maxScalars { glyph = Array(glyph.prefix(maxScalars)) }
        guard let base = glyph.first else { return padded([replacement], width: width, scalarWidth: scalarWidth) }
        let baseWidth = scalarWidth(base)
        if baseWidth < 1 || baseWidth > width { return padded([replacement], width: width, scalarWidth: scalarWidth) }
        return padded(glyph, width: width, scalarWidth: scalarWidth)
    }

    /// The glyph followed by spaces up to `width` columns.
    private static func padded(_ glyph: Glyph, width: Int, scalarWidth: (Unicode.Scalar) -> Int) -> [Glyph] {
        let used = max(1, scalarWidth(glyph[0]))
        return [glyph] + Array(repeating: [" "], count: max(0, width - used))
    }

    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }
    static func isEmojiModifier(_ s: Unicode.Scalar) -> Bool { (0x1F3FB...0x1F3FF).contains(s.value) }
}
