import Testing
@testable import TUIKit
import TUIKitTesting

/// The terminal writer's bytes, read back by a terminal emulator (`TerminalEmulator`), show
/// what the cell buffer holds after every frame: on the terminfo entries of xterm, tmux,
/// screen, the Linux console, the VT100 and the VT52 (no attributes, no colours, no scroll
/// region, its cursor address in characters), through long seeded random key scripts.
@MainActor
@Suite("terminal writer, decoded by an emulator", .serialized)
struct TerminalWriterTests {
    nonisolated static let terminals = ["xterm-256color", "tmux-256color", "screen", "linux", "vt100", "vt52"]

    /// An app on a virtual screen whose frames also go through a real terminal's writer into an emulator.
    @MainActor
    final class Rig {
        let terminal: VirtualTerminal
        let app: Application
        let writer: TerminalWriter
        let emulator: TerminalEmulator
        let capabilities: TerminalCapabilities
        var bytes = 0
        var frames = 0
        var firstMismatch: String?
        let list = ListView()

        init(terminalType: String, size: Size = Size(width: 80, height: 24), colors: Int? = nil) {
            capabilities = TerminalCapabilities.load(terminalType: terminalType, environment: [:])!
            let count = colors ?? (capabilities.colors >= 256 ? 256 : capabilities.colors >= 16 ? 16 : capabilities.colors >= 8 ? 8 : 0)
            terminal = VirtualTerminal(size: size, colorCount: count)
            writer = TerminalWriter(capabilities: capabilities, colorCount: count)
            emulator = TerminalEmulator(columns: size.width, rows: size.height, autoMargins: capabilities.autoMargins,
                                        newlineGlitch: capabilities.newlineGlitch, backColorErase: capabilities.backColorErase,
                                        vt52: terminalType == "vt52")
            terminal.writer = writer
            app = Application(terminal: terminal)
            app.interruptHandler = {}
            app.minimumSize = Size(width: 20, height: 6)
            terminal.onBytes = { [unowned self] output in
                if self.emulator.columns != self.terminal.size.width || self.emulator.rows != self.terminal.size.height {
                    self.emulator.resize(columns: self.terminal.size.width, rows: self.terminal.size.height)
                }
                self.emulator.feed(output)
                self.bytes += output.count
                if self.terminal.suspendCount > self.suspends { // the shell's, another program's output meanwhile
                    self.suspends = self.terminal.suspendCount
                    self.emulator.scribble()
                }
            }
            terminal.onFrame = { [unowned self] _ in
                self.frames += 1
                if self.firstMismatch == nil, let difference = self.difference() { self.firstMismatch = "frame \(self.frames): \(difference)" }
            }
            app.window.rootViewController = Self.board(list: list)
            list.reloadData(numberOfRows: 400)
            app.renderFrame()
        }

        private var suspends = 0

        static let names = ["Ada Lovelace", "Grace Hopper", "艾伦·图灵", "Edsger Dijkstra", "Барбара Лисков", "Ünal Çelik", "🙂 Smiley",
                            "Zoë e\u{301}clair", "한국어 이름", "Ω omega", "Tab\tcontrol", "👩‍💻 coder", "🇫🇷 flag"]

        static func board(list: ListView) -> ViewController {
            list.configureRow = { row, i, selected in
                (row as! ListRowLabel).configure(text: "\(i) \(names[i % names.count]) \(String(repeating: "·", count: i % 7))", selected: selected)
            }
            let header = Label("Contacts — 連絡先 ✓", style: Style(foreground: .indexed(231), background: .blue, attributes: .bold))
            let italic = Label("italic underline", style: Style(foreground: .brightCyan, attributes: [.italic, .underline]))
            let dim = Label("dim and reverse", style: Style(foreground: .indexed(245), background: .indexed(236), attributes: [.dim, .reverse]))
            let line = Label(String(repeating: "─", count: 34), style: Style(foreground: .indexed(240), background: .indexed(234)))
            let shortLine = Label("──┼──", style: Style(foreground: .yellow))
            let field = TextField(placeholder: "Type here")
            let panel = Label("", style: Style(background: .indexed(22)))
            let grey = Label("plain text on grey, blanks after    ", style: Style(foreground: .white, background: .indexed(238)))
            return WidgetTests.Board([
                (header, Rect(x: 0, y: 0, width: 80, height: 1)),
                (list, Rect(x: 0, y: 1, width: 40, height: 21)),
                (italic, Rect(x: 42, y: 2, width: 30, height: 1)),
                (dim, Rect(x: 42, y: 3, width: 30, height: 1)),
                (line, Rect(x: 42, y: 5, width: 34, height: 1)),
                (shortLine, Rect(x: 42, y: 6, width: 5, height: 1)),
                (field, Rect(x: 42, y: 8, width: 30, height: 1)),
                (panel, Rect(x: 42, y: 10, width: 36, height: 4)),
                (grey, Rect(x: 42, y: 15, width: 38, height: 1)),
            ])
        }

