import Testing
@testable import TUIKit
import TUIKitTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the terminal writer sends for small changes: only the attribute that changed, the
/// shortest cursor move, an erase for blanks, the terminal's own scroll for rows that moved,
/// synchronized output only where the entry has it; each frame also read back by an emulator.
@MainActor
@Suite("terminal writer's bytes", .serialized)
struct TerminalWriterBytesTests {
    final class Screen {
        let writer: TerminalWriter
        let emulator: TerminalEmulator
        var buffer: CellBuffer

        init(_ type: String, width: Int = 30, height: Int = 10, colors: Int = 256) {
            let caps = TerminalCapabilities.load(terminalType: type, environment: [:])!
            writer = TerminalWriter(capabilities: caps, colorCount: colors)
            emulator = TerminalEmulator(columns: width, rows: height, autoMargins: caps.autoMargins, newlineGlitch: caps.newlineGlitch,
                                        backColorErase: caps.backColorErase, vt52: type == "vt52")
            buffer = CellBuffer(size: Size(width: width, height: height))
            _ = send(full: true)
        }

        /// The frame that shows `buffer`: its changed cells (all, when full) once `moves` are made
        /// (as the renderer sends them), as text.
        @discardableResult
        func send(full: Bool = false, moves: [RowMove] = [], cursor: Point? = nil) -> String {
            var changes: [CellChange] = []
            var before = shownBuffer
            if !full { for move in moves { before.moveRows(in: move.rect, by: move.dy) } }
            for y in 0..<buffer.size.height {
                for x in 0..<buffer.size.width where full || buffer[x, y] != before[x, y] { changes.append(CellChange(x: x, y: y, cell: buffer[x, y])) }
            }
            shownBuffer = buffer
            writer.frame(FrameUpdate(changes: changes, isFullRedraw: full, cursor: cursor, moves: moves), size: buffer.size)
            emulator.feed(writer.output)
            return String(decoding: writer.output, as: UTF8.self)
        }

        private var shownBuffer = CellBuffer(size: Size(width: 0, height: 0))

        func write(_ text: String, x: Int, y: Int, style: Style = .plain) {
            buffer.write(text, x: x, y: y, style: style, clip: buffer.bounds)
        }

        /// The emulator's rows as text.
        var lines: [String] { (0..<buffer.size.height).map { emulator.line($0) } }
        var expected: [String] { (0..<buffer.size.height).map { buffer.text(ofRow: $0) } }
    }

    @Test func onlyTheColourThatChangedIsSent() {
        let screen = Screen("xterm-256color")
        screen.write("hello", x: 2, y: 1, style: Style(foreground: .red, background: .blue, attributes: .bold))
        screen.send()
        screen.write("hello", x: 2, y: 1, style: Style(foreground: .green, background: .blue, attributes: .bold))
        let sent = screen.send()
        #expect(sent.contains("\u{1B}[32m"), "\(sent.debugDescription)")
        #expect(!sent.contains("\u{1B}[m") && !sent.contains("[0") && !sent.contains("44") && !sent.contains("[1"), "\(sent.debugDescription)")
        #expect(screen.lines == screen.expected)
        #expect(screen.emulator.cells[1][2].pen == Pen(attributes: .bold, foreground: 2, background: 4))
    }

    @Test func boldGoesOffWithItsOwnCodeWhereTheEntryHasThemAndWithAResetWhereNot() {
        for (type, off) in [("xterm-256color", "\u{1B}[22m"), ("vt100", "\u{1B}[m")] {
            let screen = Screen(type)
            screen.write("bold", x: 0, y: 0, style: Style(attributes: [.bold, .underline]))
            screen.send()
            screen.write("plain", x: 0, y: 2, style: .underline)
            let sent = screen.send()
            #expect(sent.contains(off), "\(type): \(sent.debugDescription)")
            #expect(screen.emulator.cells[2][0].pen == Pen(attributes: .underline), "\(type)")
            #expect(screen.lines == screen.expected)
        }
    }

    @Test func theCursorGoesTheShortestWay() {
        let screen = Screen("xterm-256color", width: 60)
        screen.write(String(repeating: "a", count: 50), x: 0, y: 3)
        screen.send()
        // Two changes three columns apart: the cells between go again (3 bytes), no cursor address.
        screen.write("X", x: 10, y: 3)
        screen.write("Y", x: 14, y: 3)
        var sent = screen.send()
        #expect(sent.hasSuffix("XaaaY"), "\(sent.debugDescription)")
        // Far apart on one row: a relative move (ESC [ 30 C), not an address.
        screen.write("Z", x: 16, y: 3)
        screen.write("W", x: 47, y: 3)
        sent = screen.send()
        #expect(sent.contains("Z\u{1B}[30CW"), "\(sent.debugDescription)")
        // The next row's start: CR LF beats an address.
        screen.write("V", x: 48, y: 3)
        screen.write("U", x: 0, y: 4)
        sent = screen.send()
        #expect(sent.contains("V\r\nU"), "\(sent.debugDescription)")
        #expect(screen.lines == screen.expected)
    }

