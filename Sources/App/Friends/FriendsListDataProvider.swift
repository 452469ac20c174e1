import Components
import AppServices
import TUIKit

/// What the real view models observe (seed 000's data provider).
@MainActor
protocol FriendsListDataProviderProtocol: AnyObject {
    /// All friends of the account, kept current (polled from the counts table).
    var totalItemsCount: Observable<Int> { get }
    /// The friends loaded: a window onto the whole list (see `KeysetPager`).
    var pager: KeysetPager<FriendCursor, PagedFriend> { get }
}

/// Friends from SQLite by keyset pages (`KeysetPager`) on the friends index,
/// from either end, and the friends count, polled so it follows changes made
/// elsewhere.
@MainActor
final class FriendsListDataProvider: FriendsListDataProviderProtocol {
    let totalItemsCount = Observable(0)
    private let store: FriendsService
    let pager: KeysetPager<FriendCursor, PagedFriend>
    private var pollTimer: Timer?

    init(store: FriendsService, itemFactory: FriendsListItemFactory, scheduler: Scheduler?,
         pageSize: Int = 100, keptPages: Int = 8, countRefresh: Duration = .seconds(1)) {
        self.store = store
        pager = KeysetPager(pageSize: pageSize, keptPages: keptPages, scheduler: scheduler, cursor: \.cursor,
            readAfter: { cursor, limit throws(ServiceError) in try store.friends(after: cursor, limit: limit).map(itemFactory.makePagedFriend) },
            readBefore: { cursor, limit throws(ServiceError) in try store.friends(before: cursor, limit: limit).map(itemFactory.makePagedFriend) })
        refreshCount()
        pollTimer = scheduler?.every(countRefresh) { [weak self] timer in
            guard let self else { timer.cancel(); return }
            self.refreshCount()
        }
    }

    func stop() { pollTimer?.cancel() }

    /// Reads the friends count; on a change, the window is read again as it
    /// is now (past its last row, more may now be there).
    func refreshCount() {
        guard let count = try? store.friendsCount(), count != totalItemsCount.value else { return }
        let first = pager.window.isEmpty && totalItemsCount.value == 0
        totalItemsCount.value = count
        guard !first else { return }
        pager.refresh()
    }
}

/// A friend in the window: the list item and where it sits (for the next seek).
struct PagedFriend {
    let cursor: FriendCursor
    let item: FriendsListItem
}

extension FriendsListDataProvider: ReloadsOnChangesElsewhere {
    /// The count and the window as they are now (a rename keeps the count but not the row).
    func reloadForChangesElsewhere() {
        let before = totalItemsCount.value
        refreshCount()
        if totalItemsCount.value == before { pager.refresh() }
    }
}
