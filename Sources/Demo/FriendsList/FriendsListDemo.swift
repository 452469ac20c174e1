import Components
import TUIKit

/// The demo use-case's view models, together: a ticking header and a few
/// pages of made-up friends that arrive after a short delay. The kiosk asks
/// for a header that holds still (`headerTicks: false`): its demo data stays
/// the same while a visitor scrolls, and from one loop of the tour to the next.
@MainActor
public enum FriendsListDemo {
    public static func makeViewModel(seed: UInt64? = nil, scheduler: Scheduler?, headerTicks: Bool = true) -> FriendsListViewModelProtocol {
        let header = FriendsListHeaderDemoViewModel(seed: seed, scheduler: headerTicks ? scheduler : nil)
        let content = FriendsListContentDemoViewModel(seed: seed, scheduler: scheduler)
        return FriendsListViewModel(headerViewModel: header, contentViewModel: content)
    }
}
