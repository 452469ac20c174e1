/// A scrolling list of rows, virtualized: only the rows that fit on screen
/// exist as views, and only they are configured — a list of a million rows
/// costs what its visible rows cost. Selection moves with ↑/↓, `k`/`j`,
/// ^P/^N, PgUp/PgDn, Home/End and clicks; Enter (or a click on the selected
/// row) selects; the wheel scrolls. `onNearEnd` asks for the next page when
/// the selection comes within `nearEndThreshold` rows of the end.
///
/// ```swift
/// let list = ListView()
/// list.configureRow = { row, index, selected in
///     (row as? ListRowLabel)?.configure(text: names[index], selected: selected)
/// }
/// list.onSelect = { index in open(names[index]) }
/// list.reloadData(numberOfRows: names.count)
/// ```
@MainActor
open class ListView: View {
    /// The list's styles.
    public struct ViewConfig {
        /// The style of a row that is not selected.
        public var row: Style
        /// The style of the selected row.
        public var selectedRow: Style
        /// The quiet style of what is not a row: the empty list's text and the scroll mark.
        public var secondary: Style
    }

    /// How many rows there are.
    @exclusivity(unchecked) public private(set) var numberOfRows = 0 { didSet { if (numberOfRows == 0) != (oldValue == 0) { setNeedsKeyCommandsUpdate() } } }
    /// Rows are this many lines high.
    @exclusivity(unchecked) public var rowHeight = 1 { didSet { setNeedsLayout() } }
    /// Makes a row view (called only for rows that become visible, then reused).
    @exclusivity(unchecked) public var makeRowView: () -> View = { ListRowLabel() }
    /// Fills a row view for a row index; `selected` says whether it is the selection.
    @exclusivity(unchecked) public var configureRow: (_ row: View, _ index: Int, _ selected: Bool) -> Void = { _, _, _ in }
    /// Enter on a row (or a click on the selected row).
    public var onSelect: ((Int) -> Void)? { didSet { if (onSelect == nil) != (oldValue == nil) { setNeedsKeyCommandsUpdate() } } }
    /// The selection moved.
    @exclusivity(unchecked) public var onSelectionChange: ((Int?) -> Void)?
    /// The selection came near the end (for paging).
    @exclusivity(unchecked) public var onNearEnd: (() -> Void)?
    /// How near the end (in rows) the selection comes before `onNearEnd` is called.
    @exclusivity(unchecked) public var nearEndThreshold = 5
    /// The selection came near the start (for a list paged from either end: rows before the first may be read).
    @exclusivity(unchecked) public var onNearStart: (() -> Void)?
    /// Home and End (`g`/`G`): return true when the owner took care of it
    /// (a paged list reading its first or last page); otherwise the selection
    /// moves to the first or last row.
    @exclusivity(unchecked) public var onHome: (() -> Bool)?
    /// See `onHome`.
    @exclusivity(unchecked) public var onEnd: (() -> Bool)?
    /// Where the first visible row sits in the whole list (0...1), for the
    /// scroll mark of a list whose rows are a window onto a longer one; nil
    /// (or no closure): the rows are the whole list.
    @exclusivity(unchecked) public var scrollMarkPosition: ((_ topRow: Int) -> Double?)?
    /// Whether `j`/`k`/`g`/`G` move the selection (false where letters are type-ahead).
    public var lettersMoveSelection = true { didSet { madeCommands = nil; setNeedsKeyCommandsUpdate() } }
    /// Shown when there are no rows.
    public var emptyText = "Nothing here" { didSet { setNeedsDisplay() } }
    /// The styles it draws with: those given to `init`, else the current theme's, looked up when it draws
    /// (a change of `Theme.current` shows at the next full redraw, nothing rebuilt).
    public var viewConfig: ViewConfig { givenConfig ?? .defaultConfig }
    private let givenConfig: ViewConfig?

