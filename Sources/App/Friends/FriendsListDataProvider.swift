import Components
import AppServices
import TUIKit

/// What the real view models observe (seed 000's data provider).
@MainActor
protocol FriendsListDataProviderProtocol: AnyObject {
    /// All friends of the account, kept current (polled from the counts table); nil until first read.
    var totalItemsCount: Observable<Int?> { get }
    /// The friends loaded: a window onto the whole list (see `KeysetPager`).
    var pager: KeysetPager<FriendCursor, PagedFriend> { get }
}

/// Friends from the store by keyset pages (`KeysetPager`) on the friends index,
/// from either end, and the friends count; both are read again when the app's
/// look for changes made elsewhere finds some. Every store call is a job on the
/// friends' work: off the main loop on a server, at once for a file.
@MainActor
final class FriendsListDataProvider: FriendsListDataProviderProtocol {
    let totalItemsCount = Observable<Int?>(nil)
    private let friends: ServiceWork<FriendsService>
    let pager: KeysetPager<FriendCursor, PagedFriend>

    /// - Parameters:
    ///   - friends: the account's friends, and where their reads run.
    init(friends: ServiceWork<FriendsService>, itemFactory: FriendsListItemFactory, scheduler: Scheduler?,
         pageSize: Int = 100, keptPages: Int = 8) {
        self.friends = friends
        pager = KeysetPager(pageSize: pageSize, keptPages: keptPages, scheduler: scheduler, work: friends, cursor: { $0.cursor },
            readAfter: { store, cursor, limit throws(ServiceError) in try store.friends(after: cursor, limit: limit).map(itemFactory.makePagedFriend) },
            readBefore: { store, cursor, limit throws(ServiceError) in try store.friends(before: cursor, limit: limit).map(itemFactory.makePagedFriend) })
        // Read again when the app's look for changes elsewhere finds some (`ReloadsOnChangesElsewhere`),
        // not on a timer of its own: an open popup does not wake the app.
        refreshCount()
    }

    /// Friends that answer at once, on the main loop (a file, a test's store).
    convenience init(store: FriendsService, itemFactory: FriendsListItemFactory, scheduler: Scheduler?,
                     pageSize: Int = 100, keptPages: Int = 8) {
        self.init(friends: .inline(store), itemFactory: itemFactory, scheduler: scheduler,
                  pageSize: pageSize, keptPages: keptPages)
    }

    /// Reads the friends count; on a change, the window is read again as it
    /// is now (past its last row, more may now be there).
    func refreshCount() { readCount(thenWindow: true) }

    /// Reads the count; when it changed (and was known before) and `thenWindow`, reads the window again.
    private func readCount(thenWindow: Bool) {
        friends.run({ store throws(ServiceError) in try store.friendsCount() }, then: { [weak self] result in
            guard let self else { return }
            // A failed read keeps the count shown (the connection's banner says why).
            guard case .success(let count) = result, count != self.totalItemsCount.value else { return }
            let first = self.totalItemsCount.value == nil
            self.totalItemsCount.value = count
            if thenWindow && !first { self.pager.refresh() }
        })
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
        readCount(thenWindow: false)
        pager.refresh()
    }
}
