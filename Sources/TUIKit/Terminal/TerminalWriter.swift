#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns frames into the bytes one terminal needs, from its terminfo capabilities: the
/// changed cells only, each row's cells in `BlankStyleSharing`'s styles, long runs of `─` in
/// the line-drawing set (`LineDrawing`), the cursor moved by the cheapest of `cup`, the
/// relative moves, CR and writing the cells between, attributes changed one by one and
/// several in one SGR, `el`/`ech` for runs of blanks, and a list that moved scrolled by the
/// terminal itself (`csr` with `ind`/`ri`, or `dl`/`il`) where that leaves fewer cells to
/// write. A frame is one buffer (`output`), bracketed by synchronized output (DEC 2026)
/// where the terminal's entry has it or the terminal said so (`synchronizedOutput`).
///
/// The writer keeps what the terminal shows, cell by cell, with the style each was sent in;
/// `invalidate()` forgets it (after a resize, a suspend, another program): the next frame
/// clears the screen and paints it whole.
///
/// ```swift
/// let writer = TerminalWriter(capabilities: TerminalCapabilities.load(terminalType: "xterm-256color")!, colorCount: 256)
/// writer.frame(update, size: Size(width: 80, height: 24))
/// writer.output.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
/// ```
public final class TerminalWriter {
    /// What the terminal understands.
    public let capabilities: TerminalCapabilities
    /// The colours cells are sent in: 0 (none), 8, 16 or 256.
    public let colorCount: Int
    /// Which emoji sequences the terminal joins (`ClusterEncoding`).
    @exclusivity(unchecked) public var glyphSupport: GlyphSupport
    /// Whether the tty turns a line feed into CR LF (`ONLCR`): then a `cud1` of "\n" is no move down.
    @exclusivity(unchecked) public var newlineReturns: Bool {
        didSet {
            lineFeedDown = capabilities.cursorDown1.flatMap { newlineReturns && $0.contains(0x0A) ? nil : $0 }
            costs = MoveCosts(capabilities, lineFeedDown: lineFeedDown, size: size)
        }
    }
    /// Whether each frame goes between synchronized output's begin and end (DEC mode 2026), so
    /// the terminal shows it whole: from the entry's `Sync`, or set when the terminal answers
    /// that it has the mode (`NcursesTerminal` asks).
    @exclusivity(unchecked) public var synchronizedOutput: Bool
    /// The screen's size the writer last drew.
    @exclusivity(unchecked) public private(set) var size = Size(width: 0, height: 0)
    /// The bytes of the last frame (`frame`) or of `release()`.
    @exclusivity(unchecked) public private(set) var output: [UInt8] = []

    /// What the app wants on screen (the renderer's front buffer).
    // The screen's copies, row tables and keys below are the writer's own storage (`FixedBuffer`,
    // freed in `deinit`): its per-cell loops read and write them without arrays' checks.
    @exclusivity(unchecked) private var wanted = FixedBuffer<Cell>(repeating: .blank, count: 0)
    /// What the terminal shows: each cell with the style bits it was sent in (`unknown`: not known).
    @exclusivity(unchecked) private var shown = FixedBuffer<Cell>(repeating: .blank, count: 0)
    /// Where each terminal row's cells start in `shown`: a scroll moves these, not the cells.
    @exclusivity(unchecked) private var shownRows = FixedBuffer<Int>(repeating: 0, count: 0)
    /// The style each column of the row being written goes out in (`BlankStyleSharing`), and
    /// whether it is part of a long line (`LineDrawing`): a row's worth, for `writeRow`.
    @exclusivity(unchecked) private var rowStyles = FixedBuffer<UInt32>(repeating: 0, count: 0)
    @exclusivity(unchecked) private var longLines = FixedBuffer<Bool>(repeating: false, count: 0)
    @exclusivity(unchecked) private var touched = FixedBuffer<Bool>(repeating: false, count: 0)
    /// A fingerprint of each wanted row's cells (0: not worked out since the row last changed).
    @exclusivity(unchecked) private var wantedKeys = FixedBuffer<UInt64>(repeating: 0, count: 0)
    /// The fingerprint of the wanted row each terminal row was last written to show (0: none
    /// known): moved with the rows by a scroll, so deciding one finds the rows that came whole
    /// from k rows away without comparing their cells (the terminal's copy holds the styles the
    /// cells were sent in, which differ from the wanted ones wherever blanks shared a neighbour's).
    @exclusivity(unchecked) private var shownKeys = FixedBuffer<UInt64>(repeating: 0, count: 0)
    /// The same for each chunk of `chunkColumns` columns of a row (`chunkCount` a row). The wanted
    /// ones: forgotten (0) where a cell of the chunk changed, moved with the chunks a frame's move
    /// takes whole, worked out again with the row's key (`wantedKey`: once it is known, so are they
    /// all); the terminal's are moved by a scroll and forgotten where a cell of the chunk was written
    /// or erased. A chunk whose keys agree
    /// looks the same on the terminal: the scroll decision and the scan of a row step over it
    /// whole (the rows beside a popup whose list scrolled differ only beside it).
    @exclusivity(unchecked) private var wantedChunkKeys = FixedBuffer<UInt64>(repeating: 0, count: 0)
    @exclusivity(unchecked) private var shownChunkKeys = FixedBuffer<UInt64>(repeating: 0, count: 0)
    @exclusivity(unchecked) private var chunkCount = 0
    private static let chunkShift = 4
    private static let chunkColumns = 1 << chunkShift
    @exclusivity(unchecked) private var sgr: [UInt8] = []
    /// Room for the scroll decision's sums (`scroll`), kept from one to the next.
    @exclusivity(unchecked) private var scrollScratch: [Int] = []
    // Not checked for overlapping access at run time (a library cannot switch the checks off, and
    // they cost a frame's work): only `frame` and `release` on one thread touch them.
    /// The cursor's position; -1: not known (after the last column, after a scroll region).
    @exclusivity(unchecked) private var cursorX = -1
    @exclusivity(unchecked) private var cursorY = -1
    /// The attributes and colours the terminal has on; nil: not known.
    @exclusivity(unchecked) private var pen: Pen?
    /// The bytes of the last change from one pen to another in each slot (`setPen`), and whether
    /// they leave the line-drawing set (an `sgr0` that does).
    @exclusivity(unchecked) private var penChanges = [(from: Pen, to: Pen, bytes: [UInt8], leftLineDrawing: Bool)?](repeating: nil, count: 64)
    @exclusivity(unchecked) private var penWasReset = false
    /// Whether the line-drawing set is on; nil: not known.
    @exclusivity(unchecked) private var inLineDrawing: Bool?
    @exclusivity(unchecked) private var cursorShown: Bool?
    @exclusivity(unchecked) private var needsRepaint = true
    /// What each cursor move costs on this terminal, worked out once a size.
    @exclusivity(unchecked) private var costs: MoveCosts
    /// The end of a run of blanks `eraseBlanks` found not worth erasing (the scan goes on writing).
    @exclusivity(unchecked) private var writeBlanksUntil = -1
    /// The end of a run `repeatWritten` found not worth `rep` (its cells are not looked at again).
    @exclusivity(unchecked) private var writeRunUntil = -1
    /// The fewest repeats `rep` is worth (its bytes fewer than the characters'); 0: no `rep`.
    private let shortestRepeat: Int
    /// How each style bits look (`penFor`): a small table by the bits' low bits, the bits beside the pen.
    @exclusivity(unchecked) private var pens = FixedBuffer<(bits: UInt32, pen: Pen)>(repeating: (.max, Pen()), count: 256)
    /// The columns terminals give the last scalars looked at (`wcwidth`), by their low bits.
    @exclusivity(unchecked) private var widths = FixedBuffer<(scalar: UInt32, width: Int8)>(repeating: (.max, 0), count: 256)
    @exclusivity(unchecked) private var lineFeedDown: [UInt8]?
    /// Whether a cell of the terminal's copy may hold other style bits than the wanted cells its
    /// chunk's key stands for (a cell left as it was because its style looks the same in fewer
    /// colours, `looksSame`): then the chunks' counts are not remembered by their keys (they
    /// would not be what comparing the cells gives); until the next repaint.
    @exclusivity(unchecked) private var shownBitsMayDiffer = false
    /// The scroll decision's counts for pairs of chunks (`chunkDifferences`), by the pair's keys.
    @exclusivity(unchecked) private var chunkCounts = FixedBuffer<(wanted: UInt64, shown: UInt64, ifSame: Int32, ifDifferent: Int32, endsSame: Bool)>(
        repeating: (0, 0, 0, 0, true), count: 256)
    /// A row was changed behind the scan (half of a wide character erased): look at it again.
    @exclusivity(unchecked) private var rowNeedsAnotherPass = false
    /// The scroll region a scroll left the terminal with (rows, inclusive); nil: the whole screen.
    /// It stays until something needs the whole screen's (`resetScrollRegion`): the next scroll of
    /// the same rows sends no `csr`, and most frames none to put it back.
    @exclusivity(unchecked) private var regionTop = -1
    @exclusivity(unchecked) private var regionBottom = -1

