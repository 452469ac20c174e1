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

/// Friends from SQLite by keyset pages (`KeysetPager`) on the friends index,
/// and the friends count, polled so it follows changes made elsewhere.
@MainActor
final class FriendsListDataProvider: FriendsListDataProviderProtocol {
    let totalItemsCount = Observable(0)
    private let store: FriendsStore
    private let pager: KeysetPager<FriendCursor, FriendsListItem>
    private var pollTimer: Timer?

    init(store: FriendsStore, itemFactory: FriendsListItemFactory, scheduler: Scheduler?,
         pageSize: Int = 100, keptPages: Int = 8, countRefresh: Duration = .seconds(1)) {
        self.store = store
        pager = KeysetPager(pageSize: pageSize, keptPages: keptPages, scheduler: scheduler,
            readAfter: { cursor, limit throws(StorageError) in
                let rows = try store.friends(after: cursor, limit: limit)
                return .init(items: rows.map(itemFactory.makeItem), last: rows.last?.cursor, isFull: rows.count == limit)
            },
            readBetween: { after, last throws(StorageError) in try store.friends(after: after, through: last).map(itemFactory.makeItem) })
        refreshCount()
        pollTimer = scheduler?.every(countRefresh) { [weak self] timer in
            guard let self else { timer.cancel(); return }
            self.refreshCount()
        }
    }

    func stop() { pollTimer?.cancel() }

    var loadedCount: Observable<Int> { pager.loadedCount }
    var isLoading: Observable<Bool> { pager.isLoading }
    var failure: Observable<String?> { pager.failure }
    var hasMore: Bool { pager.hasMore }
    var pageSize: Int { pager.pageSize }
    var pagesInMemory: Int { pager.pagesInMemory }
    var pageCount: Int { pager.pageCount }

    func loadNextPage() { pager.loadNextPage() }
    func item(at index: Int) -> FriendsListItem? { pager.item(at: index) }

    /// Reads the friends count; on a change, the pages in memory are read again
    /// (lazily) and, past the last page, more may now be there.
    func refreshCount() {
        guard let count = try? store.friendsCount(), count != totalItemsCount.value else { return }
        let first = pager.pageCount == 0 && totalItemsCount.value == 0
        totalItemsCount.value = count
        guard !first else { return }
        pager.invalidate(moreMayFollow: count > pager.loadedCount.value)
    }
}