    /// The selected row; nil when the list is empty or nothing is selected.
    @exclusivity(unchecked) public private(set) var selectedIndex: Int? { didSet { if (selectedIndex == nil) != (oldValue == nil) { setNeedsKeyCommandsUpdate() } } }
    /// The first visible row.
    @exclusivity(unchecked) public private(set) var topIndex = 0
    /// How many times a row was configured (tests check that only visible rows are).
    @exclusivity(unchecked) public private(set) var configuredRowCount = 0
    /// Where the scroll mark was drawn last (nil: not drawn).
    @exclusivity(unchecked) private var drawnMarkRow: Int?

    @exclusivity(unchecked) private var rowViews: [View] = []
    @exclusivity(unchecked) private var lastNearEndRequestCount = -1

    /// An empty list; pass `viewConfig` to fix its styles, else it follows the theme. Give it rows with `reloadData(numberOfRows:)`.
    public init(viewConfig: ViewConfig? = nil) {
        self.givenConfig = viewConfig
        super.init(frame: .zero)
    }

    open override var canBecomeFirstResponder: Bool { !isHidden }

    /// How many rows fit.
    public var visibleRowCount: Int { max(1, bounds.height / max(1, rowHeight)) }

    /// Sets the row count (keeping the selection where it can) and redraws the
    /// visible rows. `shift`: rows were added (or dropped, negative) before
    /// the first one, so the selection and the scroll position move with the
    /// rows they were on.
    public func reloadData(numberOfRows count: Int, shiftedBy shift: Int = 0) {
        numberOfRows = max(0, count)
        if shift != 0 {
            topIndex += shift
            if let s = selectedIndex { selectedIndex = max(0, s + shift) }
        }
        if numberOfRows == 0 {
            selectedIndex = nil
        } else if let s = selectedIndex {
            selectedIndex = min(s, numberOfRows - 1)
        } else {
            selectedIndex = 0
        }
        // New rows: the edges may be asked for again (once per reload, not once per key).
        lastNearEndRequestCount = -1
        lastNearStartRequestCount = nil
        needsReconfigureAll = true
        clampTop()
        setNeedsLayout()
        setNeedsDisplay()
        checkNearEnd()
        checkNearStart()
    }

    /// Moves the selection (clamped) and scrolls it into view.
    public func select(_ index: Int?) {
        guard numberOfRows > 0, let index else {
            if selectedIndex != nil { selectedIndex = nil; onSelectionChange?(nil); setNeedsLayout() }
            return
        }
        let clamped = max(0, min(numberOfRows - 1, index))
        guard clamped != selectedIndex else { return }
        let previous = selectedIndex, top = topIndex
        selectedIndex = clamped
        if clamped < topIndex { topIndex = clamped }
        if clamped >= topIndex + visibleRowCount { topIndex = clamped - visibleRowCount + 1 }
        clampTop()
        if topIndex != top || !reconfigureInPlace(previous, clamped) { setNeedsLayout() }
        onSelectionChange?(clamped)
        checkNearEnd()
        checkNearStart()
    }

    /// Scrolls just enough to show row `index`, leaving the selection where it is.
    public func scrollToRow(_ index: Int) {
        guard numberOfRows > 0 else { return }
        let row = max(0, min(numberOfRows - 1, index))
        let top = topIndex
        if row < topIndex { topIndex = row }
        if row >= topIndex + visibleRowCount { topIndex = row - visibleRowCount + 1 }
        clampTop()
        if topIndex != top { setNeedsLayout() }
    }

    private func clampTop() {
        topIndex = max(0, min(topIndex, max(0, numberOfRows - visibleRowCount)))
    }

    private func checkNearEnd() {
        guard let onNearEnd, numberOfRows > 0, let s = selectedIndex else { return }
        let lastVisible = topIndex + visibleRowCount - 1
        if max(s, lastVisible) >= numberOfRows - 1 - nearEndThreshold, lastNearEndRequestCount != numberOfRows {
            lastNearEndRequestCount = numberOfRows
            onNearEnd()
        }
    }

    @exclusivity(unchecked) private var lastNearStartRequestCount: Int?

