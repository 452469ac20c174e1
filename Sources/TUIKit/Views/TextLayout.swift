/// Breaking and fitting text into columns, by display width.
public enum TextLayout {
    /// Cuts text to at most `width` columns, ending in `…` when anything was cut.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        // A column takes at least a byte of UTF-8 (a wide character three or four): text with no
        // more bytes than columns fits without measuring its clusters.
        guard text.utf8.count > width, DisplayWidth.of(text) > width else { return text }
        var result = ""
        var used = 0
        for ch in text {
            let w = DisplayWidth.of(ch)
            if used + w > width - 1 { break }
            result.append(ch)
            used += w
        }
        return result + "…"
    }

    /// Wraps text into lines of at most `width` columns, breaking at spaces where
    /// possible and inside a word only when it alone is too wide. Newlines are kept.
    public static func wrap(_ text: String, toWidth width: Int) -> [String] {
        wrap(text, toWidth: width, splittingLongWords: headThatFits)
    }

    /// Wraps as `wrap(_:toWidth:)` does, with `split` deciding where a word too wide for a line
    /// of its own breaks: it returns the word's first line (at most `width` columns, not empty)
    /// and the rest.
    ///
    /// ```swift
    /// // Break long paths only at a slash when there is one:
    /// let lines = TextLayout.wrap(path, toWidth: 30) { word, width in mySplit(word, width) }
    /// ```
    public static func wrap(_ text: String, toWidth width: Int,
                            splittingLongWords split: (_ word: String, _ width: Int) -> (head: String, rest: String)) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var w = String(word)
                var ww = DisplayWidth.of(w)
                let needed = lineWidth == 0 ? ww : lineWidth + 1 + ww
                if needed <= width {
                    if lineWidth > 0 { line += " "; lineWidth += 1 }
                    line += w
                    lineWidth += ww
                    continue
                }
                if lineWidth > 0 { lines.append(line); line = ""; lineWidth = 0 }
                while ww > width {
                    let (head, rest) = split(w, width)
                    lines.append(head)
                    w = rest
                    ww = DisplayWidth.of(w)
                }
                line = w
                lineWidth = ww
            }
            lines.append(line)
        }
        return lines
    }

    /// The longest head of `word` that fits `width` columns (one character when none fits), and the rest.
    private static func headThatFits(_ word: String, _ width: Int) -> (head: String, rest: String) {
        var head = "", hw = 0
        var rest = Substring(word)
        while let ch = rest.first, hw + DisplayWidth.of(ch) <= width {
            head.append(ch); hw += DisplayWidth.of(ch); rest = rest.dropFirst()
        }
        if head.isEmpty { head = String(rest.prefix(1)); rest = rest.dropFirst() }
        return (head, String(rest))
    }

    /// The leading padding that places a line of `lineWidth` in `width` columns.
    public static func offset(forLineWidth lineWidth: Int, in width: Int, alignment: TextAlignment) -> Int {
        switch alignment {
        case .leading: 0
        case .center: max(0, (width - lineWidth) / 2)
        case .trailing: max(0, width - lineWidth)
        }
    }
}
