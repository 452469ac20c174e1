import Components
import TUIKit

/// The demo use-case's view models, together: a ticking header and a few
/// pages of made-up friends that arrive after a short delay.
@MainActor
public enum FriendsListDemo {
    public static func makeViewModel(seed: UInt64? = nil, scheduler: Scheduler?) -> FriendsListViewModelProtocol {
        let header = FriendsListHeaderDemoViewModel(seed: seed, scheduler: scheduler)
        let content = FriendsListContentDemoViewModel(seed: seed, scheduler: scheduler)
        return FriendsListViewModel(headerViewModel: header, contentViewModel: content)
    }
}
