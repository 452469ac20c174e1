import Components
import TUIKit

/// The real content: friends from the data provider, the first page asked for
/// on creation, more as the list nears its end; choosing one calls `onSelect`
/// with its contact id (the app opens the card through the `Screen` enum).
@MainActor
final class FriendsListContentViewModel: FriendsListContentViewModelProtocol {
    let state = Observable<FriendsListContentState>(.loading)
    let numberOfItems = Observable(0)
    let isLoadingMore = Observable(false)
    var hasMore: Bool { dataProvider.hasMore }
    var onSelect: ((Int64) -> Void)?
    private let dataProvider: FriendsListDataProviderProtocol
    private var observers: [ObserverProtocol] = []

    init(dataProvider: FriendsListDataProviderProtocol) {
        self.dataProvider = dataProvider
        observers.append(dataProvider.loadedCount.observeNewAndCall { [weak self] count in
            self?.numberOfItems.value = count
            self?.updateState()
        })
        observers.append(dataProvider.isLoading.observeNewAndCall { [weak self] loading in
            self?.isLoadingMore.value = loading
            self?.updateState()
        })
        observers.append(dataProvider.failure.observe { [weak self] _, _ in self?.updateState() })
        loadMore()
    }

    private func updateState() {
        let new: FriendsListContentState
        if let failure = dataProvider.failure.value, numberOfItems.value == 0 { new = .failed(failure) }
        else if numberOfItems.value > 0 { new = .normal }
        else if dataProvider.isLoading.value || dataProvider.hasMore { new = .loading }
        else { new = .empty }
        if new != state.value { state.value = new }
    }

    func item(at index: Int) -> FriendsListItem? { dataProvider.item(at: index) }
    func loadMore() { dataProvider.loadNextPage() }

    func selectItem(at index: Int) {
        guard let item = item(at: index) else { return }
        onSelect?(item.id)
    }
}
