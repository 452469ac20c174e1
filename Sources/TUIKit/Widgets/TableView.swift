/// Where a `TableView` gets its rows.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many sections the table has.
    func numberOfSections(in tableView: TableView) -> Int
    /// How many rows `section` has.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The header shown above `section`; nil shows none.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// The row's height at the table's width (rows may differ).
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int
    /// The cell for a row, usually from `tableView.dequeueReusableCell(withIdentifier:)`, filled in.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
}

/// What a `TableView` tells about selection.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// Enter or a click on a row.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
}

/// Rows of different heights in sections with headers. Only the rows on
/// screen have cells; cells are reused by identifier. The selection moves
/// over selectable rows with ↑/↓/j/k, PgUp/PgDn, Home/End; Enter selects.
///
/// ```swift
/// let table = TableView()
/// table.register(StaticValueCell.self, forCellReuseIdentifier: "value")
/// table.dataSource = source       // keep `source` alive: the table holds it weakly
/// table.delegate = source
/// view.addSubview(table)
/// table.pinEdges(to: view)
/// table.reloadData()
/// ```
@MainActor
open class TableView: View {
    /// Where the table gets its sections, rows and cells; held weakly.
    public weak var dataSource: TableViewDataSource?
    /// Told when a row is chosen; held weakly.
    public weak var delegate: TableViewDelegate? { didSet { setNeedsKeyCommandsUpdate() } }
    /// The selected row; nil when there is none.
    public private(set) var selectedIndexPath: IndexPath? {
        didSet { if (selectedIndexPath == nil) != (oldValue == nil) { setNeedsKeyCommandsUpdate() } }
    }
    /// The first visible line.
    public private(set) var contentOffset = 0
    /// The style of section headers.
    public var headerStyle: Style = Theme.live.emphasis

    private enum Item { case header(Int, String), row(IndexPath) }
    private var items: [Item] = []
    private var offsets: [Int] = [] // top line of each item
    private var heights: [Int] = []
    private var reusePool: [String: [TableViewCell]] = [:]
    private var visibleCells: [TableViewCell] = []
    private var needsReload = true

    public override init(frame: Rect = .zero) { super.init(frame: frame) }

    open override var canBecomeFirstResponder: Bool { !isHidden }

    /// All rows, in order.
    public var indexPaths: [IndexPath] {
        items.compactMap { if case .row(let ip) = $0 { ip } else { nil } }
    }

    /// Total height of every header and row.
    public var contentHeight: Int { (offsets.last ?? 0) + (heights.last ?? 0) }

    /// Asks the data source again for everything.
    public func reloadData() {
        needsReload = true
        setNeedsLayout()
        setNeedsDisplay()
    }

    private var registered: [String: TableViewCell.Type] = [:]

    /// Says which cell type `dequeueReusableCell(withIdentifier:)` makes for an identifier.
    public func register(_ type: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registered[identifier] = type
    }