    @Test func blanksToTheEndOfARowAreOneErase() {
        let screen = Screen("xterm-256color", width: 60)
        screen.write(String(repeating: "text ", count: 11), x: 0, y: 2, style: Style(background: .indexed(236)))
        screen.send()
        screen.buffer.fill(Rect(x: 4, y: 2, width: 56, height: 1), with: Cell(" ", style: Style(background: .indexed(236))))
        let sent = screen.send()
        #expect(sent.contains("\u{1B}[K"), "\(sent.debugDescription)")
        #expect(sent.utf8.count < 20, "\(sent.debugDescription)")
        #expect(screen.lines == screen.expected)
        #expect(screen.emulator.cells[2][40].pen.background == 236)
    }

    /// A list's rows moved up one: the terminal scrolls its region (a few bytes), the new row is written.
    @Test(arguments: ["xterm-256color", "tmux-256color", "screen", "linux", "vt100", "vt52"])
    func rowsThatMovedAreTheTerminalsOwnScroll(type: String) {
        let screen = Screen(type, width: 40, height: 12)
        let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth", "Frances Allen",
                     "John Backus", "Niklaus Wirth", "Tony Hoare"]
        func rows(from first: Int) {
            for i in 0..<8 { screen.write(names[first + i], x: 2, y: 2 + i) }
        }
        screen.write("header", x: 0, y: 0)
        screen.write("footer", x: 0, y: 11)
        rows(from: 0)
        screen.send()
        screen.buffer.fill(Rect(x: 0, y: 2, width: 40, height: 8), with: .blank)
        rows(from: 1)
        let sent = screen.send(moves: [RowMove(rect: Rect(x: 0, y: 2, width: 40, height: 8), dy: -1)])
        #expect(screen.lines == screen.expected, "\(type): \(sent.debugDescription)")
        if type != "vt52" { // no scroll region, no line insert
            #expect(sent.utf8.count < 60, "\(type): \(sent.utf8.count) bytes: \(sent.debugDescription)")
        }
        // And back down.
        screen.buffer.fill(Rect(x: 0, y: 2, width: 40, height: 8), with: .blank)
        rows(from: 0)
        let back = screen.send(moves: [RowMove(rect: Rect(x: 0, y: 2, width: 40, height: 8), dy: 1)])
        #expect(screen.lines == screen.expected, "\(type): \(back.debugDescription)")
        #expect(screen.emulator.unknown.isEmpty, "\(screen.emulator.unknown)")
    }

    /// A run of one character goes as the character and `rep` where the entry has it (xterm's
    /// `ESC [ n b`), in the line-drawing set too; where it has none (tmux), as the characters.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func aRunOfOneCharacterIsRepeatedByTheTerminalWhereItCan(type: String) {
        let screen = Screen(type, width: 60, height: 6)
        let line = Style(foreground: .indexed(245))
        screen.write("│ " + String(repeating: "─", count: 40) + " │", x: 2, y: 1, style: line)
        screen.write("name" + String(repeating: "=", count: 30) + "end", x: 2, y: 3)
        let sent = screen.send()
        #expect(screen.lines == screen.expected, "\(type): \(sent.debugDescription)")
        #expect(screen.emulator.unknown.isEmpty, "\(screen.emulator.unknown)")
        if type == "xterm-256color" {
            #expect(sent.contains("q\u{1B}[39b"), "\(sent.debugDescription)")
            #expect(sent.contains("=\u{1B}[29b"), "\(sent.debugDescription)")
            #expect(sent.utf8.count < 80, "\(sent.utf8.count) bytes: \(sent.debugDescription)")
        } else {
            #expect(!sent.contains("b"), "\(sent.debugDescription)")
            #expect(sent.contains(String(repeating: "=", count: 30)), "\(sent.debugDescription)")
        }
        // A run the terminal partly shows: only up to its last cell that differs.
        screen.write("=====", x: 6, y: 3, style: Style(attributes: .bold))
        let again = screen.send()
        #expect(screen.lines == screen.expected, "\(type): \(again.debugDescription)")
    }

    /// The scroll region a scroll sets stays for the next scroll of the same rows (no `csr` at
    /// all), a move across its margins goes by address (a line feed at its bottom would scroll
    /// it), and it is the whole screen again when the terminal goes to another program.
    @Test func theScrollRegionStaysUntilTheWholeScreenIsNeeded() {
        let screen = Screen("xterm-256color", width: 40, height: 12)
        let names = (0..<20).map { "friend \($0)" }
        func rows(from first: Int) {
            screen.buffer.fill(Rect(x: 0, y: 2, width: 40, height: 8), with: .blank)
            for i in 0..<8 { screen.write(names[first + i], x: 2, y: 2 + i) }
        }
        screen.write("header", x: 0, y: 0)
        screen.write("footer", x: 0, y: 11)
        rows(from: 0)
        screen.send()
        rows(from: 1)
        screen.write("footer 1", x: 0, y: 11)
        let first = screen.send(moves: [RowMove(rect: Rect(x: 0, y: 2, width: 40, height: 8), dy: -1)])
        #expect(first.contains("\u{1B}[3;10r"), "\(first.debugDescription)")
        #expect(!first.contains("\u{1B}[1;12r"), "the region is not put back at once: \(first.debugDescription)")
        #expect(screen.lines == screen.expected, "\(first.debugDescription)")
        rows(from: 2)
        screen.write("footer 2", x: 0, y: 11)
        let second = screen.send(moves: [RowMove(rect: Rect(x: 0, y: 2, width: 40, height: 8), dy: -1)])
        #expect(!second.contains(";10r") && !second.contains(";12r"), "the same region, no csr again: \(second.debugDescription)")
        #expect(screen.lines == screen.expected, "\(second.debugDescription)")
        // Below the region's bottom (row 10) from inside it: by address, not line feeds.
        screen.write("x", x: 3, y: 9)
        screen.write("y", x: 3, y: 10)
        let across = screen.send()
        #expect(screen.lines == screen.expected, "\(across.debugDescription)")
        #expect(screen.emulator.unknown.isEmpty, "\(screen.emulator.unknown)")
        screen.writer.release()
        #expect(String(decoding: screen.writer.output, as: UTF8.self).hasPrefix("\u{1B}[1;12r"))
        screen.emulator.feed(screen.writer.output)
        // The emulator's region is the whole screen again: a line feed at row 10 moves down.
        screen.emulator.feed(Array("\u{1B}[10;1H\nz".utf8))
        #expect(screen.emulator.line(10).hasPrefix("z"), "\(screen.emulator.line(10).debugDescription)")
    }

    @Test func aFrameIsInSynchronizedOutputOnlyWhereTheEntryHasIt() throws {
        let plain = Screen("xterm-256color")
        plain.write("x", x: 1, y: 1)
        #expect(!plain.send().contains("2026"))
        // An entry of our own with the Sync extension, compiled with tic into a temp directory.
        let dir = "/tmp/tuikit-terminfo-\(getpid())"
        let source = dir + ".src"
        let entry = "xterm-sync|xterm with synchronized output,\n\tSync=\\E[?2026%?%p1%{1}%-%tl%eh%;,\n\tuse=xterm-256color,\n"
        #expect(mkdir(dir, 0o755) == 0 || errno == EEXIST)
        let file = try #require(fopen(source, "w"))
        fputs(entry, file)
        fclose(file)
        #expect(system("tic -x -o \(dir) \(source) 2>/dev/null") == 0)
        setenv("TERMINFO", dir, 1)
        let caps = TerminalCapabilities.load(terminalType: "xterm-sync", environment: [:])
        unsetenv("TERMINFO")
        let writer = TerminalWriter(capabilities: try #require(caps), colorCount: 256)
        writer.frame(FrameUpdate(changes: [CellChange(x: 0, y: 0, cell: Cell("a"))], isFullRedraw: true, cursor: nil), size: Size(width: 10, height: 3))
        let sent = String(decoding: writer.output, as: UTF8.self)
        #expect(sent.hasPrefix("\u{1B}[?2026h") && sent.hasSuffix("\u{1B}[?2026l"), "\(sent.debugDescription)")
        writer.frame(FrameUpdate(changes: [], isFullRedraw: false, cursor: nil), size: Size(width: 10, height: 3))
        #expect(writer.output.isEmpty) // nothing to show: nothing sent, not even the brackets
    }

    @Test func capabilityTemplatesMatchTerminfo() throws {
        let caps = try #require(TerminalCapabilities.load(terminalType: "xterm-256color", environment: [:]))
        #expect(caps.cursorAddress?.make(4, 9) == Array("\u{1B}[5;10H".utf8))
        #expect(caps.cursorAddress?.cost(99, 199) == 10)
        #expect(caps.scrollRegion?.make(2, 9) == Array("\u{1B}[3;10r".utf8))
        #expect(caps.foreground(9) == [.parameters(Array("91".utf8))])
        #expect(caps.background(200) == [.parameters(Array("48;5;200".utf8))])
        // Compiled (the writer's moves do not go through tiparm), and right on either side of
        // each count of digits: cup's row and column are the numbers plus one.
        #expect(caps.cursorAddress?.parts == [.literal([0x1B, UInt8(ascii: "[")]), .decimal(index: 0, offset: 1),
                                              .literal([UInt8(ascii: ";")]), .decimal(index: 1, offset: 1), .literal([UInt8(ascii: "H")])])
        for (row, column) in [(0, 0), (8, 9), (9, 98), (98, 99), (99, 998), (999, 1000), (-2, 5)] {
            #expect(caps.cursorAddress?.make(row, column) == Array("\u{1B}[\(row + 1);\(column + 1)H".utf8))
            #expect(caps.cursorAddress?.cost(row, column) == "\u{1B}[\(row + 1);\(column + 1)H".utf8.count)
        }
        let vt52 = try #require(TerminalCapabilities.load(terminalType: "vt52", environment: [:]))
        #expect(vt52.cursorAddress?.parts == nil) // characters, not digits: made by terminfo itself
        #expect(vt52.cursorAddress?.make(3, 5) == [0x1B, UInt8(ascii: "Y"), 32 + 3, 32 + 5])
        #expect(TerminalCapabilities.withoutPadding(Array("\u{1B}[H$<5>x$<2*/>".utf8)) == Array("\u{1B}[Hx".utf8))
    }
}