    private func checkNearStart() {
        guard let onNearStart, numberOfRows > 0, let s = selectedIndex else { return }
        if min(s, topIndex) <= nearEndThreshold, lastNearStartRequestCount != numberOfRows {
            lastNearStartRequestCount = numberOfRows
            onNearStart()
        }
    }

    /// The movement keys (and Enter when something listens), for the chain and for help.
    open override var keyCommands: [KeyCommand] {
        guard numberOfRows > 0 else { return [] }
        // Made once for each set of keys on offer (asked for on every key, and by the help overlay).
        let opens = onSelect != nil && selectedIndex != nil
        if let made = madeCommands, made.opens == opens { return made.commands }
        var commands = ListMovement.commands(letters: lettersMoveSelection) { [unowned self] in self.move($0) }
        if opens {
            commands.append(KeyCommand(.enter, title: "Open", showsInStatusLine: false) { [unowned self] in
                if let s = self.selectedIndex { self.onSelect?(s) }
            })
        }
        madeCommands = (opens, commands)
        return commands
    }

    /// The commands last made, and whether they include Enter.
    @exclusivity(unchecked) private var madeCommands: (opens: Bool, commands: [KeyCommand])?

    open override func handleKey(_ key: Key) -> Bool {
        guard numberOfRows > 0 else { return false }
        if let movement = ListMovement(key, letters: lettersMoveSelection) {
            move(movement)
            return true
        }
        guard key == .enter, let onSelect, let s = selectedIndex else { return false }
        onSelect(s)
        return true
    }

    private func move(_ movement: ListMovement) {
        let current = selectedIndex ?? 0
        switch movement {
        case .next: select(current + 1)
        case .previous: select(current - 1)
        case .pageDown: select(current + visibleRowCount)
        case .pageUp: select(current - visibleRowCount)
        case .first: if onHome?() != true { select(0) }
        case .last: if onEnd?() != true { select(numberOfRows - 1) }
        }
    }

    open override func mouseDown(at point: Point) -> Bool {
        let index = topIndex + point.y / max(1, rowHeight)
        guard index < numberOfRows else { return true }
        if index == selectedIndex { onSelect?(index) } else { select(index) }
        return true
    }

    open override func scrollWheel(up: Bool, at point: Point) -> Bool {
        guard numberOfRows > 0 else { return false }
        topIndex += up ? -3 : 3
        clampTop()
        if let s = selectedIndex {
            if s < topIndex { select(topIndex) } else if s >= topIndex + visibleRowCount { select(topIndex + visibleRowCount - 1) }
        }
        checkNearEnd()
        checkNearStart()
        setNeedsLayout()
        setNeedsDisplay()
        return true
    }

