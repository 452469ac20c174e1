import Testing
@testable import TUIKit

@Suite("Display width and clipping")
struct DisplayWidthTests {
    /// `TextLayout.truncate` takes text with no more UTF-8 bytes than columns as fitting, unmeasured:
    /// that holds only while no character is wider than its bytes.
    @Test func noTextIsWiderThanItsBytes() {
        let samples = ["Ada", "Société Générale", "ООО Вектор", "日本語", "최지우", "e\u{301}", "👩‍💻", "🇬🇧", "☺\u{FE0F}", "⌚",
                       "\u{7}", "a\u{200B}b", "ｆｕｌｌ", "\u{1100}\u{1161}"]
        for text in samples {
            #expect(DisplayWidth.of(text) <= text.utf8.count, "\(text)")
        }
        #expect(TextLayout.truncate("日本語です", toWidth: 6) == "日本…") // 15 bytes, 10 columns: measured
        #expect(TextLayout.truncate("Société", toWidth: 7) == "Société") // 9 bytes, 7 columns
    }

    @Test func widthsOfScripts() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("世界") == 4)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2)          // one joined emoji, not two
        #expect(DisplayWidth.of("🇯🇵") == 2)           // a flag
        #expect(DisplayWidth.of("e\u{301}") == 1)     // e + combining acute
        #expect(DisplayWidth.of("Zoë") == 3)
        #expect(DisplayWidth.of("\u{200B}") == 0)     // zero-width space
        #expect(DisplayWidth.of("\u{7}") == 1)        // a control: drawn as one `�`, measured so
        #expect(DisplayWidth.of("a\u{1B}\u{202E}b" as String) == 4)
    }

    @Test func wideCharactersTakeTwoCells() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        buffer.write("a世b", x: 0, y: 0, style: .plain, clip: buffer.bounds)
        #expect(buffer[1, 0].character == "世")
        #expect(buffer[1, 0].width == 2)
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].character == "b")
        #expect(buffer.text(ofRow: 0) == "a世b  ")
    }

    @Test func clippingNeverSplitsAWideCharacter() {
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        let clip = Rect(x: 0, y: 0, width: 4, height: 1)
        buffer.write("ab世界", x: 0, y: 0, style: .plain, clip: clip)
        // "世" fits in columns 2-3; "界" would cross the edge and is left out.
        #expect(buffer.text(ofRow: 0) == "ab世      ")
        var odd = CellBuffer(size: Size(width: 10, height: 1))
        odd.write("a世", x: 0, y: 0, style: .plain, clip: Rect(x: 0, y: 0, width: 2, height: 1))
        #expect(odd.text(ofRow: 0) == "a         ")
        #expect(!odd[1, 0].isContinuation)
    }

    @Test func leftClipShowsASpaceForAHalfCharacter() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        buffer.write("世界", x: 0, y: 0, style: .plain, clip: Rect(x: 1, y: 0, width: 5, height: 1))
        #expect(buffer.text(ofRow: 0) == "  界  ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("世界", x: 0, y: 0, style: .plain, clip: buffer.bounds)
        buffer.write("x", x: 1, y: 0, style: .plain, clip: buffer.bounds)
        #expect(buffer.text(ofRow: 0) == " x界")
        buffer.write("y", x: 2, y: 0, style: .plain, clip: buffer.bounds)
        #expect(buffer.text(ofRow: 0) == " xy ")
    }

    @Test func controlCharactersAreShownNotSent() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("a\u{1B}b", x: 0, y: 0, style: .plain, clip: buffer.bounds)
        #expect(buffer.text(ofRow: 0) == "a\u{FFFD}b ")
    }

    @Test func combiningMarksStayWithTheirBase() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("e\u{301}x", x: 0, y: 0, style: .plain, clip: buffer.bounds)
        #expect(buffer[0, 0].character == "e\u{301}")
        #expect(buffer[1, 0].character == "x")
    }

    /// Plain ASCII is written a byte a cell; from the first character that is not (or that a
    /// mark joins), the rest goes cluster by cluster: what shows is the same either way.
    @Test func asciiThenOtherTextShowsWholeClusters() {
        var buffer = CellBuffer(size: Size(width: 12, height: 1))
        let end = buffer.write("ab e\u{301}世c\u{7}d", x: 1, y: 0, style: .bold, clip: buffer.bounds)
        #expect(buffer.text(ofRow: 0) == " ab e\u{301}世c\u{FFFD}d  ")
        #expect(buffer[4, 0].character == "e\u{301}")
        #expect(buffer[1, 0].style == .bold && buffer[9, 0].style == .bold)
        #expect(end == 10)
        // Cut inside the ASCII run: nothing past the clip, and the column where the writing stopped.
        var cut = CellBuffer(size: Size(width: 12, height: 1))
        let stopped = cut.write("abcdef世", x: 0, y: 0, style: .plain, clip: Rect(x: 2, y: 0, width: 3, height: 1))
        #expect(cut.text(ofRow: 0) == "  cde       ")
        #expect(stopped == 5)
        // A mark on the last ASCII letter before the end of the text.
        var tail = CellBuffer(size: Size(width: 4, height: 1))
        tail.write("abe\u{301}", x: 0, y: 0, style: .plain, clip: tail.bounds)
        #expect(tail[2, 0].character == "e\u{301}")
        #expect(tail.text(ofRow: 0) == "abe\u{301} ")
    }

    @MainActor @Test func oneLineLabelsCutLikeTruncate() {
        // The one-pass draw of a one-line label must show what TextLayout.truncate gives.
        for (text, width) in [("Hello world", 8), ("世界世界", 4), ("世界世界", 5), ("short", 8), ("abc", 1), ("e\u{301}tude longue", 6)] {
            var buffer = CellBuffer(size: Size(width: 10, height: 1))
            buffer.writeTruncating(text, x: 0, y: 0, width: width, style: .plain, clip: buffer.bounds)
            var expected = CellBuffer(size: Size(width: 10, height: 1))
            expected.write(TextLayout.truncate(text, toWidth: width), x: 0, y: 0, style: .plain, clip: expected.bounds)
            #expect(buffer.text(ofRow: 0) == expected.text(ofRow: 0), "\(text) in \(width)")
        }
        // A one-line label with more lines shows the first and "…", measured or in one pass.
        for width in 2...9 {
            let label = Label("abc\ndef")
            label.frame = Rect(x: 0, y: 0, width: width, height: 1)
            let lines = label.displayedLines                  // the measured way
            var buffer = CellBuffer(size: Size(width: 10, height: 1))
            buffer.writeTruncating("abc\ndef", x: 0, y: 0, width: width, style: .plain, clip: buffer.bounds)
            let drawn = String(buffer.text(ofRow: 0).reversed().drop { $0 == " " }.reversed())
            #expect(drawn == lines.first, "width \(width)")
        }
        // Wider than the screen: cut by the screen, not shortened with "…" there.
        var narrow = CellBuffer(size: Size(width: 6, height: 1))
        narrow.writeTruncating("abcdefghij", x: 0, y: 0, width: 10, style: .plain, clip: narrow.bounds)
        #expect(narrow.text(ofRow: 0) == "abcdef")
    }

    @Test func truncationAndWrappingByWidth() {
        #expect(TextLayout.truncate("Hello world", toWidth: 8) == "Hello w…")
        #expect(TextLayout.truncate("世界世界", toWidth: 5) == "世界…")
        #expect(TextLayout.truncate("short", toWidth: 8) == "short")
        #expect(TextLayout.wrap("the quick brown fox", toWidth: 10) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("世界世界世", toWidth: 4) == ["世界", "世界", "世"])
    }
}

