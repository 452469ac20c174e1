import Components
import TUIKit

/// The demo content (seed 000): made-up friends, deterministic for a seed,
/// arriving a page at a time after a short delay — so the "Loading friends…"
/// state and the "loading…" row can be seen. Needs nothing but the UI.
@MainActor
public final class FriendsListContentDemoViewModel: FriendsListContentViewModelProtocol {
    public let state = Observable<FriendsListContentState>(.loading)
    public let numberOfItems = Observable(0)
    public let isLoadingMore = Observable(false)
    public var hasMore: Bool { numberOfItems.value < totalCount }
    /// Called with the friend chosen (the demo app shows who it was).
    public var onSelect: ((FriendsListItem) -> Void)?

    public let totalCount: Int
    private let pageSize: Int
    private let loadDelay: Duration
    private weak var scheduler: Scheduler?
    private let friends: DemoFriends

    /// Without a scheduler, pages arrive at once (for snapshots of the components).
    public init(seed: UInt64? = nil, totalCount: Int = 240, pageSize: Int = 20,
                loadDelay: Duration = .milliseconds(600), scheduler: Scheduler? = nil) {
        friends = DemoFriends(seed: seed ?? DemoRandom.randomSeed())
        self.totalCount = max(0, totalCount)
        self.pageSize = max(1, pageSize)
        self.loadDelay = loadDelay
        self.scheduler = scheduler
        loadMore() // once on creation, as the original
    }

    public func item(at index: Int) -> FriendsListItem? {
        index >= 0 && index < numberOfItems.value ? friends.friend(at: index) : nil
    }

    public func loadMore() {
        guard !isLoadingMore.value, hasMore else {
            if totalCount == 0 { state.value = .empty }
            return
        }
        isLoadingMore.value = true
        guard let scheduler else { pageArrived(); return }
        scheduler.after(loadDelay) { [weak self] in self?.pageArrived() }
    }

    private func pageArrived() {
        numberOfItems.value = min(totalCount, numberOfItems.value + pageSize)
        isLoadingMore.value = false
        state.value = numberOfItems.value == 0 ? .empty : .normal
    }

    public func selectItem(at index: Int) {
        guard let item = item(at: index) else { return }
        onSelect?(item)
    }
}