    /// A cell the terminal's copy does not know: never equal to a wanted one.
    private static let unknown = Cell(grapheme: .space, width: 3, styleBits: .max)

    /// A writer for a terminal of `capabilities` showing `colorCount` colours.
    public init(capabilities: TerminalCapabilities, colorCount: Int, glyphSupport: GlyphSupport = [], newlineReturns: Bool = false) {
        self.capabilities = capabilities
        self.colorCount = colorCount
        self.glyphSupport = glyphSupport
        self.newlineReturns = newlineReturns
        lineFeedDown = capabilities.cursorDown1.flatMap { newlineReturns && $0.contains(0x0A) ? nil : $0 }
        costs = MoveCosts(capabilities, lineFeedDown: lineFeedDown, size: Size(width: 0, height: 0))
        synchronizedOutput = capabilities.synchronizedBegin != nil && capabilities.synchronizedEnd != nil
        shortestRepeat = capabilities.repeatPrevious.flatMap { rep in (2...64).first { rep.cost($0 + 1) < $0 } } ?? 0
    }

    deinit {
        wanted.free()
        shown.free()
        wantedKeys.free()
        shownKeys.free()
        wantedChunkKeys.free()
        shownChunkKeys.free()
        shownRows.free()
        rowStyles.free()
        longLines.free()
        touched.free()
        pens.free()
        chunkCounts.free()
        widths.free()
    }

    /// DEC mode 2026 on and off: the entry's, else the sequences every terminal that has it takes.
    private var synchronizedBegin: [UInt8] { capabilities.synchronizedBegin ?? Array("\u{1B}[?2026h".utf8) }
    private var synchronizedEnd: [UInt8] { capabilities.synchronizedEnd ?? Array("\u{1B}[?2026l".utf8) }

    /// Forgets what the terminal shows: the next frame clears it and paints every cell.
    public func invalidate() {
        needsRepaint = true
        cursorShown = nil
    }

    /// The bytes that put the terminal's attributes back to its defaults (and leave the line-drawing
    /// set), into `output`: before the terminal goes to ncurses or another program. Also forgets
    /// what the terminal shows.
    public func release() {
        output.removeAll(keepingCapacity: true)
        resetScrollRegion()
        if pen != Pen() || pen == nil { setPen(Pen()) }
        if inLineDrawing != false, let off = capabilities.exitLineDrawing { output += off }
        if cursorShown == false, let show = capabilities.showCursor { output += show }
        inLineDrawing = false
        invalidate()
    }

    /// Works out the bytes that show `update` on a screen of `size`, into `output` (empty when
    /// the terminal already shows it).
    public func frame(_ update: FrameUpdate, size newSize: Size) {
        output.removeAll(keepingCapacity: true)
        if newSize != size { resize(to: newSize) }
        if update.isFullRedraw { needsRepaint = true }
        let width = size.width, height = size.height
        guard width > 0, height > 0 else { return }
        if update.cursor == nil, cursorShown != false {
            if let hide = capabilities.hideCursor { output += hide }
            cursorShown = false
        }
        let repaint = needsRepaint
        if repaint { startRepaint() }
        // The update's cells are what differs once its moves are made: the wanted rows move first.
        if !update.isFullRedraw { for move in update.moves { moveWanted(move) } }
        let chunks = chunkCount
        let cells = wanted.base, rows = touched.base, keys = wantedKeys.base, chunkKeys = wantedChunkKeys.base
        for change in update.changes where change.x >= 0 && change.x < width && change.y >= 0 && change.y < height {
            cells[change.y * width + change.x] = change.cell
            rows[change.y] = true
            keys[change.y] = 0
            chunkKeys[change.y * chunks + change.x >> Self.chunkShift] = 0
        }
        if !repaint { for move in update.moves { scroll(move) } }
        for y in 0..<height where touched[y] {
            let keep = update.cursor?.y == y ? update.cursor?.x : nil
            // A row the terminal already shows (one a scroll brought, one changed and changed
            // back) needs no look at its styles, lines and runs.
            if keep == nil, rowLooksSame(y) { touched[y] = false; markShown(y); continue }
            var passes = 0
            repeat {
                rowNeedsAnotherPass = false
                writeRow(y, keep: keep)
                passes += 1
            } while rowNeedsAnotherPass && passes < 3
            touched[y] = false
            markShown(y)
        }
        if let cursor = update.cursor, cursor.x >= 0, cursor.x < width, cursor.y >= 0, cursor.y < height {
            moveTo(cursor.x, cursor.y)
            if cursorShown != true {
                if let show = capabilities.showCursor { output += show }
                cursorShown = true
            }
        }
        if !output.isEmpty, synchronizedOutput {
            output.insert(contentsOf: synchronizedBegin, at: 0)
            output += synchronizedEnd
        }
    }

    // MARK: The screen's copy

    private func resize(to newSize: Size) {
        size = Size(width: max(0, newSize.width), height: max(0, newSize.height))
        costs = MoveCosts(capabilities, lineFeedDown: lineFeedDown, size: size)
        let count = size.width * size.height
        wanted.free(); wanted = FixedBuffer(repeating: .blank, count: count)
        shown.free(); shown = FixedBuffer(repeating: Self.unknown, count: count)
        shownRows.free(); shownRows = FixedBuffer(repeating: 0, count: size.height)
        for y in 0..<size.height { shownRows[y] = y * size.width }
        rowStyles.free(); rowStyles = FixedBuffer(repeating: 0, count: size.width)
        longLines.free(); longLines = FixedBuffer(repeating: false, count: size.width)
        touched.free(); touched = FixedBuffer(repeating: true, count: size.height)
        wantedKeys.free(); wantedKeys = FixedBuffer(repeating: 0, count: size.height)
        shownKeys.free(); shownKeys = FixedBuffer(repeating: 0, count: size.height)
        chunkCount = (size.width + Self.chunkColumns - 1) >> Self.chunkShift
        wantedChunkKeys.free(); wantedChunkKeys = FixedBuffer(repeating: 0, count: size.height * chunkCount)
        shownChunkKeys.free(); shownChunkKeys = FixedBuffer(repeating: 0, count: size.height * chunkCount)
        needsRepaint = true
    }

    /// The wanted rows of `move` shifted as the renderer's front buffer was (`CellBuffer.moveRows`),
    /// and marked to look at: the rows the terminal shows there are where they were until a scroll
    /// (`scroll`) moves them too.
    private func moveWanted(_ move: RowMove) {
        let r = move.rect.intersection(Rect(origin: .zero, size: size))
        let k = abs(move.dy)
        guard !r.isEmpty, k > 0, k < r.height else { return }
        wanted.withUnsafeMutableBufferPointer { CellBuffer.moveRows($0.baseAddress!, size: size, in: r, by: move.dy) }
        // The rows something moved into: their keys go with the chunks the move takes whole; the
        // chunks it cuts, and the whole row's key, are worked out again (`wantedKey`); the chunks
        // beside the rectangle keep theirs.
        let chunks = chunkCount
        let firstWhole = (r.minX + Self.chunkColumns - 1) >> Self.chunkShift
        let endWhole = r.maxX == size.width ? chunks : r.maxX >> Self.chunkShift
        let firstCut = r.minX >> Self.chunkShift, endCut = (r.maxX + Self.chunkColumns - 1) >> Self.chunkShift
        wantedChunkKeys.withUnsafeMutableBufferPointer { keys in
            let base = keys.baseAddress!
            for i in 0..<(r.height - k) {
                let y = move.dy < 0 ? r.minY + i : r.maxY - 1 - i, from = y - move.dy
                touched[y] = true
                wantedKeys[y] = 0
                for j in firstCut..<endCut {
                    base[y * chunks + j] = j >= firstWhole && j < endWhole ? base[from * chunks + j] : 0
                }
            }
        }
    }

