import Testing
@testable import TUIKit
import TUIKitTesting

/// TextField edits by grapheme cluster, whatever order the scalars arrive
/// in (a terminal sends one key per scalar), and keeps exactly what was typed.
@MainActor
@Suite("TextField by grapheme cluster", .serialized)
struct TextFieldClusterTests {
    final class Board: ViewController {
        let field: TextField
        init(_ field: TextField) { self.field = field; super.init() }
        override func viewDidLoad() { view.addSubview(field); field.frame = Rect(x: 0, y: 0, width: 30, height: 1) }
    }

    /// Types each Unicode scalar of `text` as its own key, as ncurses delivers them.
    func typeByScalar(_ h: Harness, _ text: String) throws {
        for scalar in text.unicodeScalars { h.terminal.enqueue(keys: .character(Character(scalar))) }
        try h.app.run()
    }

    func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    @Test func anAccentTypedAfterItsLetterStaysWithItWhenTheCursorMoves() throws {
        // Issue 21: "Descé" (e + U+0301 as two keys), Left, X showed "DesceX́".
        let field = TextField()
        let h = Harness(width: 60, height: 16, root: Board(field))
        try typeByScalar(h, "Desce\u{301}")
        #expect(field.characters.count == 5)
        #expect(h.terminal.cursor == Point(x: 5, y: 0))
        h.press("Left \"X\"")
        #expect(scalars(field.text) == scalars("DescXe\u{301}"))  // nothing doubled, nothing moved, not normalised
        #expect(h.lines[0].hasPrefix("DescXé "))
        #expect(h.terminal.cursor == Point(x: 5, y: 0))
        h.press("Right Backspace")
        #expect(scalars(field.text) == scalars("DescX"))           // the accent goes with its letter
        try typeByScalar(h, "e\u{301}")
        h.press("Left Left Delete Right Right")
        #expect(scalars(field.text) == scalars("Desce\u{301}"))
        #expect(field.cursor == field.characters.count)
    }

    @Test func aFamilyTypedScalarByScalarIsOneCharacter() throws {
        // Issue 21: 👩‍👩‍👧 typed key by key showed "‍👩👩".
        let field = TextField()
        let h = Harness(width: 60, height: 16, root: Board(field))
        try typeByScalar(h, "👩‍👩‍👧 Family")
        #expect(field.characters.count == 8)
        #expect(field.characters.first == "👩‍👩‍👧")
        #expect(h.lines[0].hasPrefix("👩‍👩‍👧 Family"))
        #expect(h.terminal.cursor == Point(x: 9, y: 0))
        h.press("Home Right")
        #expect(h.terminal.cursor == Point(x: 2, y: 0))           // past the whole family
        h.press("Backspace")
        #expect(field.text == " Family")
        h.press("Home")
        try typeByScalar(h, "👍🏽🇯🇵")
        #expect(field.characters.prefix(2) == ["👍🏽", "🇯🇵"])
        #expect(h.terminal.cursor == Point(x: 4, y: 0))
    }

