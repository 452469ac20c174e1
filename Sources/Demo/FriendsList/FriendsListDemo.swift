import Components
import TUIKit

/// The demo use-case's view models, together: a ticking header and a few
/// pages of made-up friends that arrive after a short delay. The kiosk asks
/// for a header that holds still (`headerTicks: false`): its demo data stays
/// the same while a visitor scrolls, and from one loop of the tour to the next,
/// and the count it shows is the list's own.
@MainActor
public enum FriendsListDemo {
    public static func makeViewModel(seed: UInt64? = nil, scheduler: Scheduler?, headerTicks: Bool = true) -> FriendsListViewModelProtocol {
        let content = FriendsListContentDemoViewModel(seed: seed, scheduler: scheduler)
        let header = FriendsListHeaderDemoViewModel(seed: seed, scheduler: headerTicks ? scheduler : nil,
                                                    count: headerTicks ? nil : content.totalCount)
        return FriendsListViewModel(headerViewModel: header, contentViewModel: content)
    }
}