    /// The attributes back to the defaults, the screen cleared: every cell to paint.
    private func startRepaint() {
        needsRepaint = false
        shownBitsMayDiffer = false
        resetScrollRegion()
        pen = nil
        inLineDrawing = nil
        cursorX = -1
        cursorY = -1
        setPen(Pen())
        setLineDrawing(false)
        // The character sets as the writer expects them (another program may have left G0 otherwise).
        if let enable = capabilities.enableLineDrawing { output += enable }
        if let clear = capabilities.clearScreen {
            output += clear
            shown.fill(.blank)
            cursorX = 0
            cursorY = 0
        } else {
            shown.fill(Self.unknown)
        }
        for y in 0..<size.height { shownRows[y] = y * size.width }
        touched.fill(true)
        shownKeys.fill(0)
        shownChunkKeys.fill(0)
    }

    /// Whether the terminal's cell shows what the wanted one with `style` shows.
    @inline(__always)
    private func looksSame(_ s: Cell, _ w: Cell, _ style: UInt32) -> Bool {
        guard s.grapheme == w.grapheme, s.width == w.width else { return false }
        let sent = s.styleBits
        if sent == style { return true }
        if sent == .max { return false }
        // A blank shows only its background; and two styles may look the same here (fewer colours).
        if w.width == 1, w.grapheme == .space, BlankStyleSharing.canShare(style, sent), BlankStyleSharing.canShare(sent, style) { return true }
        guard penFor(sent) == penFor(style) else { return false }
        if !shownBitsMayDiffer { bitsMayDiffer() }
        return true
    }

    /// (Out of `looksSame`'s way: once a repaint.)
    @inline(never)
    private func bitsMayDiffer() {
        shownBitsMayDiffer = true
    }

    @inline(__always)
    private func penFor(_ bits: UInt32) -> Pen {
        let slot = Int((bits ^ bits >> 9 ^ bits >> 18) & 0xFF)
        let known = pens[slot]
        if known.bits == bits { return known.pen }
        let pen = capabilities.look(of: Cell.style(fromBits: bits), colorCount: colorCount)
        pens[slot] = (bits, pen)
        return pen
    }

    /// `DisplayWidth.terminalWidth`, remembered for the last scalars.
    @inline(__always)
    private func terminalWidth(_ scalar: Unicode.Scalar) -> Int {
        let slot = Int(scalar.value & 0xFF)
        let known = widths[slot]
        if known.scalar == scalar.value { return Int(known.width) }
        let width = DisplayWidth.terminalWidth(scalar)
        widths[slot] = (scalar.value, Int8(width))
        return width
    }

    // MARK: Rows

    private func writeRow(_ y: Int, keep: Int?) {
        let width = size.width, start = y * width
        _ = wantedKey(y) // the chunks' keys, for the scan to step over the chunks that look the same
        // The columns that can differ: from the first chunk that does not look the same to the end
        // of the last (the scan steps over the rest whole, looking at no style there), widened to
        // where blanks meet text, so that their styles come out as the whole row's (a run of blanks
        // takes its style from the text beside it). The whole row where a column keeps its style,
        // or the cursor is at the row's left edge (from where writing the cells up to the first
        // change may beat moving over them).
        var first = 0, end = width
        if keep == nil, !(cursorY == y && cursorX == 0) {
            var j = 0
            while j < chunkCount, chunkLooksSame(row: y, j) { j += 1 }
            if j == chunkCount { return } // every chunk looks the same: nothing to write
            var last = chunkCount - 1
            while last > j, chunkLooksSame(row: y, last) { last -= 1 }
            first = j << Self.chunkShift
            end = min(width, (last + 1) << Self.chunkShift)
        }
        let hasLines: Bool = wanted.withUnsafeBufferPointer { cells in
            let row = UnsafeBufferPointer(rebasing: cells[start..<start + width])
            var lower = first, upper = end
            while !BlankStyleSharing.isWindowStart(row, lower) { lower -= 1 }
            while !BlankStyleSharing.isWindowEnd(row, upper) { upper += 1 }
            let styles = UnsafeMutableBufferPointer(start: rowStyles.base, count: width)
            let sawLine = BlankStyleSharing.styles(for: row, keep: keep, columns: lower..<upper, into: styles)
            guard capabilities.lineDrawingHorizontal != nil, sawLine else { return false }
            return LineDrawing.mark(row, styles: styles, keep: keep, columns: lower..<upper, into: UnsafeMutableBufferPointer(start: longLines.base, count: width))
        }
        var c = first
        writeBlanksUntil = -1
        writeRunUntil = -1
        if first > 0 { // the first cell that does not look the same, where the scan from column 0 comes to
            while c < width, looksSameHere(y, start, c) { c += 1 }
            if c >= width { return }
        }
        while c < width {
            if !looksSameHere(y, start, c) {
                // A wide character goes from its left half.
                if wanted[start + c].isContinuation, c > 0, wanted[start + c - 1].width == 2 { c -= 1 }
                // (Each call's first test here: most cells are not blanks, most follow the last written.)
                if c >= writeBlanksUntil, BlankStyleSharing.isBlank(wanted[start + c]),
                   let next = eraseBlanks(from: c, row: y, hasLines: hasLines, keep: keep) { c = next; continue }
                if cursorX != c || cursorY != y { moveTo(c, y) }
                c = put(c, row: y, hasLines: hasLines)
                if shortestRepeat > 0, c >= writeRunUntil, c + shortestRepeat <= width, wanted[start + c + shortestRepeat - 1] == wanted[start + c - 1] {
                    c = repeatWritten(before: c, row: y, hasLines: hasLines)
                }
                continue
            }
            // Unchanged cells up to the next change: moved over, or written again where that is cheaper.
            var d = c & (Self.chunkColumns - 1) == 0 && chunkLooksSame(row: y, c >> Self.chunkShift) ? c + Self.chunkColumns : c + 1
            while d < width {
                if d & (Self.chunkColumns - 1) == 0, chunkLooksSame(row: y, d >> Self.chunkShift) { d += Self.chunkColumns; continue }
                if !looksSameHere(y, start, d) { break }
                d += 1
            }
            if d >= width { break }
            if cursorX == c, cursorY == y, rewriteIsCheaper(from: c, to: d, row: y, hasLines: hasLines) {
                while c < d { c = put(c, row: y, hasLines: hasLines) }
            } else {
                c = d
            }
        }
    }

    /// The fingerprint of wanted row `y` (FNV-1a over each cell's character, style and width, a
    /// chunk's at a time), its chunks' (`wantedChunkKeys`) worked out with it where not known.
    private func wantedKey(_ y: Int) -> UInt64 {
        let known = wantedKeys[y]
        if known != 0 { return known }
        let width = size.width, start = y * width, chunks = chunkCount
        var row: UInt64 = 0xCBF2_9CE4_8422_2325
        wanted.withUnsafeBufferPointer { cells in
            wantedChunkKeys.withUnsafeMutableBufferPointer { keys in
                var x0 = 0
                for j in 0..<chunks {
                    let x1 = min(width, x0 + Self.chunkColumns)
                    let knownChunk = keys[y * chunks + j]
                    if knownChunk != 0 { // no cell of it changed since
                        row = (row ^ knownChunk) &* 0x100_0000_01B3
                        x0 = x1
                        continue
                    }
                    var h: UInt64 = 0xCBF2_9CE4_8422_2325
                    for x in (start + x0)..<(start + x1) {
                        let c = cells[x]
                        h = (h ^ c.grapheme.bits) &* 0x100_0000_01B3
                        h = (h ^ (UInt64(c.styleBits) << 8 | UInt64(c.width))) &* 0x100_0000_01B3
                    }
                    if h == 0 { h = 1 }
                    keys[y * chunks + j] = h
                    row = (row ^ h) &* 0x100_0000_01B3
                    x0 = x1
                }
            }
        }
        if row == 0 { row = 1 }
        wantedKeys[y] = row
        return row
    }

    /// Row `y` of the terminal now shows wanted row `y`: its keys are the wanted row's.
    private func markShown(_ y: Int) {
        shownKeys[y] = wantedKey(y)
        let chunks = chunkCount
        shownChunkKeys.withUnsafeMutableBufferPointer { to in
            wantedChunkKeys.withUnsafeBufferPointer { from in
                (to.baseAddress! + y * chunks).update(from: from.baseAddress! + y * chunks, count: chunks)
            }
        }
    }

    /// Whether chunk `j` of row `y` looks the same on the terminal as wanted (its keys agree;
    /// the wanted row's key worked out).
    @inline(__always)
    private func chunkLooksSame(row y: Int, _ j: Int) -> Bool {
        let i = y * chunkCount + j
        let known = shownChunkKeys[i]
        return known != 0 && known == wantedChunkKeys[i]
    }

    /// A cell of chunk `x >> chunkShift` of row `y` was written or erased on the terminal.
    @inline(__always)
    private func forgetChunk(row y: Int, column x: Int) {
        shownChunkKeys[y * chunkCount + (x >> Self.chunkShift)] = 0
    }