    open override func layoutSubviews() {
        // A row's content may follow the list's width (columns that fit): a new width configures every row again.
        if let last = lastLayout, last.size.width != bounds.size.width { needsReconfigureAll = true }
        if let last = lastLayout, last.size != bounds.size, let s = selectedIndex {
            // A resize keeps the selection on screen.
            if s < topIndex { topIndex = s }
            if s >= topIndex + visibleRowCount { topIndex = s - visibleRowCount + 1 }
        }
        clampTop()
        let needed = numberOfRows == 0 ? 0 : min(visibleRowCount, numberOfRows - topIndex)
        while rowViews.count < needed {
            let row = makeRowView()
            row.isUserInteractionEnabled = false // clicks land on the list
            rowViews.append(row)
            assignments.append(nil)
            addSubview(row)
        }
        // Rows still on screen after a scroll keep their view and content; only
        // rows that came into view (or changed selection) are configured. When
        // nothing covers the list, what is drawn moves in the buffer instead of
        // being drawn again.
        let visible = topIndex..<(topIndex + needed)
        var moved = false
        if let lastTop = lastLayout?.top, lastTop != topIndex, lastLayout?.size == bounds.size, !needsReconfigureAll,
           abs(lastTop - topIndex) < visibleRowCount, let window, isUnobscured {
            let rect = frameInWindow, dy = (lastTop - topIndex) * rowHeight
            window.moveContent(of: rect, dy: dy)
            // The scroll mark: where it was (rows nothing moves into keep it), the copy the move
            // made of it, and where it goes; the rest of its column moved with the rows. One
            // stretch of the column from the first of these to the last: one walk of the view
            // tree where three cells would cost up to three (the cells between are drawn as they
            // already are).
            var first = Int.max, last = Int.min
            func take(_ row: Int?) { if let row { first = min(first, row); last = max(last, row) } }
            take(drawnMarkRow)
            take(drawnMarkRow.map { $0 + dy })
            take(scrollMarkRow(height: bounds.height))
            if first <= last { invalidate(Rect(x: bounds.width - 1, y: first, width: 1, height: last - first + 1)) }
            moved = true
        }
        lastLayout = (topIndex, bounds.size)
        if needsReconfigureAll { // the data changed: nothing on hand is current
            for slot in assignments.indices { assignments[slot] = nil }
        }
        // The slot (row view) already showing each visible position, -1 for none; a handful of
        // rows, so arrays by position and by slot rather than hashing. The arrays of the last
        // layout are taken (their storage reused) and given back at the end; a layout run from
        // inside this one would make its own.
        var slotAt: [Int] = [], free: [Int] = [], used: [Bool] = []
        swap(&slotAt, &self.slotAt)
        swap(&free, &freeSlots)
        swap(&used, &usedSlots)
        defer {
            swap(&slotAt, &self.slotAt)
            swap(&free, &freeSlots)
            swap(&used, &usedSlots)
        }
        slotAt.removeAll(keepingCapacity: true)
        slotAt.append(contentsOf: repeatElement(-1, count: needed))
        free.removeAll(keepingCapacity: true)
        for slot in assignments.indices {
            if !needsReconfigureAll, let a = assignments[slot], visible.contains(a.index), slotAt[a.index - topIndex] < 0 {
                slotAt[a.index - topIndex] = slot
            } else {
                free.append(slot)
            }
        }
        needsReconfigureAll = false
        used.removeAll(keepingCapacity: true)
        used.append(contentsOf: repeatElement(false, count: rowViews.count))
        var nextFree = 0
        // When most rows change (a jump, new data), redraw the list once instead of row by row.
        var changing = 0
        for slot in slotAt where slot < 0 { changing += 1 }
        func configureAll() {
            for position in 0..<needed {
                let index = topIndex + position
                let selected = index == selectedIndex && (isFirstResponder || !showsSelectionOnlyWhenFocused)
                var slot = slotAt[position]
                if slot < 0 { slot = free[nextFree]; nextFree += 1 }
                used[slot] = true
                let row = rowViews[slot]
                row.isHidden = false
                let rowFrame = Rect(x: 0, y: position * rowHeight, width: bounds.width, height: rowHeight)
                // After a move the rows' old places hold what moved there: a row taken for new
                // content is drawn at its new place only (configuring it below asks for that).
                if moved { row.setFrameWithoutRedraw(rowFrame) } else { row.frame = rowFrame }
                if assignments[slot]?.index != index || assignments[slot]?.selected != selected {
                    if moved {
                        // Its old picture moved away with the buffer: the whole row is drawn again,
                        // asked for once (what configuring it asks for lies inside it).
                        withCoalescedInvalidation(of: rowFrame) { configure(row, index, selected) }
                    } else {
                        configure(row, index, selected)
                    }
                    configuredRowCount += 1
                    assignments[slot] = (index, selected)
                }
            }
        }
        if changing * 2 > needed, !moved {
            withCoalescedInvalidation(of: bounds, configureAll)
        } else {
            configureAll()
        }
        for slot in rowViews.indices where !used[slot] {
            rowViews[slot].isHidden = true
            assignments[slot] = nil
        }
    }

    /// Configures again the rows on screen for these indexes (a selection
    /// that moved without scrolling), laying out nothing; false when the rows
    /// on hand are not current and a layout pass must do it.
    private func reconfigureInPlace(_ first: Int?, _ second: Int) -> Bool {
        guard !needsLayout, !needsReconfigureAll, let last = lastLayout, last.top == topIndex, last.size == bounds.size else { return false }
        if let first { reconfigure(first) }
        reconfigure(second)
        return true
    }

