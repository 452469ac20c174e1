import Components
import AppServices
import TUIKit

/// The real content: friends from the data provider's window, the first page
/// asked for on creation, more as the list nears either edge, the first or
/// last page on Home or End, a seek on type-ahead; choosing one calls
/// `onSelect` with its contact id (the app opens the card through the
/// `Screen` enum).
@MainActor
final class FriendsListContentViewModel: FriendsListContentViewModelProtocol {
    let state = Observable<FriendsListContentState>(.loading)
    var onSelect: ((Int64) -> Void)?
    private let dataProvider: FriendsListDataProviderProtocol
    private var pager: KeysetPager<FriendCursor, PagedFriend> { dataProvider.pager }
    private var observers: [ObserverProtocol] = []

    init(dataProvider: FriendsListDataProviderProtocol) {
        self.dataProvider = dataProvider
        observers.append(pager.loadedCount.observe { [weak self] _, _ in self?.updateState() })
        observers.append(pager.isLoading.observe { [weak self] _, _ in self?.updateState() })
        observers.append(pager.failure.observe { [weak self] _, _ in self?.updateState() })
        loadNextPage()
        updateState()
    }

    var windowCount: Observable<Int> { pager.loadedCount }
    var isLoadingWindow: Observable<Bool> { pager.isLoading }
    var lastWindowChange: ListWindowChange { pager.lastChange }
    var hasMoreBefore: Bool { pager.hasMoreBefore }
    var hasMoreAfter: Bool { pager.hasMoreAfter }

    private func updateState() {
        let new: FriendsListContentState
        let count = pager.loadedCount.value
        if let failure = pager.failure.value, count == 0 { new = .failed(failure) }
        else if count > 0 { new = .normal }
        else if pager.isLoading.value || pager.hasMoreAfter { new = .loading }
        else { new = .empty }
        if new != state.value { state.value = new }
    }

    func item(at index: Int) -> FriendsListItem? { pager.item(at: index)?.item }
    func loadNextPage() { pager.loadNextPage() }
    func loadPreviousPage() { pager.loadPreviousPage() }
    /// The list shows again after a card over it closed: its window and count as they are now.
    func readAgain() { dataProvider.readAgain() }

    func showFirstPage() { dataProvider.cancelLookUp(); pager.loadFirstPage() }
    func showLastPage() { dataProvider.cancelLookUp(); pager.loadLastPage() }

    /// The first friend, in list order, whose name as its row shows it ("Tim Thompson") starts
    /// with `prefix` (folded); nothing moves when no name does.
    func seek(toPrefix prefix: String) {
        dataProvider.firstFriend(shownNameStartingWith: prefix) { [weak self] cursor in
            guard let self, let cursor else { return }
            // The window starts at that friend: the seek reads what follows the cursor just before it.
            self.pager.seek(after: FriendCursor(sortKey: cursor.sortKey, id: cursor.id == .min ? .min : cursor.id - 1))
        }
    }

    /// The window's place in the whole list: counted from the start while the
    /// window is there, from the end while it is there, else unknown.
    func position(ofItem index: Int) -> Double? {
        guard let total = dataProvider.totalItemsCount.value, total > 1 else { return nil }
        if let first = pager.firstIndex { return Double(first + index) / Double(total - 1) }
        if !pager.hasMoreAfter { return Double(total - pager.loadedCount.value + index) / Double(total - 1) }
        return nil
    }

    func selectItem(at index: Int) {
        guard let item = item(at: index) else { return }
        onSelect?(item.id)
    }
}