    /// Whether the terminal's row `y` shows wanted row `y` already: every cell the same
    /// character, and the same style bits or (a blank) the same background with nothing
    /// else that shows on a blank; or its chunk was written from the same cells (its keys agree:
    /// `writeRow` steps over such a chunk, and a cell there sent in a style that looks the same in
    /// fewer colours need not pass the cell test). What `writeRow` would find, for a row it would
    /// send nothing for: where each cell of the other chunks passes the test, it looks the same there too.
    private func rowLooksSame(_ y: Int) -> Bool {
        let key = wantedKey(y) // with its chunks'
        if shownKeys[y] != 0, shownKeys[y] == key { return true } // written from the same cells
        let width = size.width, chunks = chunkCount
        let w = wanted.base + y * width, s = shown.base + shownRows[y]
        if memcmp(w, s, width * MemoryLayout<Cell>.stride) == 0 { return true }
        let wk = wantedChunkKeys.base + y * chunks, sk = shownChunkKeys.base + y * chunks
        var x0 = 0
        for j in 0..<chunks {
            let x1 = min(width, x0 + Self.chunkColumns)
            defer { x0 = x1 }
            if sk[j] != 0, sk[j] == wk[j] { continue }
            for x in x0..<x1 {
                let a = w[x], b = s[x]
                guard a.grapheme == b.grapheme, a.width == b.width else { return false }
                if a.styleBits == b.styleBits { continue }
                guard b.styleBits != .max, BlankStyleSharing.isBlank(a), BlankStyleSharing.canShare(a.styleBits, b.styleBits) else { return false }
            }
        }
        return true
    }

    @inline(__always)
    private func same(_ y: Int, _ start: Int, _ x: Int) -> Bool {
        looksSame(shown[shownRows[y] + x], wanted[start + x], rowStyles[x])
    }

    /// `same`, or the cell's chunk looks the same (its keys agree): what `same` says there, without
    /// the cell's style (`writeRow` works the styles out only around the chunks that differ).
    @inline(__always)
    private func looksSameHere(_ y: Int, _ start: Int, _ x: Int) -> Bool {
        chunkLooksSame(row: y, x >> Self.chunkShift) || same(y, start, x)
    }

    /// Writing the unchanged cells `[from, to)` again costs no more than moving over them.
    private func rewriteIsCheaper(from: Int, to: Int, row y: Int, hasLines: Bool) -> Bool {
        let move = moveCost(fromX: from, fromY: y, toX: to, toY: y)
        guard to - from <= move, let current = pen, let drawingLines = inLineDrawing else { return false }
        var bytes = 0
        let start = y * size.width
        for x in from..<to {
            let cell = wanted[start + x]
            if cell.isContinuation { continue }
            guard cell.width == 1, !(hasLines && longLines[x]), penFor(rowStyles[x]) == current,
                  let scalar = cell.grapheme.singleScalar, scalar.value >= 0x20, scalar.value != 0x7F else { return false }
            // In the line-drawing set only a space is itself (`writeCharacters` keeps the set for it).
            if drawingLines, scalar.value != 0x20 { return false }
            bytes += UTF8.width(scalar)
            if bytes > move { return false }
        }
        return bytes <= move
    }

    /// A run of blanks from `x` that `el` or `ech` clears for fewer bytes than writing it:
    /// cleared, and the column to go on from; nil where writing is as cheap.
    private func eraseBlanks(from x: Int, row y: Int, hasLines: Bool, keep: Int?) -> Int? {
        let width = size.width, start = y * width
        let first = wanted[start + x]
        guard x >= writeBlanksUntil, BlankStyleSharing.isBlank(first), x != keep, !(hasLines && longLines[x]) else { return nil }
        let style = rowStyles[x]
        let look = penFor(style)
        guard capabilities.backColorErase || look.background < 0 else { return nil }
        var end = x + 1
        while end < width, end != keep, BlankStyleSharing.isBlank(wanted[start + end]), rowStyles[end] == style || penFor(rowStyles[end]).background == look.background,
              !(hasLines && longLines[end]) {
            end += 1
        }
        // The run's last cell that does not look the same (x does not), looked for from the end:
        // where the run differs to its end (a background on a cleared screen: the first frame's
        // ~4,400 blanks) that is one look, not one a cell.
        var lastDifferent = end - 1
        while lastDifferent > x, looksSameHere(y, start, lastDifferent) { lastDifferent -= 1 }
        let toWrite = lastDifferent - x + 1 // spaces, once the cursor is at x
        if end == width, let el = capabilities.clearToEndOfLine, el.count < toWrite {
            moveTo(x, y)
            setPen(Pen(attributes: [], foreground: look.foreground, background: look.background))
            setLineDrawing(false)
            output += el
            cleared(from: x, to: width, row: y, style: style)
            return width
        }
        let count = lastDifferent + 1 - x
        if let ech = capabilities.eraseCharacters, count > 4 {
            let next = lastDifferent + 1
            // The cursor stays at x: a move past the erased cells, where the row has more to write
            // (looked for only where the move decides).
            let erase = ech.cost(count)
            var cost = erase
            if next < width, erase < toWrite {
                let move = moveCost(fromX: x, fromY: y, toX: next, toY: y)
                if erase + move >= toWrite {
                    var d = next
                    while d < width, looksSameHere(y, start, d) { d += 1 }
                    if d < width { cost += move }
                }
            }
            if cost < toWrite {
                moveTo(x, y)
                setPen(Pen(attributes: [], foreground: look.foreground, background: look.background))
                setLineDrawing(false)
                ech.append(count, to: &output)
                cleared(from: x, to: next, row: y, style: style)
                return next
            }
        }
        writeBlanksUntil = end
        return nil
    }

    /// The terminal's copy after an erase of `[from, to)` in row `y` with the style's background.
    private func cleared(from: Int, to: Int, row y: Int, style: UInt32) {
        let start = shownRows[y]
        if from > 0, shown[start + from].isContinuation { shown[start + from - 1] = Self.unknown; rowNeedsAnotherPass = true; forgetChunk(row: y, column: from - 1) }
        if to < size.width, shown[start + to].isContinuation { shown[start + to] = Self.unknown; forgetChunk(row: y, column: to) }
        let blank = Cell(grapheme: .space, width: 1, styleBits: style & (0x1FF << 9)) // the background only
        for i in (start + from)..<(start + to) { shown[i] = blank }
        for j in (from >> Self.chunkShift)...((to - 1) >> Self.chunkShift) { shownChunkKeys[y * chunkCount + j] = 0 }
    }

    /// Writes the cell at column `x` (the cursor is there); returns the column after it.
    private func put(_ x: Int, row y: Int, hasLines: Bool) -> Int {
        let width = size.width, i = y * width + x, si = shownRows[y] + x
        let cell = wanted[i]
        let style = rowStyles[x]
        // Most cells: a printable ASCII character (not the line) before the last column, over a
        // one-column cell: what the rest does for it, without its turns (`writeCharacters`: a
        // space in the line-drawing set is a space there too, the set stays).
        if cell.width == 1, cell.grapheme.bits >= 0x20, cell.grapheme.bits < 0x7F, x + 1 < width, shown[si].width == 1, !(hasLines && longLines[x]) {
            let target = penFor(style)
            if pen != target { setPen(target) }
            if cell.grapheme.bits != 0x20 || inLineDrawing != true, inLineDrawing != false { setLineDrawing(false) }
            output.append(UInt8(truncatingIfNeeded: cell.grapheme.bits))
            shown[si] = Cell(grapheme: cell.grapheme, width: 1, styleBits: style)
            forgetChunk(row: y, column: x)
            cursorX = x + 1
            return x + 1
        }
        let columns = max(1, Int(cell.width))
        let lastCell = x + columns >= width && y == size.height - 1
        if lastCell, capabilities.autoMargins, !capabilities.newlineGlitch {
            // The bottom-right cell would scroll the screen: with the margins off, or not at all.
            guard let off = capabilities.exitAutoMargins, let on = capabilities.enterAutoMargins else { return x + columns }
            setPen(penFor(style))
            output += off
            writeCharacters(cell, x: x, line: hasLines && longLines[x])
            output += on
        } else {
            let target = penFor(style)
            if pen != target { setPen(target) }
            writeCharacters(cell, x: x, line: hasLines && longLines[x])
        }
        written(cell, style: style, x: x, row: y)
        let next = x + columns
        cursorX = next < width ? next : -1 // at the edge the cursor waits or wraps: not relied on
        if cursorX < 0 { cursorY = -1 }
        return next
    }