        /// The first cell where the emulator differs from the cell buffer, described; nil when none does.
        func difference() -> String? {
            if let odd = emulator.unknown.first { return "the writer sent what the terminal does not read: \(odd)" }
            let grid = terminal.grid
            guard emulator.columns == grid.size.width, emulator.rows == grid.size.height else {
                return "size \(emulator.columns)x\(emulator.rows) against \(grid.size)"
            }
            // The rows the frame changed and the rows the bytes touched; the others were equal after the frame before.
            var rows = Set(emulator.takeTouchedRows())
            rows.formUnion(terminal.rowsPerFrame.last ?? [])
            for y in rows.sorted() where y < grid.size.height {
                var x = 0
                while x < grid.size.width {
                    let cell = grid[x, y]
                    if let problem = compare(cell, x: x, y: y) {
                        return "row \(y) column \(x): \(problem)\n  buffer:   \(grid.text(ofRow: y))\n  terminal: \(emulator.line(y))"
                    }
                    x += 1
                }
            }
            if let cursor = terminal.cursor {
                if emulator.cursor.x != cursor.x || emulator.cursor.y != cursor.y { return "the cursor at \(emulator.cursor), not \(cursor)" }
                if capabilities.showCursor != nil, !emulator.cursorVisible { return "the cursor hidden" }
            } else if capabilities.hideCursor != nil, emulator.cursorVisible {
                return "the cursor shown"
            }
            return nil
        }

        private var looks: [UInt32: Pen] = [:]

        /// How the terminal shows a style (worked out once a style).
        private func look(_ cell: Cell) -> Pen {
            if let known = looks[cell.styleBits] { return known }
            let pen = capabilities.look(of: cell.style, colorCount: terminal.colorCount)
            looks[cell.styleBits] = pen
            return pen
        }

        private func compare(_ cell: Cell, x: Int, y: Int) -> String? {
            let shown = emulator.cells[y][x]
            if cell.isContinuation {
                // The right half of a wide character, or of a cluster whose fallback fills two columns.
                if x > 0, grid(x - 1, y).width == 2, glyphs(grid(x - 1, y)).count == 2 { return nil }
                return shown.isContinuation ? nil : "a continuation expected, \(shown.text.debugDescription) shown"
            }
            if let scalar = cell.grapheme.singleScalar, scalar.value >= 0x20, scalar.value < 0x7F || DisplayWidth.terminalWidthOf(scalar) == Int(cell.width) {
                var scalars = shown.text.unicodeScalars.makeIterator()
                if scalars.next() != scalar || scalars.next() != nil { return "\(String(scalar).debugDescription) expected, \(shown.text.debugDescription) shown" }
            } else {
                let glyphs = glyphs(cell)
                let expected = glyphs.first.map { String(String.UnicodeScalarView($0)) } ?? " "
                if shown.text != expected { return "\(expected.debugDescription) expected, \(shown.text.debugDescription) shown" }
                if glyphs.count == 2, x + 1 < emulator.columns {
                    let second = String(String.UnicodeScalarView(glyphs[1]))
                    if emulator.cells[y][x + 1].text != second { return "the second glyph \(second.debugDescription) expected" }
                }
            }
            let look = look(cell)
            if shown.pen == look { return nil }
            // A blank shows only its background (it may go in a neighbour's style: BlankStyleSharing).
            if BlankStyleSharing.isBlank(cell), shown.pen.background == look.background,
               shown.pen.attributes.rawValue & (TextAttributes.underline.rawValue | TextAttributes.reverse.rawValue) == 0 { return nil }
            return "\(look) expected, \(shown.pen) shown for \(shown.text.debugDescription)"
        }

        private func grid(_ x: Int, _ y: Int) -> Cell { terminal.grid[x, y] }

        private func glyphs(_ cell: Cell) -> [[Unicode.Scalar]] {
            if let scalar = cell.grapheme.singleScalar, scalar.value >= 0x20, scalar.value < 0x7F { return [[scalar]] }
            return ClusterEncoding.glyphs(for: cell.character, width: Int(cell.width), support: [])
        }

        func run(_ script: String) throws {
            try terminal.enqueue(script: script)
            try app.run()
        }
    }

    /// A frame is checked after each key; a script of many keys finds nothing on any of the terminals.
    @Test(arguments: terminals)
    func aKeyScriptLooksTheSameThroughTheTerminal(terminal: String) throws {
        let rig = Rig(terminalType: terminal)
        try rig.run("wait:10ms Down Down Down PgDn PgDn End Up Up PgUp Home Tab \"héllo 世界\" Left Left Backspace S-Tab Down Down resize:60x20 Down PgDn resize:100x30 End Home signal:TSTP Down")
        #expect(rig.firstMismatch == nil, "\(terminal): \(rig.firstMismatch ?? "")")
        #expect(rig.frames > 20)
    }

    /// 20 seeded scripts of 3,000 keys each (resizes, clicks, suspends, text), spread over the terminals.
    @Test(arguments: 0..<20)
    func randomKeyScriptsLookTheSameThroughTheTerminal(seed: Int) throws {
        let terminal = Self.terminals[seed % Self.terminals.count]
        let rig = Rig(terminalType: terminal)
        var generator = FuzzScript(seed: UInt64(1000 + seed))
        // ^C would end the run: a wait in its place (^Z stays: the writer paints whole after it). Sizes up
        // to 130x42 (from 1x1 to 300x100 in the script): each resize paints the screen whole, and a debug
        // build's run of 20 scripts stays short.
        let script = generator.script(tokens: 3000).split(separator: " ", omittingEmptySubsequences: false).map { token -> String in
            if token == "signal:INT" { return "wait:10ms" }
            guard token.hasPrefix("resize:"), let x = token.firstIndex(of: "x"),
                  let w = Int(token[token.index(token.startIndex, offsetBy: 7)..<x]), let h = Int(token[token.index(after: x)...]) else { return String(token) }
            return "resize:\(1 + (w - 1) % 130)x\(1 + (h - 1) % 42)"
        }.joined(separator: " ")
        try rig.run(script)
        #expect(rig.firstMismatch == nil, "seed \(seed), \(terminal): \(rig.firstMismatch ?? "")")
        #expect(rig.frames > 500)
    }
}