/// The scroll decision's region (`TerminalWriter.cheapestRegion`, one pass over the rows) against
/// every region tried in turn: the same region, the first (by top, then bottom) on a tie, and none
/// where no region costs less than not scrolling. Small random costs, so that ties are common.
@Suite("the cheapest scroll region")
struct CheapestScrollRegionTests {
    static func everyPair(n: Int, k: Int, up: Bool, stayP: [Int], shiftedP: [Int], blankP: [Int], overhead: Int) -> (Int, Int)? {
        var best = stayP[n], region: (Int, Int)?
        for a in 0..<(n - k) {
            for b in (a + k)..<n {
                let outside = stayP[a] + (stayP[n] - stayP[b + 1])
                let movedFrom = up ? a : a + k, freshFrom = up ? b - k + 1 : a
                let moved = shiftedP[movedFrom + (b - a + 1 - k)] - shiftedP[movedFrom]
                let fresh = blankP[freshFrom + k] - blankP[freshFrom]
                let total = outside + moved + fresh + overhead
                if total < best { best = total; region = (a, b) }
            }
        }
        return region
    }

    @Test func onePassFindsTheRegionEveryPairFinds() {
        var state: UInt64 = 52
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var scrolled = 0
        for _ in 0..<3_000 {
            let n = 2 + next(30), k = 1 + next(min(n - 1, 6)), up = next(2) == 0
            let spread = [3, 8, 64][next(3)]
            func sums(_ values: [Int]) -> [Int] { values.reduce(into: [0]) { $0.append($0.last! + $1) } }
            let stayP = sums((0..<n).map { _ in next(spread) }), shiftedP = sums((0..<n).map { _ in next(spread) })
            let blankP = sums((0..<n).map { _ in next(spread) })
            let overhead = next(12)
            let expected = Self.everyPair(n: n, k: k, up: up, stayP: stayP, shiftedP: shiftedP, blankP: blankP, overhead: overhead)
            var s = stayP, f = shiftedP, b = blankP, room = [Int](repeating: 0, count: n + 1)
            let got = TerminalWriter.cheapestRegion(n: n, k: k, up: up, stayP: &s, shiftedP: &f, blankP: &b, scratch: &room, overhead: overhead)
            #expect(got?.0 == expected?.0 && got?.1 == expected?.1, "n \(n) k \(k) up \(up): \(String(describing: got)) against \(String(describing: expected))")
            if expected != nil { scrolled += 1 }
        }
        #expect(scrolled > 500) // the random costs do pick regions
    }
}

extension TerminalWriterBytesTests {
    /// A pen change the writer sends again from its table (`TerminalWriter.setPen`) leaves the
    /// line-drawing set as the first one did where its `sgr0` leaves it (vt100's ends in SI): the
    /// line after it goes back into the set, each row, not only the first.
    @Test func aPenChangeSentAgainLeavesTheLineDrawingSetAsTheFirstDid() {
        let screen = Screen("vt100", width: 40, height: 4)
        let line = String(repeating: "─", count: 16)
        for y in 0..<3 {
            screen.write(line, x: 0, y: y, style: Style(attributes: .bold))
            screen.write(line, x: 16, y: y, style: .plain)
        }
        let sent = screen.send()
        #expect(screen.lines == screen.expected, "\(sent.debugDescription)")
    }
}