    /// The terminal's copy after `cell` was written in `style` at column `x` of row `y`.
    @inline(__always)
    private func written(_ cell: Cell, style: UInt32, x: Int, row y: Int) {
        let width = size.width, i = shownRows[y] + x
        let columns = max(1, Int(cell.width))
        // The terminal blanks a wide character whose half is written over.
        if shown[i].isContinuation, x > 0 { shown[i - 1] = Self.unknown; rowNeedsAnotherPass = true; forgetChunk(row: y, column: x - 1) }
        if shown[i].width == 2, columns == 1, x + 1 < width { shown[i + 1] = Self.unknown; forgetChunk(row: y, column: x + 1) }
        shown[i] = Cell(grapheme: cell.grapheme, width: cell.width, styleBits: style)
        forgetChunk(row: y, column: x)
        if columns == 2, x + 1 < width {
            if x + 2 < width, shown[i + 1].width == 2 { shown[i + 2] = Self.unknown; forgetChunk(row: y, column: x + 2) }
            shown[i + 1] = Cell(grapheme: .space, width: 0, styleBits: style)
            forgetChunk(row: y, column: x + 1)
        }
    }

    /// After `put` wrote column `x - 1`: the same cell again in the columns after it, up to the
    /// last of them the terminal does not show yet, as `rep` (xterm's `ESC [ n b`) where that
    /// is fewer bytes than the cells (a list's separator: `q` and 6 bytes instead of 60 `q`s).
    /// Only a one-byte character (ASCII, or the line-drawing set's): `rep` repeats what the
    /// terminal last drew, and ncurses keeps it from multibyte ones too. Returns the column to go on from.
    private func repeatWritten(before x: Int, row y: Int, hasLines: Bool) -> Int {
        let width = size.width
        let shortest = shortestRepeat
        guard shortest > 0, x >= writeRunUntil, x + shortest <= width else { return x }
        let start = y * width, p = x - 1
        let cell = wanted[start + p]
        // Most cells are not followed by as many of themselves as `rep` needs: one comparison and out.
        guard wanted[start + x + shortest - 1] == cell, cursorX == x, cursorY == y else { return x }
        let line = hasLines && longLines[p]
        guard cell.width == 1, line || (cell.grapheme.bits >= 0x20 && cell.grapheme.bits < 0x7F) else { return x }
        let style = rowStyles[p]
        // Never the bottom row's last cell: with automatic margins it would scroll the screen (`put` writes it alone).
        let end = y == size.height - 1 && capabilities.autoMargins ? width - 1 : width
        var d = x, lastDifferent = -1
        while d < end, wanted[start + d] == cell, rowStyles[d] == style, (hasLines && longLines[d]) == line {
            if !looksSameHere(y, start, d) { lastDifferent = d }
            d += 1
        }
        let count = lastDifferent - x + 1 // repeats after the one written
        // (The template only now: a copy of it retains its parts.)
        guard count >= shortest, let rep = capabilities.repeatPrevious, rep.cost(count + 1) < count else { writeRunUntil = d; return x }
        rep.append(count + 1, to: &output)
        for c in x...lastDifferent { written(cell, style: style, x: c, row: y) }
        let next = lastDifferent + 1
        cursorX = next < width ? next : -1
        if cursorX < 0 { cursorY = -1 }
        return next
    }

    private func writeCharacters(_ cell: Cell, x: Int, line: Bool) {
        if line, let byte = capabilities.lineDrawingHorizontal {
            setLineDrawing(true)
            output.append(byte)
            return
        }
        let grapheme = cell.grapheme
        // Printable ASCII (most cells): its byte; a space in the line-drawing set too.
        if grapheme.bits >= 0x20, grapheme.bits < 0x7F, cell.width == 1 {
            if grapheme.bits != 0x20 || inLineDrawing != true, inLineDrawing != false { setLineDrawing(false) }
            output.append(UInt8(truncatingIfNeeded: grapheme.bits))
            return
        }
        // A space is a space in the line-drawing set too: no switch out and back for it.
        if grapheme.bits == 0x20, cell.width == 1, inLineDrawing == true {
            output.append(0x20)
            return
        }
        setLineDrawing(false)
        if let scalar = grapheme.singleScalar, scalar.value >= 0x20, scalar.value != 0x7F, !(0x80..<0xA0).contains(scalar.value),
           scalar.value < 0x7F || terminalWidth(scalar) == Int(cell.width) {
            var bits = grapheme.bits
            while bits != 0 { output.append(UInt8(truncatingIfNeeded: bits)); bits >>= 8 }
            return
        }
        if cell.isContinuation { return }
        for glyph in ClusterEncoding.glyphs(for: cell.character, width: Int(cell.width), support: glyphSupport) {
            for scalar in glyph {
                let value = scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? Unicode.Scalar(0xFFFD)! : scalar
                output += Array(String(Character(value)).utf8)
            }
        }
    }

    // MARK: Attributes

    /// Changes the terminal's attributes and colours to `target`'s, sending only what differs.
    /// A change from one known pen to another sends the same bytes each time: the last ones of
    /// each pair are kept (`penChanges`, a small table by the pair's bits) and sent again.
    private func setPen(_ target: Pen) {
        guard let from = pen else { changePen(to: target); return }
        if from == target { return }
        let slot = Self.penChangeSlot(from, target)
        if let known = penChanges[slot], known.from == from, known.to == target {
            output += known.bytes
            if known.leftLineDrawing { inLineDrawing = false }
            pen = target
            return
        }
        let mark = output.count
        penWasReset = false
        changePen(to: target)
        penChanges[slot] = (from, target, Array(output[mark...]), penWasReset && capabilities.resetLeavesLineDrawing)
    }

    @inline(__always)
    private static func penChangeSlot(_ a: Pen, _ b: Pen) -> Int {
        func bits(_ p: Pen) -> UInt64 {
            UInt64(p.attributes.rawValue) | UInt64(UInt16(bitPattern: p.foreground)) << 8 | UInt64(UInt16(bitPattern: p.background)) << 24
        }
        let h = (bits(a) &* 0x9E37_79B9_7F4A_7C15) ^ (bits(b) &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: h >> 58) // 64 slots
    }

    private func changePen(to target: Pen) {
        let caps = capabilities
        var p: Pen
        if let known = pen { p = known } else {
            p = reset()
        }
        let off = p.attributes.subtracting(target.attributes)
        if !off.isEmpty {
            // Each attribute off by its own code where the terminal has one; else sgr0 and the rest again.
            var codes: [[SGRPiece]] = []
            var remaining = p.attributes
            var each = true
            if !off.intersection([.bold, .dim]).isEmpty {
                if let code = caps.intensityOff { codes.append(code); remaining.subtract([.bold, .dim]) } else { each = false }
            }
            if off.contains(.italic) { if let code = caps.italicOff { codes.append(code); remaining.remove(.italic) } else { each = false } }
            if off.contains(.underline) { if let code = caps.underlineOff { codes.append(code); remaining.remove(.underline) } else { each = false } }
            if off.contains(.reverse) { if let code = caps.reverseOff { codes.append(code); remaining.remove(.reverse) } else { each = false } }
            if each {
                for code in codes { emit(code) }
                p.attributes = remaining
            } else {
                p = reset()
            }
        }
        let on = target.attributes.subtracting(p.attributes)
        if on.contains(.bold), let code = caps.bold { emit(code) }
        if on.contains(.dim), let code = caps.dim { emit(code) }
        if on.contains(.italic), let code = caps.italic { emit(code) }
        if on.contains(.underline), let code = caps.underline { emit(code) }
        if on.contains(.reverse), let code = caps.reverse { emit(code) }
        p.attributes.formUnion(on)
        if target.foreground < 0, p.foreground >= 0, let code = caps.defaultForeground { emit(code); p.foreground = -1 }
        if target.background < 0, p.background >= 0, let code = caps.defaultBackground { emit(code); p.background = -1 }
        if (target.foreground < 0 && p.foreground >= 0) || (target.background < 0 && p.background >= 0) {
            if let code = caps.defaultColors {
                emit(code)
                p.foreground = -1
                p.background = -1
            }
        }
        if target.foreground >= 0, target.foreground != p.foreground, let code = caps.foreground(Int(target.foreground)) {
            emit(code)
            p.foreground = target.foreground
        }
        if target.background >= 0, target.background != p.background, let code = caps.background(Int(target.background)) {
            emit(code)
            p.background = target.background
        }
        flushSGR()
        pen = target
    }

