import Components
import AppServices
import TUIKit

/// A window onto a long list read from the store a page at a time by keyset
/// — each page after the last row's cursor or before the first's, never by
/// OFFSET — so rows added or removed elsewhere cannot make a page repeat or
/// skip anything, and either end of a list of any length is one seek away.
///
/// The window holds at most `keptPages` pages: a page read at one end drops
/// the pages farthest from it at the other, which are read again when
/// scrolled back to. Every read (next, earlier, first, last, a seek) happens
/// after the next frame when there is a scheduler — never inside layout — so
/// the "loading…" row the list shows meanwhile reaches the screen for at
/// least one frame, and keys stay live. The friends list and the
/// activity log both page this way.
@MainActor
final class KeysetPager<Cursor: Equatable, Item> {
    /// Items in the window.
    let loadedCount = Observable(0)
    let isLoading = Observable(false)
    /// A person-readable message when the last read failed.
    let failure = Observable<String?>(nil)
    /// How the window moved with the last change (read it when `loadedCount` is announced).
    private(set) var lastChange: ListWindowChange = .grew
    /// More rows before the window's first / after its last.
    private(set) var hasMoreBefore = false
    private(set) var hasMoreAfter = true
    /// The window's first item's index in the whole list, while it is known
    /// (the window was reached from the start); nil after a seek or End.
    private(set) var firstIndex: Int? = 0

    let pageSize: Int
    let keptPages: Int
    private weak var scheduler: Scheduler?
    private let cursor: (Item) -> Cursor
    private let readAfter: (Cursor?, Int) throws(ServiceError) -> [Item]
    private let readBefore: (Cursor?, Int) throws(ServiceError) -> [Item]
    private var items: [Item] = []

    /// `readAfter(c, limit)`: the first `limit` rows after `c` (from the start when nil), in list order.
    /// `readBefore(c, limit)`: the last `limit` rows before `c` (up to the end when nil), in list order.
    init(pageSize: Int, keptPages: Int, scheduler: Scheduler?, cursor: @escaping (Item) -> Cursor,
         readAfter: @escaping (Cursor?, Int) throws(ServiceError) -> [Item],
         readBefore: @escaping (Cursor?, Int) throws(ServiceError) -> [Item]) {
        self.pageSize = max(1, pageSize)
        self.keptPages = max(2, keptPages)
        self.scheduler = scheduler
        self.cursor = cursor
        self.readAfter = readAfter
        self.readBefore = readBefore
    }

    var window: [Item] { items }

    func item(at index: Int) -> Item? { items.indices.contains(index) ? items[index] : nil }

    /// The next page after the window (or the first page of an empty one).
    func loadNextPage() {
        guard hasMoreAfter else { return }
        read(jump: false) { pager throws(ServiceError) in
            let page = try pager.readAfter(pager.items.last.map(pager.cursor), pager.pageSize)
            pager.hasMoreAfter = page.count == pager.pageSize
            pager.items.append(contentsOf: page)
            let dropped = pager.trim(fromFront: true)
            pager.firstIndex = pager.firstIndex.map { $0 + dropped }
            pager.lastChange = dropped > 0 ? .shifted(by: -dropped) : .grew
        }
    }

    /// The page before the window.
    func loadPreviousPage() {
        guard hasMoreBefore, items.first != nil else { return }
        read(jump: false) { pager throws(ServiceError) in
            guard let first = pager.items.first else { return }
            let page = try pager.readBefore(pager.cursor(first), pager.pageSize)
            pager.hasMoreBefore = page.count == pager.pageSize
            pager.items.insert(contentsOf: page, at: 0)
            pager.firstIndex = pager.hasMoreBefore ? pager.firstIndex.map { $0 - page.count } : 0
            _ = pager.trim(fromFront: false)
            pager.lastChange = .shifted(by: page.count)
        }
    }

    /// The window becomes the first page (Home).
    func loadFirstPage() { seek(after: nil) }

    /// The window becomes the last page (End): one seek from the end, at any length.
    func loadLastPage() {
        read { pager throws(ServiceError) in
            let page = try pager.readBefore(nil, pager.pageSize)
            pager.items = page
            pager.hasMoreBefore = page.count == pager.pageSize
            pager.hasMoreAfter = false
            pager.firstIndex = pager.hasMoreBefore ? nil : 0
            pager.lastChange = .jumped(to: .last)
        }
    }

    /// The window starts at the first row after `position` (type-ahead: the first name at or after a prefix).
    func seek(after position: Cursor?) {
        read { pager throws(ServiceError) in
            let page = try pager.readAfter(position, pager.pageSize)
            pager.hasMoreAfter = page.count == pager.pageSize
            if let first = page.first {
                pager.hasMoreBefore = try !pager.readBefore(pager.cursor(first), 1).isEmpty
            } else {
                pager.hasMoreBefore = false
            }
            pager.items = page
            pager.firstIndex = pager.hasMoreBefore ? nil : 0
            pager.lastChange = .jumped(to: .first)
        }
    }

    /// Reads the window again as it is now, from its first row on (after a
    /// change elsewhere); more may then follow it.
    func refresh() {
        read { pager throws(ServiceError) in
            guard let first = pager.items.first else {
                let page = try pager.readAfter(nil, pager.pageSize)
                pager.items = page
                pager.hasMoreAfter = page.count == pager.pageSize
                pager.lastChange = .grew
                return
            }
            let before = try pager.readBefore(pager.cursor(first), 1).last
            let count = max(pager.pageSize, pager.items.count)
            let rows = try pager.readAfter(before.map(pager.cursor), count)
            pager.hasMoreBefore = before != nil
            if before == nil { pager.firstIndex = 0 }
            pager.hasMoreAfter = rows.count == count
            pager.items = rows
            pager.lastChange = .shifted(by: 0)
        }
    }

    /// Drops whole pages past `keptPages` from one end; returns how many rows went.
    private func trim(fromFront: Bool) -> Int {
        let excess = items.count - keptPages * pageSize
        guard excess > 0 else { return 0 }
        let drop = (excess + pageSize - 1) / pageSize * pageSize
        if fromFront {
            items.removeFirst(drop)
            hasMoreBefore = true
        } else {
            items.removeLast(drop)
            hasMoreAfter = true
        }
        return drop
    }

    /// Runs a read once the frame that shows "loading…" has been drawn (at once without a scheduler). A jump
    /// (first, last, seek, refresh) replaces a read still waiting; a next or
    /// previous page waits for nothing and is dropped while another read waits
    /// (the list asks again once the window has moved).
    private func read(jump: Bool = true, _ body: @escaping (KeysetPager) throws(ServiceError) -> Void) {
        guard jump || pending == nil else { return }
        pending = body
        isLoading.value = true
        guard let scheduler else { runPending(); return }
        guard !scheduled else { return }
        scheduled = true
        scheduler.afterNextFrame { [weak self] in self?.runPending() }
    }

    private var pending: ((KeysetPager) throws(ServiceError) -> Void)?
    private var scheduled = false

    private func runPending() {
        scheduled = false
        guard let body = pending else { return }
        pending = nil
        defer { isLoading.value = false }
        do {
            try body(self)
            failure.value = nil
            loadedCount.value = items.count
        } catch {
            failure.value = error.description
        }
    }
}