    /// A reused cell for an identifier, or a new one of its registered type (a plain cell if none).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell {
        if var pool = reusePool[identifier], !pool.isEmpty {
            let cell = pool.removeLast()
            reusePool[identifier] = pool
            return cell
        }
        return (registered[identifier] ?? TableViewCell.self).init(reuseIdentifier: identifier)
    }

    /// A reused cell of a type, or a new one.
    public func dequeueReusableCell<Cell: TableViewCell>(withIdentifier identifier: String, as type: Cell.Type = Cell.self) -> Cell {
        if var pool = reusePool[identifier], let i = pool.firstIndex(where: { $0 is Cell }) {
            let cell = pool.remove(at: i) as! Cell
            reusePool[identifier] = pool
            return cell
        }
        return Cell(reuseIdentifier: identifier)
    }

    private func rebuild() {
        items = []
        heights = []
        offsets = []
        guard let dataSource else { return }
        var line = 0
        for section in 0..<dataSource.numberOfSections(in: self) {
            if let title = dataSource.tableView(self, titleForHeaderInSection: section) {
                items.append(.header(section, title)); heights.append(1); offsets.append(line); line += 1
            }
            for row in 0..<dataSource.tableView(self, numberOfRowsInSection: section) {
                let ip = IndexPath(row: row, section: section)
                let h = max(0, dataSource.tableView(self, heightForRowAt: ip))
                items.append(.row(ip)); heights.append(h); offsets.append(line); line += h
            }
        }
        let rows = indexPaths
        if let s = selectedIndexPath, !rows.contains(s) { selectedIndexPath = nil }
        if selectedIndexPath == nil { selectedIndexPath = rows.first(where: isSelectable) }
        needsReload = false
    }

    private func isSelectable(_ ip: IndexPath) -> Bool {
        guard let i = itemIndex(of: ip), heights[i] > 0 else { return false }
        return true
    }

    private func itemIndex(of ip: IndexPath) -> Int? {
        items.firstIndex { if case .row(let r) = $0 { r == ip } else { false } }
    }

    /// Moves the selection to a row and scrolls it into view.
    public func selectRow(at ip: IndexPath) {
        if needsReload { rebuild() }
        guard let i = itemIndex(of: ip) else { return }
        selectedIndexPath = ip
        scrollIntoView(item: i)
        setNeedsLayout()
        setNeedsDisplay()
    }

    private var lastLayoutSize: Size?

    private func scrollSelectionIntoView() {
        guard let s = selectedIndexPath, let i = itemIndex(of: s) else { return }
        scrollIntoView(item: i)
    }

    private func scrollIntoView(item i: Int) {
        let top = offsets[i], bottom = offsets[i] + heights[i]
        // Keep a section's header visible with its first row.
        let headerTop = i > 0 && { if case .header = items[i - 1] { true } else { false } }() ? offsets[i - 1] : top
        if headerTop < contentOffset { contentOffset = headerTop }
        // Before the first layout there is no height yet: the layout brings the selection into view.
        if bounds.height > 0, bottom > contentOffset + bounds.height { contentOffset = max(0, bottom - bounds.height) }
    }

    private func moveSelection(by delta: Int) {
        let rows = indexPaths.filter(isSelectableRow)
        guard !rows.isEmpty else { return }
        let current = selectedIndexPath.flatMap { rows.firstIndex(of: $0) } ?? 0
        selectRow(at: rows[max(0, min(rows.count - 1, current + delta))])
    }

    /// A row the selection may rest on: it has a height and its cell (once seen) is selectable.
    private func isSelectableRow(_ ip: IndexPath) -> Bool {
        isSelectable(ip) && selectableCache[ip] != false
    }

    private var selectableCache: [IndexPath: Bool] = [:]

    /// The movement keys and Enter, for the chain and for help.
    open override var keyCommands: [KeyCommand] {
        var commands = movementCommands
        if delegate != nil, selectedIndexPath != nil {
            commands.append(KeyCommand(.enter, title: "Choose", showsInStatusLine: false) { [unowned self] in _ = self.handleKey(.enter) })
        }
        return commands
    }

    /// Made once (asked for on every key and by the hint bar on every frame).
    private lazy var movementCommands = ListMovement.commands(letters: true) { [unowned self] in self.move($0) }

    open override func handleKey(_ key: Key) -> Bool {
        if needsReload { rebuild() }
        if let movement = ListMovement(key, letters: true) {
            move(movement)
            return true
        }
        guard key == .enter, let s = selectedIndexPath, let delegate else { return false }
        delegate.tableView(self, didSelectRowAt: s)
        return true
    }

    private func move(_ movement: ListMovement) {
        if needsReload { rebuild() }
        switch movement {
        case .next: moveSelection(by: 1)
        case .previous: moveSelection(by: -1)
        case .pageDown: moveSelection(by: max(1, bounds.height / 2))
        case .pageUp: moveSelection(by: -max(1, bounds.height / 2))
        case .first: moveSelection(by: -Int.max / 2)
        case .last: moveSelection(by: Int.max / 2)
        }
    }

    open override func mouseDown(at point: Point) -> Bool {
        if needsReload { rebuild() }
        let line = contentOffset + point.y
        guard let i = offsets.lastIndex(where: { $0 <= line }), case .row(let ip) = items[i], line < offsets[i] + heights[i],
              isSelectableRow(ip) else { return true }
        selectRow(at: ip)
        delegate?.tableView(self, didSelectRowAt: ip)
        return true
    }

    open override func scrollWheel(up: Bool, at point: Point) -> Bool {
        contentOffset = max(0, min(max(0, contentHeight - bounds.height), contentOffset + (up ? -3 : 3)))
        setNeedsLayout()
        setNeedsDisplay()
        return true
    }

    /// The width the heights were asked at: rows that wrap change height with it.
    private var heightsWidth: Int?

    open override func layoutSubviews() {
        if heightsWidth != bounds.width { needsReload = true }
        if needsReload { heightsWidth = bounds.width; rebuild() }
        if let last = lastLayoutSize, last != bounds.size { scrollSelectionIntoView() } // a resize keeps the selection on screen
        lastLayoutSize = bounds.size
        contentOffset = max(0, min(contentOffset, max(0, contentHeight - bounds.height)))
        for cell in visibleCells {
            cell.removeFromSuperview()
            reusePool[cell.reuseIdentifier, default: []].append(cell)
        }
        visibleCells = []
        var shownRows: [IndexPath] = []
        guard let dataSource else { return }
        for (i, item) in items.enumerated() {
            let top = offsets[i] - contentOffset
            guard top + heights[i] > 0, top < bounds.height, case .row(let ip) = item, heights[i] > 0 else { continue }
            let cell = dataSource.tableView(self, cellForRowAt: ip)
            cell.isUserInteractionEnabled = false
            selectableCache[ip] = cell.isSelectable
            cell.isSelected = ip == selectedIndexPath && cell.isSelectable
            cell.frame = Rect(x: 0, y: top, width: bounds.width, height: heights[i])
            addSubview(cell)
            visibleCells.append(cell)
            shownRows.append(ip)
        }
        // The selection rests on a row that turned out not selectable (a header, a spacer): the next one that is.
        if let s = selectedIndexPath, selectableCache[s] == false {
            let rows = indexPaths
            if let i = rows.firstIndex(of: s), let next = rows[i...].first(where: isSelectableRow) ?? rows[..<i].last(where: isSelectableRow) {
                selectRow(at: next)
                // The cells on screen show it now, in this layout: the row Enter acts on is the
                // one drawn selected (the table opened with a heading first showed none).
                for (cell, ip) in zip(visibleCells, shownRows) { cell.isSelected = ip == next && cell.isSelectable }
            }
        }
    }

    open override func draw(in canvas: Canvas) {
        for (i, item) in items.enumerated() {
            guard case .header(_, let title) = item else { continue }
            let y = offsets[i] - contentOffset
            guard y >= 0, y < canvas.size.height else { continue }
            canvas.write(TextLayout.truncate(title.uppercased(), toWidth: canvas.size.width), at: Point(x: 1, y: y), style: headerStyle)
        }
    }
}