    /// Configures the row on screen for `index` again if its selection look changed.
    private func reconfigure(_ index: Int) {
        guard let slot = assignments.firstIndex(where: { $0?.index == index }) else { return }
        let selected = index == selectedIndex && (isFirstResponder || !showsSelectionOnlyWhenFocused)
        guard assignments[slot]?.selected != selected else { return }
        configure(rowViews[slot], index, selected)
        configuredRowCount += 1
        assignments[slot] = (index, selected)
    }

    @exclusivity(unchecked) private var assignments: [(index: Int, selected: Bool)?] = []
    @exclusivity(unchecked) private var lastLayout: (top: Int, size: Size)?
    @exclusivity(unchecked) private var needsReconfigureAll = true
    /// A layout's working arrays, kept between layouts so a scroll allocates none: the slot shown
    /// at each position (-1: none yet), the slots free to take new content, the slots in use.
    @exclusivity(unchecked) private var slotAt: [Int] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    @exclusivity(unchecked) private var usedSlots: [Bool] = []

    /// Fills a row through `configureRow`; while the window shows its content as stale, a default
    /// row that is not the selection is drawn in the quiet style.
    private func configure(_ row: View, _ index: Int, _ selected: Bool) {
        configureRow(row, index, selected)
        if !selected, window?.showsContentAsStale == true, let label = row as? ListRowLabel { label.style = viewConfig.secondary }
    }

    /// The window's content became stale, or current again: every row is configured anew.
    func staleDidChange() { reconfigureAll() }

    /// Show the selection highlight only while the list has the focus.
    @exclusivity(unchecked) public var showsSelectionOnlyWhenFocused = false

    open override func focusDidChange() { reconfigureAll() }

    /// Every row on screen configured anew at the next layout (the selection's look or the rows' style changed).
    private func reconfigureAll() {
        needsReconfigureAll = true
        setNeedsLayout()
        setNeedsDisplay()
    }

    open override func draw(in canvas: Canvas) {
        if numberOfRows == 0 {
            let text = TextLayout.truncate(emptyText, toWidth: canvas.size.width)
            let x = TextLayout.offset(forLineWidth: DisplayWidth.of(text), in: canvas.size.width, alignment: .center)
            canvas.write(text, at: Point(x: x, y: canvas.size.height / 2), style: viewConfig.secondary)
        }
    }

    open override func drawOverlay(in canvas: Canvas) {
        // A scroll bar mark on the right edge when there is more than fits.
        drawnMarkRow = scrollMarkRow(height: canvas.size.height)
        guard let position = drawnMarkRow, canvas.shows(Rect(x: canvas.size.width - 1, y: position, width: 1, height: 1)) else { return }
        canvas.write(Glyphs.current.scrollMark, at: Point(x: canvas.size.width - 1, y: position), style: viewConfig.secondary)
    }

    /// The row of the scroll mark in a list `h` rows tall, nil when there is none.
    private func scrollMarkRow(height h: Int) -> Int? {
        let whole = scrollMarkPosition?(topIndex)
        guard numberOfRows > visibleRowCount || whole != nil, h > 1 else { return nil }
        let fraction = whole ?? Double(topIndex) / Double(max(1, numberOfRows - visibleRowCount))
        return Int((min(1, max(0, fraction)) * Double(h - 1)).rounded())
    }
}

/// The default row of a `ListView`: one line of text, highlighted when selected.
@MainActor
open class ListRowLabel: Label {
    /// Shows `text`, in the list's selected-row style when `selected`, else its row style.
    public func configure(text: String, selected: Bool, config: ListView.ViewConfig = .defaultConfig) {
        self.text = text
        style = selected ? config.selectedRow : config.row
    }
}

@MainActor
extension ListView.ViewConfig {
    /// The theme's styles: plain rows, the selection colour, secondary text.
    public static var defaultConfig: ListView.ViewConfig {
        let theme = Theme.live
        return ListView.ViewConfig(row: .plain, selectedRow: theme.selection, secondary: theme.secondary)
    }
}