@Suite("Grapheme storage")
struct GraphemeTests {
    @Test(arguments: ["a", "é", "e\u{301}", "世", "😀", "👩‍💻", "👨‍👩‍👧‍👦", "🇯🇵"] as [Character])
    func roundTrips(character: Character) {
        let cell = Cell(character, width: UInt8(DisplayWidth.of(character)))
        #expect(cell.character == character)
        #expect(Cell(character) == Cell(character))
    }

    @Test func differentClustersDiffer() {
        #expect(Cell("👨‍👩‍👧‍👦") != Cell("👩‍💻"))
        #expect(Cell("a") != Cell("b"))
    }
}

@Suite("Non-printing characters on screen")
struct NonPrintingTests {
    /// Each is drawn as one `�`, so it can neither move the cursor nor reorder the row.
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}", "\u{1B}", "\u{7F}", "\u{202E}", "\u{2067}", "\u{200F}", "\u{2028}\u{301}"])
    func aNonPrintingCharacterIsReplaced(_ bad: String) {
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        let end = buffer.write("A" + bad + "B", x: 0, y: 0, style: Style(), clip: buffer.bounds)
        #expect(buffer.text(ofRow: 0) == "A\u{FFFD}B       ")
        #expect(end == 3)
        var cut = CellBuffer(size: Size(width: 10, height: 1))
        cut.writeTruncating("A" + bad + "B", x: 0, y: 0, width: 10, style: Style(), clip: cut.bounds)
        #expect(cut.text(ofRow: 0) == "A\u{FFFD}B       ")
    }
}
