import Components
import AppServices
import TUIKit

/// What the real view models observe (seed 000's data provider).
@MainActor
protocol FriendsListDataProviderProtocol: AnyObject {
    /// All friends of the account (the counts table's), read again when the data changed; nil until first read.
    var totalItemsCount: Observable<Int?> { get }
    /// The friends loaded: a window onto the whole list (see `KeysetPager`).
    var pager: KeysetPager<FriendCursor, PagedFriend> { get }
    /// Finds the first friend whose name as shown starts with `prefix` (see the provider's own).
    func firstFriend(shownNameStartingWith prefix: String, then deliver: @escaping @MainActor (FriendCursor?) -> Void)
    /// Drops the answer of a look-up still out.
    func cancelLookUp()
    /// Reads the count and the window again (the app's own change, made on a card over the popup).
    func readAgain()
}

/// Friends from the store by keyset pages (`KeysetPager`) on the friends index,
/// from either end, and the friends count; both are read again when the data's
/// change signal says someone else changed them. Every store call is a job on the
/// friends' work: off the main loop on a server, at once for a file.
@MainActor
final class FriendsListDataProvider: FriendsListDataProviderProtocol {
    let totalItemsCount = Observable<Int?>(nil)
    private let friends: ServiceWork<FriendsService>
    private let itemFactory: FriendsListItemFactory
    let pager: KeysetPager<FriendCursor, PagedFriend>

    /// - Parameters:
    ///   - friends: the account's friends, and where their reads run.
    init(friends: ServiceWork<FriendsService>, itemFactory: FriendsListItemFactory, scheduler: Scheduler?,
         pageSize: Int = 100, keptPages: Int = 8) {
        self.friends = friends
        self.itemFactory = itemFactory
        pager = KeysetPager(pageSize: pageSize, keptPages: keptPages, scheduler: scheduler, work: friends, cursor: { $0.cursor },
            readAfter: { store, cursor, limit throws(ServiceError) in try store.friends(after: cursor, limit: limit).map(itemFactory.makePagedFriend) },
            readBefore: { store, cursor, limit throws(ServiceError) in try store.friends(before: cursor, limit: limit).map(itemFactory.makePagedFriend) })
        // Read again when the data's change signal says it changed elsewhere (`ReloadsOnChangesElsewhere`),
        // not on a timer of its own: an open popup does not wake the app.
        refreshCount()
    }

    /// Friends that answer at once, on the main loop (a file, a test's store).
    convenience init(store: FriendsService, itemFactory: FriendsListItemFactory, scheduler: Scheduler?,
                     pageSize: Int = 100, keptPages: Int = 8) {
        self.init(friends: .inline(store), itemFactory: itemFactory, scheduler: scheduler,
                  pageSize: pageSize, keptPages: keptPages)
    }

    /// Counts the look-ups asked for: the answer to any but the last is stale (typed over).
    private var lookUps = 0

    /// Finds the first friend, in list order, whose name as the rows show it ("Tim Thompson",
    /// "王伟", "🎸 Bob") starts with `prefix` (folded: "emile" finds "Émile"), and hands its
    /// cursor to `deliver` (nil: none does). One job reading the friends index in pages until
    /// a name fits: the rows show the given name first while the list is sorted by the family
    /// name, so no range of the index holds them. An answer typed over meanwhile is dropped.
    func firstFriend(shownNameStartingWith prefix: String, then deliver: @escaping @MainActor (FriendCursor?) -> Void) {
        let wanted = SearchText.fold(SearchText.trimmed(prefix))
        guard !wanted.isEmpty else { return }
        lookUps += 1
        let lookUp = lookUps, factory = itemFactory
        friends.run({ store throws(ServiceError) -> FriendCursor? in
            var cursor: FriendCursor?
            while true {
                let page = try store.friends(after: cursor, limit: Self.lookUpPage)
                if let hit = page.first(where: { factory.shownNameFolded($0).hasPrefix(wanted) }) { return hit.cursor }
                guard page.count == Self.lookUpPage, let last = page.last else { return nil }
                cursor = last.cursor
            }
        }, then: { [weak self] result in
            guard let self, lookUp == self.lookUps, case .success(let cursor) = result else { return }
            deliver(cursor)
        })
    }

    /// Drops the answer of a look-up still out (Home or End given after it wins).
    func cancelLookUp() { lookUps += 1 }

    /// How many friends one read of a look-up takes.
    nonisolated static let lookUpPage = 500

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
    func reloadForChangesElsewhere() { readAgain() }

    func readAgain() {
        readCount(thenWindow: false)
        pager.refresh()
    }
}