    /// `sgr0` (and `op` where it leaves the colours): the terminal's defaults.
    private func reset() -> Pen {
        penWasReset = true
        if let code = capabilities.resetAttributes {
            emit(code)
            if capabilities.resetLeavesLineDrawing { inLineDrawing = false }
        }
        if !capabilities.resetClearsColors, let op = capabilities.defaultColors { emit(op) }
        return Pen()
    }

    private func emit(_ pieces: [SGRPiece]) {
        for piece in pieces {
            switch piece {
            case .parameters(let parameters):
                if !sgr.isEmpty { sgr.append(UInt8(ascii: ";")) }
                if parameters.isEmpty { sgr.append(UInt8(ascii: "0")) } else { sgr += parameters }
            case .raw(let bytes):
                flushSGR()
                output += bytes
            }
        }
    }

    private func flushSGR() {
        guard !sgr.isEmpty else { return }
        output.append(0x1B)
        output.append(UInt8(ascii: "["))
        if sgr != [UInt8(ascii: "0")] { output += sgr }
        output.append(UInt8(ascii: "m"))
        sgr.removeAll(keepingCapacity: true)
    }

    private func setLineDrawing(_ on: Bool) {
        guard inLineDrawing != on else { return }
        if let code = on ? capabilities.enterLineDrawing : capabilities.exitLineDrawing { output += code }
        inLineDrawing = on
    }

    // MARK: The cursor

    /// How the cursor goes along one axis: not at all, by address (`cup`, `vpa`, `hpa`), by the
    /// parameterised relative move (`cud`, `cuf`…), by the one-cell move repeated, or (across) by
    /// a carriage return alone or followed by a move right.
    private enum Way { case none, absolute, relative, single, carriageReturn, returnThenRelative, returnThenSingle }

    /// Bytes of the cheapest way from one cell to another (the cursor's position known).
    private func moveCost(fromX: Int, fromY: Int, toX: Int, toY: Int) -> Int {
        plan(fromX: fromX, fromY: fromY, toX: toX, toY: toY).cost
    }

    /// The cheapest of the three ways both axes have, for `n` cells: `many` the parameterised
    /// move's bytes, `single` the one-cell move's, `address` the axis's absolute address's.
    @inline(__always)
    private static func cheapest(_ n: Int, many: Int, single: Int, address: Int) -> (cost: Int, way: Way) {
        var best = (cost: many, way: Way.relative)
        if single < 64, n * single < best.cost { best = (n * single, .single) }
        if address < best.cost { best = (address, .absolute) }
        return best
    }

    private func plan(fromX: Int, fromY: Int, toX: Int, toY: Int) -> (cost: Int, vertical: Way, horizontal: Way) {
        let c = costs
        let absolute = c.absolute(toY, toX)
        guard fromX >= 0, fromY >= 0 else { return (absolute, .absolute, .absolute) }
        var down = (cost: 0, way: Way.none)
        let dy = toY - fromY
        if dy != 0 {
            let n = abs(dy)
            down = dy > 0 ? Self.cheapest(n, many: c.down(n), single: c.down1, address: c.row(toY))
                          : Self.cheapest(n, many: c.up(n), single: c.up1, address: c.row(toY))
            // A scroll region's margins stop a relative move (a line feed at its bottom scrolls it):
            // across one, only an address goes.
            if regionTop >= 0, down.way != .absolute,
               dy > 0 ? fromY <= regionBottom && toY > regionBottom : fromY >= regionTop && toY < regionTop {
                down = (c.row(toY), .absolute)
            }
        }
        var across = (cost: 0, way: Way.none)
        let dx = toX - fromX
        if dx != 0 {
            let n = abs(dx)
            across = dx > 0 ? Self.cheapest(n, many: c.right(n), single: c.right1, address: c.column(toX))
                            : Self.cheapest(n, many: c.left(n), single: c.left1, address: c.column(toX))
            if dx < 0 { // back to the left margin first, then right
                if toX == 0, c.carriageReturn < across.cost { across = (c.carriageReturn, .carriageReturn) }
                if toX > 0, c.carriageReturn + c.right(toX) < across.cost { across = (c.carriageReturn + c.right(toX), .returnThenRelative) }
                if toX > 0, c.right1 < 64, c.carriageReturn + toX * c.right1 < across.cost { across = (c.carriageReturn + toX * c.right1, .returnThenSingle) }
            }
        }
        let relative = down.cost + across.cost
        return relative < absolute ? (relative, down.way, across.way) : (absolute, .absolute, .absolute)
    }

    /// Moves the cursor to column `x` of row `y` the cheapest way.
    private func moveTo(_ x: Int, _ y: Int) {
        if cursorX == x && cursorY == y { return }
        let caps = capabilities
        if !caps.moveInStandout, let current = pen, !current.attributes.isEmpty {
            setPen(Pen(attributes: [], foreground: current.foreground, background: current.background))
        }
        let way = plan(fromX: cursorX, fromY: cursorY, toX: x, toY: y)
        if way.vertical == .absolute && way.horizontal == .absolute, let cup = caps.cursorAddress {
            cup.append(y, x, to: &output)
        } else {
            let dy = y - cursorY, dx = x - cursorX
            switch way.horizontal {
            case .carriageReturn, .returnThenRelative, .returnThenSingle: output += caps.carriageReturn!
            default: break
            }
            switch way.vertical {
            case .none, .carriageReturn, .returnThenRelative, .returnThenSingle: break
            case .absolute: caps.rowAddress!.append(y, to: &output)
            case .relative: (dy > 0 ? caps.cursorDown : caps.cursorUp)!.append(abs(dy), to: &output)
            case .single: let one = dy > 0 ? lineFeedDown! : caps.cursorUp1!; for _ in 0..<abs(dy) { output += one }
            }
            switch way.horizontal {
            case .none, .carriageReturn: break
            case .absolute: caps.columnAddress!.append(x, to: &output)
            case .relative: (dx > 0 ? caps.cursorRight : caps.cursorLeft)!.append(abs(dx), to: &output)
            case .single: let one = dx > 0 ? caps.cursorRight1! : caps.cursorLeft1!; for _ in 0..<abs(dx) { output += one }
            case .returnThenRelative: caps.cursorRight!.append(x, to: &output)
            case .returnThenSingle: for _ in 0..<x { output += caps.cursorRight1! }
            }
        }
        cursorX = x
        cursorY = y
    }

    // MARK: Scrolling

    /// About the bytes it takes to make the terminal's row `z` (nil: a blank row) show wanted row
    /// `y`: a byte a cell that differs, and a cursor move's worth for each run of them, up to
    /// `limit` (past it, the row is as good as written whole either way). An estimate: cells
    /// compare by their bits, blanks by their background.
    private func differences(wanted y: Int, shown z: Int?, limit: Int, fill: Cell = .blank) -> Int {
        let key = wantedKey(y) // with its chunks'
        if let z, shownKeys[z] != 0, shownKeys[z] == key { return 0 } // written from the same cells
        let width = size.width, a = y * width, b = z.map { shownRows[$0] } ?? 0
        var n = 0, previousSame = true
        let chunks = chunkCount
        wanted.withUnsafeBufferPointer { wantedCells in
            shown.withUnsafeBufferPointer { shownCells in
                let w = wantedCells.baseAddress! + a
                // Counts the cells of [x0, x1) that differ; false once past the limit.
                @inline(__always) func count(_ x0: Int, _ x1: Int, _ cell: (Int) -> Cell) -> Bool {
                    for x in x0..<x1 {
                        let same = Self.cellLooksSame(w[x], cell(x))
                        if !same {
                            n += previousSame ? 6 : 1
                            if n >= limit { return false }
                        }
                        previousSame = same
                    }
                    return true
                }
                guard let z else {
                    _ = count(0, width) { _ in fill }
                    return
                }
                let s = shownCells.baseAddress! + b
                if memcmp(w, s, width * MemoryLayout<Cell>.stride) == 0 { return }
                wantedChunkKeys.withUnsafeBufferPointer { wantedChunks in
                    shownChunkKeys.withUnsafeBufferPointer { shownChunks in
                        let wk = wantedChunks.baseAddress! + y * chunks, sk = shownChunks.baseAddress! + z * chunks
                        var x0 = 0
                        for j in 0..<chunks {
                            let x1 = min(width, x0 + Self.chunkColumns)
                            let shownKey = sk[j], wantedKey = wk[j]
                            // A chunk written from the same cells: all of it the same (wantedKey(y) above worked the keys out).
                            if shownKey != 0, shownKey == wantedKey {
                                previousSame = true
                            } else if shownKey != 0, !shownBitsMayDiffer {
                                // Two chunks of known cells: their count is remembered (the rows beside a
                                // popup whose list scrolled meet the same rows k away at every key).
                                let counted = chunkDifferences(wanted: wantedKey, shown: shownKey) {
                                    var nSame = 0, nDifferent = 0, previous = true
                                    for x in x0..<x1 {
                                        let same = Self.cellLooksSame(w[x], s[x])
                                        if !same {
                                            nSame += x == x0 ? 6 : previous ? 6 : 1
                                            nDifferent += x == x0 ? 1 : previous ? 6 : 1
                                        }
                                        previous = same
                                    }
                                    return (nSame, nDifferent, previous)
                                }
                                n += previousSame ? counted.ifSame : counted.ifDifferent
                                previousSame = counted.endsSame
                                if n >= limit { return }
                            } else if !count(x0, x1, { s[$0] }) { return }
                            x0 = x1
                        }
                    }
                }
            }
        }
        return min(n, limit)
    }