    @Test func aNarrowFieldNeverScrollsPastTheCursor() {
        // Issue 16: at width 0 the scroll stayed above the cursor and cursorLocation crashed.
        let field = TextField()
        let board = Board(field)
        let h = Harness(width: 60, height: 16, root: board)
        h.press(#""abcdefghijklmnopqrstuvwxyz""#)
        field.frame = Rect(x: 0, y: 0, width: 0, height: 1)
        h.press("Home")
        #expect(field.scroll <= field.cursor)
        #expect(field.cursorLocation == nil)
        field.frame = Rect(x: 0, y: 0, width: 1, height: 1)
        h.press("End Left")
        #expect(field.scroll <= field.cursor)
        field.text = "ab"                                          // shorter text, set from outside
        #expect(field.scroll <= field.cursor)
        #expect(field.cursorLocation == nil || field.cursorLocation!.x < 1)
        field.frame = Rect(x: 0, y: 0, width: 8, height: 1)
        h.press("Home")
        #expect(h.lines[0].hasPrefix("ab "))
        #expect(h.terminal.cursor == Point(x: 0, y: 0))
    }

    @Test func aMarkThatJoinsTheLastCharacterFitsAtTheLimit() throws {
        let field = TextField()
        field.maxLength = 4
        let h = Harness(width: 60, height: 16, root: Board(field))
        try typeByScalar(h, "cafe\u{301}x")
        #expect(scalars(field.text) == scalars("cafe\u{301}"))
    }

    // MARK: Property test

    /// SplitMix64, so a failure names a seed that repeats it.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The field as a list of Unicode scalars and a cursor counted in scalars;
    /// clusters are whatever Swift's grapheme breaking makes of the whole list.
    struct Model {
        var scalars: [Unicode.Scalar] = []
        var cursor = 0 // in scalars, on a cluster boundary

        var string: String { var s = ""; s.unicodeScalars.append(contentsOf: scalars); return s }
        /// Scalar offsets where clusters start, and the end.
        var boundaries: [Int] {
            var result = [0], total = 0
            for c in string { total += c.unicodeScalars.count; result.append(total) }
            return result
        }
        var clusters: [Character] { Array(string) }
        var clusterCursor: Int { boundaries.firstIndex(of: cursor)! }

        mutating func replace(scalars from: Int, _ to: Int, with new: [Unicode.Scalar]) {
            scalars.replaceSubrange(from..<to, with: new)
            let end = from + new.count
            cursor = boundaries.first { $0 >= end }!
        }
        mutating func replace(clusters from: Int, _ to: Int) {
            let b = boundaries
            replace(scalars: b[from], b[to], with: [])
        }
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        func wordStart() -> Int {
            let cs = clusters
            var i = clusterCursor
            while i > 0 && !isWord(cs[i - 1]) { i -= 1 }
            while i > 0 && isWord(cs[i - 1]) { i -= 1 }
            return i
        }
        func wordEnd() -> Int {
            let cs = clusters
            var i = clusterCursor
            while i < cs.count && !isWord(cs[i]) { i += 1 }
            while i < cs.count && isWord(cs[i]) { i += 1 }
            return i
        }
        mutating func moveTo(cluster i: Int) { cursor = boundaries[i] }

        mutating func apply(_ key: Key) {
            let count = clusters.count, at = clusterCursor
            switch key {
            case .character(let c): replace(scalars: cursor, cursor, with: Array(c.unicodeScalars))
            case .backspace: if at > 0 { replace(clusters: at - 1, at) }
            case .delete: if at < count { replace(clusters: at, at + 1) }
            case .left: moveTo(cluster: max(0, at - 1))
            case .right: moveTo(cluster: min(count, at + 1))
            case .home: cursor = 0
            case .end: cursor = scalars.count
            case .ctrlLeft: moveTo(cluster: wordStart())
            case .ctrlRight: moveTo(cluster: wordEnd())
            case .ctrl("w"): let s = wordStart(); if s < at { replace(clusters: s, at) }
            case .ctrl("u"): if at > 0 { replace(clusters: 0, at) }
            case .ctrl("k"): if at < count { replace(clusters: at, count) }
            default: break
            }
        }
        mutating func paste(_ text: String) {
            let cleaned = text.unicodeScalars.map { $0 == "\n" ? " " : $0 }
            replace(scalars: cursor, cursor, with: cleaned)
        }
    }

    /// Pieces typed one scalar at a time: combining marks, joiners, emoji
    /// sequences, skin tones, flags, CJK, Hebrew and Arabic.
    static let pieces: [String] = [
        "a", "e", "Z", " ", "_", "-", "1", "\u{301}", "\u{308}", "\u{323}", "\u{200D}", "\u{FE0F}",
        "👩", "👧", "💻", "👍", "🏽", "🏿", "🇯", "🇵", "🇺", "🇸", "❤", "🔥", "山", "田", "界",
        "ש", "ל", "ו", "ם", "م", "\u{64E}", "ر", "ك", "\u{1100}", "\u{1161}", "\u{11A8}", "é", "Ä", "Ж",
        "\u{E0067}", "🏴", "1", "\u{20E3}",
    ]
    static let clusters: [String] = ["👩‍👩‍👧", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽", "🇯🇵", "🇺🇸", "e\u{301}", "é", "山田太郎", "שלום", "مَرْحَبًا", "❤️", "1️⃣", "word two", "x\ny"]

    @Test(arguments: 0..<40)
    func randomEditsAgreeWithTheModel(seed: Int) {
        var random = Random(state: UInt64(seed) &* 7919 &+ 1)
        let field = TextField()
        let h = Harness(width: 60, height: 16, root: Board(field))
        var model = Model()
        let keys: [Key] = [.backspace, .delete, .left, .right, .home, .end, .ctrlLeft, .ctrlRight, .ctrl("w"), .ctrl("u"), .ctrl("k")]
        for step in 0..<60 {
            let roll = Int.random(in: 0..<10, using: &random)
            var what: String
            if roll < 5 {
                let piece = Self.pieces.randomElement(using: &random)!
                let key = Key.character(Character(piece))
                _ = field.handleKey(key)
                model.apply(key)
                what = "type \(piece.unicodeScalars.map { String($0.value, radix: 16) })"
            } else if roll < 6 {
                let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.clusters.randomElement(using: &random)! }.joined()
                _ = field.handlePaste(text)
                model.paste(text)
                what = "paste \(text.debugDescription)"
            } else {
                let key = keys.randomElement(using: &random)!
                _ = field.handleKey(key)
                model.apply(key)
                what = "\(key.displayName)"
            }
            let width = [0, 0, 1, 2, 3, 5, 8, 13, 30].randomElement(using: &random)!
            field.frame = Rect(x: 0, y: 0, width: width, height: 1)
            h.app.renderFrame()
            let context = Comment(rawValue: "seed \(seed) step \(step) \(what) width \(width): \(model.string.debugDescription)")
            #expect(field.text.unicodeScalars.elementsEqual(model.scalars), context)
            #expect(field.characters.map { String($0) } == model.clusters.map { String($0) }, context)
            #expect(field.cursor == model.clusterCursor, context)
            #expect(field.scroll <= field.cursor, context)
            if let c = field.cursorLocation { #expect(c.x < width, context) }
            if field.text.unicodeScalars.elementsEqual(model.scalars) == false || field.cursor != model.clusterCursor { return }
        }
    }
}
