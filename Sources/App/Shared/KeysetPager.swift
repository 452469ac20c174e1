import Storage
import TUIKit

/// A long list read from SQLite a page at a time by keyset — each page after
/// the last one's cursor, never by OFFSET — so rows added or removed elsewhere
/// cannot make a page repeat or skip anything. Pages far from the one last
/// read are dropped (their bounds kept) and read again between those bounds
/// when scrolled back to. A page arrives on the run loop's next turn (with a
/// scheduler), so a "loading…" row is drawn first and keys stay live.
/// The friends list and the activity log both page this way.
@MainActor
final class KeysetPager<Cursor: Equatable, Item> {
    /// A page as read: its items, the cursor of its last row, and whether it was full (more may follow).
    struct Read {
        var items: [Item]
        var last: Cursor?
        var isFull: Bool
    }

    let loadedCount = Observable(0)
    let isLoading = Observable(false)
    let failure = Observable<String?>(nil)
    private(set) var hasMore = true

    private struct Page {
        let after: Cursor?
        var last: Cursor
        var count: Int
        var items: [Item]?
    }

    let pageSize: Int
    let keptPages: Int
    private weak var scheduler: Scheduler?
    private let readAfter: (Cursor?, Int) throws(StorageError) -> Read
    private let readBetween: (Cursor?, Cursor) throws(StorageError) -> [Item]
    private var pages: [Page] = []
    private var starts: [Int] = []
    private var resident: [Int] = []

    /// `readAfter(cursor, limit)` reads the next page; `readBetween(after, last)` reads a dropped page again as it is now.
    init(pageSize: Int, keptPages: Int, scheduler: Scheduler?,
         readAfter: @escaping (Cursor?, Int) throws(StorageError) -> Read,
         readBetween: @escaping (Cursor?, Cursor) throws(StorageError) -> [Item]) {
        self.pageSize = max(1, pageSize)
        self.keptPages = max(2, keptPages)
        self.scheduler = scheduler
        self.readAfter = readAfter
        self.readBetween = readBetween
    }

    func loadNextPage() {
        guard !isLoading.value, hasMore else { return }
        isLoading.value = true
        guard let scheduler else { readNextPage(); return }
        scheduler.after(.zero) { [weak self] in self?.readNextPage() }
    }

    private func readNextPage() {
        defer { isLoading.value = false }
        do {
            let read = try readAfter(pages.last?.last, pageSize)
            hasMore = read.isFull
            guard let last = read.last, !read.items.isEmpty else { return }
            starts.append(loadedCount.value)
            pages.append(Page(after: pages.last?.last, last: last, count: read.items.count, items: read.items))
            resident.append(pages.count - 1)
            dropFarPages(around: pages.count - 1)
            failure.value = nil
            loadedCount.value += read.items.count
        } catch {
            failure.value = error.description
        }
    }

    func item(at index: Int) -> Item? {
        guard index >= 0, index < loadedCount.value, let p = page(containing: index) else { return nil }
        if pages[p].items == nil { reread(p) }
        dropFarPages(around: p)
        guard let items = pages[p].items else { return nil }
        let offset = index - starts[p]
        return offset < items.count ? items[offset] : nil
    }

    /// Binary search over the pages' first indexes.
    private func page(containing index: Int) -> Int? {
        var low = 0, high = starts.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if starts[mid] <= index { low = mid + 1 } else { high = mid - 1 }
        }
        return high >= 0 ? high : nil
    }

    /// Reads a dropped page again between its bounds; when rows came or went
    /// in the meantime, the indexes after it move.
    private func reread(_ p: Int) {
        guard let items = try? readBetween(pages[p].after, pages[p].last) else { return }
        pages[p].items = items
        resident.append(p)
        let delta = items.count - pages[p].count
        guard delta != 0 else { return }
        pages[p].count = items.count
        for q in (p + 1)..<pages.count { starts[q] += delta }
        loadedCount.value += delta
    }

    private func dropFarPages(around p: Int) {
        let low = p - keptPages / 2, high = p + keptPages / 2
        guard resident.contains(where: { $0 < low || $0 > high }) else { return }
        for q in resident where q < low || q > high { pages[q].items = nil }
        resident.removeAll { $0 < low || $0 > high }
    }

    /// Drops every page's items (they are read again as they are now), and
    /// lets more load past the end: after a change elsewhere.
    func invalidate(moreMayFollow: Bool) {
        for q in resident { pages[q].items = nil }
        resident.removeAll()
        if moreMayFollow { hasMore = true }
        loadedCount.value = loadedCount.value // observers redraw what they show
    }

    var pagesInMemory: Int { pages.filter { $0.items != nil }.count }
    var pageCount: Int { pages.count }
}