    /// What `differences` counts for a chunk of wanted cells (key `wanted`) over a chunk of the
    /// terminal's (key `shown`), after a cell that looked the same or one that did not, and whether
    /// its last cell looks the same: remembered by the two keys (`chunkCounts`), else `count()`.
    /// (The terminal's cells are what writing and erasing the wanted cells of its key left: a
    /// non-blank cell in their bits, a blank in their background, the cells compare the same way
    /// whatever their neighbours were; not so where `shownBitsMayDiffer`.)
    @inline(__always)
    private func chunkDifferences(wanted: UInt64, shown: UInt64, _ count: () -> (Int, Int, Bool)) -> (ifSame: Int, ifDifferent: Int, endsSame: Bool) {
        let slot = Int(truncatingIfNeeded: ((wanted &* 0x9E37_79B9_7F4A_7C15) ^ shown) >> 56)
        let known = chunkCounts[slot]
        if known.wanted == wanted, known.shown == shown { return (Int(known.ifSame), Int(known.ifDifferent), known.endsSame) }
        let (ifSame, ifDifferent, endsSame) = count()
        chunkCounts[slot] = (wanted, shown, Int32(ifSame), Int32(ifDifferent), endsSame)
        return (ifSame, ifDifferent, endsSame)
    }

    /// Whether the terminal's cell `s` shows what wanted cell `w` shows, by their bits (blanks by
    /// their background): the scroll decision's estimate.
    @inline(__always)
    private static func cellLooksSame(_ w: Cell, _ s: Cell) -> Bool {
        guard s.grapheme == w.grapheme, s.width == w.width else { return false }
        if s.styleBits == w.styleBits { return true }
        return w.width == 1 && w.grapheme == .space && s.styleBits != .max
            && BlankStyleSharing.canShare(w.styleBits, s.styleBits) && BlankStyleSharing.canShare(s.styleBits, w.styleBits)
    }

    /// Scrolls the rows of `move` with the terminal's own scroll where the rows it brings leave
    /// fewer cells to write than writing them where they are.
    private func scroll(_ move: RowMove) {
        let caps = capabilities
        let width = size.width, height = size.height
        let top = max(0, move.rect.minY), bottom = min(height, move.rect.maxY) // rows [top, bottom)
        let k = abs(move.dy)
        guard k > 0, bottom - top > k, let cup = caps.cursorAddress else { return }
        let regionWay = caps.scrollRegion != nil && (move.dy < 0 ? (caps.scrollForward1 != nil || caps.scrollForward != nil)
                                                                  : (caps.scrollReverse1 != nil || caps.scrollReverse != nil))
        let lineWay = caps.insertLines != nil && caps.deleteLines != nil
        guard regionWay || lineWay else { return }
        let n = bottom - top
        let limit = 64
        // Where an erase takes the current background (bce), the rows that come in take the
        // background the area's first column wants, so they need not be written blank again.
        var fill = Cell.blank
        if caps.backColorErase {
            let bits = wanted[(move.dy < 0 ? bottom - 1 : top) * width].styleBits & (0x1FF << 9)
            fill = Cell(grapheme: .space, width: 1, styleBits: bits)
        }
        // Per row: cells to write if nothing scrolls, if its content comes from k rows away, if it
        // comes blank; and the sums of each over the rows before a row (`stayP[i]`: rows [0, i)).
        let room = 7 * n + 4
        if scrollScratch.count < room { scrollScratch = [Int](repeating: 0, count: room) }
        let bestRegion: (Int, Int)? = scrollScratch.withUnsafeMutableBufferPointer { scratch in
            let base = scratch.baseAddress!
            let stay = base, shifted = base + n, blank = base + 2 * n
            let stayP = base + 3 * n, shiftedP = stayP + n + 1, blankP = shiftedP + n + 1
            for i in 0..<n {
                let y = top + i
                let from = move.dy < 0 ? y + k : y - k
                shifted[i] = from >= top && from < bottom ? differences(wanted: y, shown: from, limit: limit) : limit
                // Only the k rows at either end can come in blank.
                blank[i] = i < k || i >= n - k ? differences(wanted: y, shown: nil, limit: limit, fill: fill) : limit
                stay[i] = differences(wanted: y, shown: y, limit: limit)
            }
            stayP[0] = 0; shiftedP[0] = 0; blankP[0] = 0
            for i in 0..<n {
                stayP[i + 1] = stayP[i] + stay[i]
                shiftedP[i + 1] = shiftedP[i] + shifted[i]
                blankP[i + 1] = blankP[i] + blank[i]
            }
            return Self.cheapestRegion(n: n, k: k, up: move.dy < 0, stayP: stayP, shiftedP: shiftedP, blankP: blankP,
                                       scratch: blankP + n + 1, overhead: scrollCost(top, bottom - 1, k, up: move.dy < 0)) // about the same for any rows of the area
        }.map { (top + $0.0, top + $0.1) }
        guard let (a, b) = bestRegion else { return }
        // New lines take the current background where the terminal erases so (bce): the fill's.
        setPen(Pen(attributes: [], foreground: -1, background: penFor(fill.styleBits).background))
        setLineDrawing(false)
        let up = move.dy < 0
        if regionWay, let csr = caps.scrollRegion {
            if regionTop != a || regionBottom != b {
                csr.append(a, b, to: &output)
                regionTop = a
                regionBottom = b
            }
            cup.append(up ? b : a, 0, to: &output)
            if let one = up ? caps.scrollForward1 : caps.scrollReverse1, k * one.count <= (up ? caps.scrollForward : caps.scrollReverse).map({ $0.cost(k) }) ?? Int.max {
                for _ in 0..<k { output += one }
            } else {
                (up ? caps.scrollForward : caps.scrollReverse)!.append(k, to: &output)
            }
        } else {
            resetScrollRegion() // il and dl work inside the region
            let deleteAt = up ? a : b - k + 1, insertAt = up ? b - k + 1 : a
            cup.append(deleteAt, 0, to: &output)
            caps.deleteLines!.append(k, to: &output)
            cup.append(insertAt, 0, to: &output)
            caps.insertLines!.append(k, to: &output)
        }
        cursorX = -1
        cursorY = -1
        // The terminal's copy, moved the same way.
        // The rows that stay in the region go k up (or down) as one block; the k that come in are blank.
        let (to, from, fresh) = up ? (a, a + k, b - k + 1) : (a + k, a, a)
        // The cells stay where they are in `shown`: the rows' starts turn k up (or down) in the
        // region, and the k that go out come back as the fresh ones, blank.
        let turn = up ? k : b - a + 1 - k // the region's starts turned this many up
        func reverseRows(_ range: Range<Int>) {
            var part = UnsafeMutableBufferPointer(start: shownRows.base + range.lowerBound, count: range.count)
            part.reverse()
        }
        reverseRows(a..<a + turn)
        reverseRows((a + turn)..<(b + 1))
        reverseRows(a..<(b + 1))
        shown.withUnsafeMutableBufferPointer { cells in
            let base = cells.baseAddress!
            for y in fresh..<fresh + k { (base + shownRows[y]).update(repeating: fill, count: width) }
        }
        shownKeys.withUnsafeMutableBufferPointer { keys in
            let base = keys.baseAddress!
            (base + to).update(from: base + from, count: b - a + 1 - k)
            (base + fresh).update(repeating: 0, count: k)
        }
        let chunks = chunkCount
        shownChunkKeys.withUnsafeMutableBufferPointer { keys in
            let base = keys.baseAddress!
            (base + to * chunks).update(from: base + from * chunks, count: (b - a + 1 - k) * chunks)
            (base + fresh * chunks).update(repeating: 0, count: k * chunks)
        }
        for y in fresh..<fresh + k { markFillShown(row: y, fill: fill) }
        for y in a...b { touched[y] = true }
    }

