import Components
import Storage
import TUIKit

/// What the real view models observe (seed 000's data provider).
@MainActor
protocol FriendsListDataProviderProtocol: AnyObject {
    /// All friends of the account, kept current (polled from the counts table).
    var totalItemsCount: Observable<Int> { get }
    /// Friends loaded from the top so far.
    var loadedCount: Observable<Int> { get }
    var isLoading: Observable<Bool> { get }
    /// Set when a read failed (a person-readable message).
    var failure: Observable<String?> { get }
    var hasMore: Bool { get }
    func loadNextPage()
    func item(at index: Int) -> FriendsListItem?
}

/// Friends from SQLite a page at a time by keyset (after the last cursor,
/// never OFFSET), so rows added or removed elsewhere cannot make a page repeat
/// or skip anyone. Pages far from the one last read are dropped (their
/// bounds kept) and read again between those bounds when scrolled back to.
/// A page arrives on the run loop's next turn, so the "loading…" row is drawn
/// first and keys stay live.
@MainActor
final class FriendsListDataProvider: FriendsListDataProviderProtocol {
    let totalItemsCount = Observable(0)
    let loadedCount = Observable(0)
    let isLoading = Observable(false)
    let failure = Observable<String?>(nil)
    private(set) var hasMore = true

    private struct Page {
        /// The cursor before the page's first friend (nil: the start of the list).
        let after: FriendCursor?
        /// The page's last friend.
        var last: FriendCursor
        var count: Int
        /// nil when dropped.
        var items: [FriendsListItem]?
    }

    private let store: FriendsStore
    private let itemFactory: FriendsListItemFactory
    private weak var scheduler: Scheduler?
    let pageSize: Int
    /// Pages kept in memory around the one last read.
    let keptPages: Int
    private var pages: [Page] = []
    /// The index of each page's first item.
    private var starts: [Int] = []
    /// The pages whose items are in memory (a handful: dropping looks only at these).
    private var resident: [Int] = []
    private var pollTimer: Timer?

    init(store: FriendsStore, itemFactory: FriendsListItemFactory, scheduler: Scheduler?,
         pageSize: Int = 100, keptPages: Int = 8, countRefresh: Duration = .seconds(1)) {
        self.store = store
        self.itemFactory = itemFactory
        self.scheduler = scheduler
        self.pageSize = max(1, pageSize)
        self.keptPages = max(2, keptPages)
        refreshCount()
        pollTimer = scheduler?.every(countRefresh) { [weak self] timer in
            guard let self else { timer.cancel(); return }
            self.refreshCount()
        }
    }

    func stop() { pollTimer?.cancel() }

    // MARK: Pages

    func loadNextPage() {
        guard !isLoading.value, hasMore else { return }
        isLoading.value = true
        guard let scheduler else { readNextPage(); return }
        scheduler.after(.zero) { [weak self] in self?.readNextPage() }
    }

    private func readNextPage() {
        defer { isLoading.value = false }
        do {
            let rows = try store.friends(after: pages.last?.last, limit: pageSize)
            hasMore = rows.count == pageSize
            guard let last = rows.last else { return }
            starts.append(loadedCount.value)
            pages.append(Page(after: pages.last?.last, last: last.cursor, count: rows.count, items: rows.map(itemFactory.makeItem)))
            resident.append(pages.count - 1)
            dropFarPages(around: pages.count - 1)
            failure.value = nil
            loadedCount.value += rows.count
        } catch {
            failure.value = error.description
        }
    }

    func item(at index: Int) -> FriendsListItem? {
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

    /// Reads a dropped page again, as it is now, between its bounds; when
    /// friends came or went in the meantime, the indexes after it move.
    private func reread(_ p: Int) {
        guard let rows = try? store.friends(after: pages[p].after, through: pages[p].last) else { return }
        pages[p].items = rows.map(itemFactory.makeItem)
        resident.append(p)
        let delta = rows.count - pages[p].count
        guard delta != 0 else { return }
        pages[p].count = rows.count
        for q in (p + 1)..<pages.count { starts[q] += delta }
        loadedCount.value += delta
    }

    private func dropFarPages(around p: Int) {
        let low = p - keptPages / 2, high = p + keptPages / 2
        guard resident.contains(where: { $0 < low || $0 > high }) else { return }
        for q in resident where q < low || q > high { pages[q].items = nil }
        resident.removeAll { $0 < low || $0 > high }
    }

    /// Pages whose items are in memory.
    var pagesInMemory: Int { pages.filter { $0.items != nil }.count }
    var pageCount: Int { pages.count }

    // MARK: The count

    /// Reads the friends count; on a change, the pages in memory are read again
    /// (lazily) and, past the last page, more may now be there.
    func refreshCount() {
        guard let count = try? store.friendsCount(), count != totalItemsCount.value else { return }
        let first = pages.isEmpty && totalItemsCount.value == 0
        totalItemsCount.value = count
        guard !first else { return }
        for q in resident { pages[q].items = nil }
        resident.removeAll()
        if !hasMore && count > loadedCount.value { hasMore = true }
        loadedCount.value = loadedCount.value // observers redraw what they show
    }
}
