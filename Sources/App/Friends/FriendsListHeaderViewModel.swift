import Components
import TUIKit

/// The real header (seed 000): the count follows the data provider's `totalItemsCount`.
@MainActor
final class FriendsListHeaderViewModel: FriendsListHeaderViewModelProtocol {
    let friendsCountIcon: String
    let closeButtonIcon: String
    let friendsCount = Observable("0 friends")
    var onCloseAction: (() -> Void)?
    private let dataProvider: FriendsListDataProviderProtocol
    private var observers: [ObserverProtocol] = []

    init(dataProvider: FriendsListDataProviderProtocol, friendsCountIcon: String = Glyphs.current.friends,
         closeButtonIcon: String = Glyphs.current.close) {
        self.dataProvider = dataProvider
        self.friendsCountIcon = friendsCountIcon
        self.closeButtonIcon = closeButtonIcon
        setupDataObservers()
    }

    private func setupDataObservers() {
        observers.append(dataProvider.totalItemsCount.observeNewAndCall { [weak self] newCount in
            self?.friendsCount.value = switch newCount {
            case nil: "… friends" // not counted yet
            case let count?: CountText.counted(count, "friend", "friends")
            }
        })
    }
}
