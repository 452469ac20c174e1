import Components

/// Makes the real header and content view models on one data provider (seed 000).
@MainActor
struct FriendsListViewModelFactory {
    let dataProvider: FriendsListDataProviderProtocol

    func makeHeaderViewModel() -> FriendsListHeaderViewModel { FriendsListHeaderViewModel(dataProvider: dataProvider) }
    func makeContentViewModel() -> FriendsListContentViewModel { FriendsListContentViewModel(dataProvider: dataProvider) }
}
