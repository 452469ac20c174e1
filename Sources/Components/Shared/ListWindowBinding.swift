import TUIKit

/// Puts a `ListWindowViewModel` in a `ListView`: a "loading…" row at each
/// end where more of the list follows (drawn at least once before the page
/// it stands for arrives, since pages are read on the run loop's next turn),
/// the next or previous page as the selection comes near an edge, Home and
/// End to the list's true first and last rows at any length, the selection
/// kept on its row when rows arrive or go before it, and the scroll mark at
/// the window's place in the whole list.
@MainActor
public final class ListWindowBinding {
    private let list: ListView
    /// Not counted: whoever makes a binding keeps the model for at least as long (the friends
    /// list's content view and the activity feed hold both), and the list asks the binding for
    /// its rows on every key (a weak reference's load on each ask, and retains that go through
    /// the model's side table).
    private unowned(unsafe) let model: ListWindowViewModel
    private var observers: [ObserverProtocol] = []
    /// Whether the list had a "loading…" row at the top when last reloaded.
    private var leadingRowShown = false
    /// Edge pages asked for while a window change is being applied are asked
    /// for once it is (a model that reads a page at once, as the demo ones
    /// do, would otherwise change the window under the change being applied).
    private var applying = false
    private var deferredEdges: (start: Bool, end: Bool) = (false, false)

    /// Configures `list` for `model`; `reloaded` runs after every reload (the owner's own adjustments).
    public init(list: ListView, model: ListWindowViewModel, reloaded: @escaping () -> Void = {}) {
        self.list = list
        self.model = model
        list.onNearEnd = { [weak self] in
            guard let self else { return }
            if self.applying { self.deferredEdges.end = true } else { self.model.loadNextPage() }
        }
        list.onNearStart = { [weak self] in
            guard let self else { return }
            if self.applying { self.deferredEdges.start = true } else { self.model.loadPreviousPage() }
        }
        // Home and End go to the "loading…" row at once; the first or last row once its page is there.
        list.onHome = { [weak model, unowned list] in
            guard let model, model.hasMoreBefore else { return false }
            model.showFirstPage()
            list.select(0)
            return true
        }
        list.onEnd = { [weak model, unowned list] in
            guard let model, model.hasMoreAfter else { return false }
            model.showLastPage()
            list.select(list.numberOfRows - 1)
            return true
        }
        list.scrollMarkPosition = { [weak self] top in
            guard let self, self.model.hasMoreBefore || self.model.hasMoreAfter else { return nil }
            return self.itemIndex(ofRow: top).flatMap(self.model.position(ofItem:))
        }
        observers.append(model.windowCount.observe { [weak self, weak model] _, _ in
            guard let self, let model else { return }
            self.apply(model.lastWindowChange)
            reloaded()
        })
        observers.append(model.isLoadingWindow.observe { [weak self] _, _ in self?.list.setNeedsLayout() })
        apply(.grew)
    }

    /// Rows before the first item (the "loading…" row at the top, or none).
    public var leadingRows: Int { model.hasMoreBefore ? 1 : 0 }

    /// Every row: the items and a "loading…" row at each end with more behind it.
    public var rowCount: Int {
        let items = model.windowCount.value
        guard items > 0 || model.hasMoreBefore else { return 0 }
        return leadingRows + items + (model.hasMoreAfter ? 1 : 0)
    }

    /// The window item a row shows, nil for a "loading…" row.
    public func itemIndex(ofRow row: Int) -> Int? {
        let index = row - leadingRows
        return index >= 0 && index < model.windowCount.value ? index : nil
    }

    /// The row of the first / last item.
    public var firstItemRow: Int { leadingRows }
    public var lastItemRow: Int { leadingRows + max(0, model.windowCount.value - 1) }

    private func apply(_ change: ListWindowChange) {
        applying = true
        applyNow(change)
        applying = false
        let edges = deferredEdges
        deferredEdges = (false, false)
        if edges.start { model.loadPreviousPage() }
        if edges.end { model.loadNextPage() }
    }

    private func applyNow(_ change: ListWindowChange) {
        let wasOnLeadingRow = leadingRowShown && list.selectedIndex == 0
        let lead = leadingRows
        switch change {
        case .grew:
            list.reloadData(numberOfRows: rowCount, shiftedBy: lead - (leadingRowShown ? 1 : 0))
        case .shifted(let by):
            list.reloadData(numberOfRows: rowCount, shiftedBy: by + lead - (leadingRowShown ? 1 : 0))
            // Up had reached the "loading…" row: it lands on the last of the rows that came.
            if wasOnLeadingRow, by > 0, let s = list.selectedIndex { list.select(s - 1) }
        case .jumped(let end):
            list.reloadData(numberOfRows: rowCount)
            let row = end == .first ? firstItemRow : lastItemRow
            list.select(row)
            list.scrollToRow(end == .first ? 0 : rowCount - 1)
            list.scrollToRow(row)
        }
        leadingRowShown = lead == 1
    }
}