    /// Row `y` came in blank (`fill`) with a scroll: each of its chunks whose wanted cells are all
    /// blanks on the fill's background looks the same already, and takes the wanted chunk's key
    /// (the blanks beside a popup's list are stepped over whole, not looked at cell by cell).
    private func markFillShown(row y: Int, fill: Cell) {
        _ = wantedKey(y) // the chunks' keys
        let width = size.width, chunks = chunkCount, background = fill.styleBits & (0x1FF << 9)
        var all = true
        wanted.withUnsafeBufferPointer { cells in
            let row = cells.baseAddress! + y * width
            var x0 = 0
            for j in 0..<chunks {
                let x1 = min(width, x0 + Self.chunkColumns)
                var x = x0
                while x < x1, BlankStyleSharing.isBlank(row[x]), row[x].styleBits & (0x1FF << 9) == background { x += 1 }
                if x == x1 { shownChunkKeys[y * chunks + j] = wantedChunkKeys[y * chunks + j] } else { all = false }
                x0 = x1
            }
        }
        if all { shownKeys[y] = wantedKey(y) }
    }

    /// The region `[a, b]` (rows of the area, `0 ≤ a`, `a + k ≤ b < n`) whose scroll leaves the
    /// fewest bytes, where that is fewer than not scrolling (`stayP[n]`); the first such in the
    /// order (a, then b) on a tie. A region's cost is the rows outside it as they are, the rows
    /// that move as from k away, the k that come in blank, and `overhead`: up, that is
    /// `A(a) + B(b)` with `A(a) = stayP[a] - shiftedP[a]` and
    /// `B(b) = stayP[n] - stayP[b+1] + shiftedP[b+1-k] + blankP[b+1] - blankP[b+1-k]` (down the
    /// same with the moved and fresh rows the other way round), so one pass over the rows finds
    /// it rather than one over every pair. `leastLastFrom`: room for n + 1 values.
    static func cheapestRegion(n: Int, k: Int, up: Bool, stayP: UnsafeMutablePointer<Int>, shiftedP: UnsafeMutablePointer<Int>,
                               blankP: UnsafeMutablePointer<Int>, scratch leastLastFrom: UnsafeMutablePointer<Int>,
                               overhead: Int) -> (Int, Int)? {
        guard n - k > 0 else { return nil }
        @inline(__always) func first(_ a: Int) -> Int {
            up ? stayP[a] - shiftedP[a] : stayP[a] - shiftedP[a + k] + blankP[a + k] - blankP[a]
        }
        @inline(__always) func last(_ b: Int) -> Int {
            up ? stayP[n] - stayP[b + 1] + shiftedP[b + 1 - k] + blankP[b + 1] - blankP[b + 1 - k]
               : stayP[n] - stayP[b + 1] + shiftedP[b + 1]
        }
        // The least total: for each b, the least A(a) over a ≤ b - k.
        var leastFirst = Int.max, best = stayP[n]
        for b in k..<n {
            leastFirst = min(leastFirst, first(b - k))
            let total = leastFirst + last(b) + overhead
            if total < best { best = total }
        }
        guard best < stayP[n] else { return nil }
        // The first a that reaches it with some b ≥ a + k, then its first b.
        var leastLast = Int.max
        leastLastFrom[n] = Int.max // [b]: the least B(b') over b' ≥ b
        for b in stride(from: n - 1, through: k, by: -1) {
            leastLast = min(leastLast, last(b))
            leastLastFrom[b] = leastLast
        }
        for a in 0..<(n - k) where first(a) + leastLastFrom[a + k] + overhead == best {
            let wanted = best - overhead - first(a)
            for b in (a + k)..<n where last(b) == wanted { return (a, b) }
        }
        return nil
    }

    /// The whole screen the scroll region again, where a scroll left it smaller (before the
    /// terminal goes to another program, a repaint, `il`/`dl`).
    private func resetScrollRegion() {
        guard regionTop >= 0 else { return }
        regionTop = -1
        regionBottom = -1
        // (A screen of one row has no region to set: the terminal put the whole screen back at the resize.)
        guard let csr = capabilities.scrollRegion, size.height > 1 else { return }
        csr.append(0, size.height - 1, to: &output)
        cursorX = -1 // csr puts the cursor home on some terminals
        cursorY = -1
    }

    /// Bytes to scroll rows `[a, b]` by `k`.
    private func scrollCost(_ a: Int, _ b: Int, _ k: Int, up: Bool) -> Int {
        let caps = capabilities
        var best = Int.max / 2
        if let csr = caps.scrollRegion, let cup = caps.cursorAddress {
            var lines = Int.max / 2
            if let one = up ? caps.scrollForward1 : caps.scrollReverse1 { lines = k * one.count }
            if let many = up ? caps.scrollForward : caps.scrollReverse { lines = min(lines, many.cost(k)) }
            best = csr.cost(a, b) + cup.cost(up ? b : a, 0) + lines + csr.cost(0, size.height - 1)
        }
        if let il = caps.insertLines, let dl = caps.deleteLines, let cup = caps.cursorAddress {
            best = min(best, 2 * cup.cost(a, 0) + il.cost(k) + dl.cost(k))
        }
        return best + 8 // the cursor's way back, and the attribute reset before
    }
}

/// What each cursor move costs a terminal, in bytes, for a screen's sizes: worked out once (when the
/// size changes) from the capabilities' templates, so choosing a move is table lookups. A class
/// whose tables are its own storage: a move's plan reads them without a copy, a retain or a
/// bounds check beyond the size's.
final class MoveCosts {
    private static let none = Int.max / 8
    private let rightN: FixedBuffer<Int>, leftN: FixedBuffer<Int>, upN: FixedBuffer<Int>, downN: FixedBuffer<Int>
    private let columns: FixedBuffer<Int>, rows: FixedBuffer<Int>
    private let addressRows: FixedBuffer<Int>, addressColumns: FixedBuffer<Int>
    let right1: Int, left1: Int, up1: Int, down1: Int, carriageReturn: Int

    init(_ caps: TerminalCapabilities, lineFeedDown: [UInt8]?, size: Size) {
        let none = Self.none
        right1 = caps.cursorRight1?.count ?? none
        left1 = caps.cursorLeft1?.count ?? none
        up1 = caps.cursorUp1?.count ?? none
        down1 = lineFeedDown?.count ?? none
        carriageReturn = caps.carriageReturn?.count ?? none
        let w = max(1, size.width) + 1, h = max(1, size.height) + 1
        func table(_ count: Int, _ cost: (Int) -> Int) -> FixedBuffer<Int> {
            let table = FixedBuffer(repeating: none, count: count)
            for n in 0..<count { table[n] = cost(n) }
            return table
        }
        func table(_ template: CapabilityTemplate?, _ count: Int) -> FixedBuffer<Int> {
            guard let template else { return FixedBuffer(repeating: none, count: count) }
            return table(count) { template.cost($0) }
        }
        rightN = table(caps.cursorRight, w)
        leftN = table(caps.cursorLeft, w)
        upN = table(caps.cursorUp, h)
        downN = table(caps.cursorDown, h)
        columns = table(caps.columnAddress, w)
        rows = table(caps.rowAddress, h)
        // cup: its fixed part with the row, the column's digits beside (the two add up).
        if let cup = caps.cursorAddress {
            let base = cup.cost(0, 0)
            addressRows = table(h) { cup.cost($0, 0) }
            addressColumns = table(w) { cup.cost(0, $0) - base }
        } else {
            addressRows = FixedBuffer(repeating: none, count: h)
            addressColumns = FixedBuffer(repeating: 0, count: w)
        }
    }

    deinit {
        for table in [rightN, leftN, upN, downN, columns, rows, addressRows, addressColumns] { table.free() }
    }

    @inline(__always) func absolute(_ y: Int, _ x: Int) -> Int {
        UInt(y) < UInt(addressRows.count) && UInt(x) < UInt(addressColumns.count) ? addressRows.base[y] + addressColumns.base[x] : Self.none
    }
    @inline(__always) func right(_ n: Int) -> Int { Self.look(rightN, n) }
    @inline(__always) func left(_ n: Int) -> Int { Self.look(leftN, n) }
    @inline(__always) func up(_ n: Int) -> Int { Self.look(upN, n) }
    @inline(__always) func down(_ n: Int) -> Int { Self.look(downN, n) }
    @inline(__always) func column(_ x: Int) -> Int { Self.look(columns, x) }
    @inline(__always) func row(_ y: Int) -> Int { Self.look(rows, y) }
    @inline(__always) private static func look(_ table: FixedBuffer<Int>, _ n: Int) -> Int { UInt(n) < UInt(table.count) ? table.base[n] : none }
}
