import Components
import TUIKit

/// The demo content (seed 000): made-up friends, deterministic for a seed,
/// arriving a page at a time after a short delay — so the "Loading friends…"
/// state and the "loading…" rows can be seen — from either end of the list,
/// as the real one. Needs nothing but the UI.
@MainActor
public final class FriendsListContentDemoViewModel: FriendsListContentViewModelProtocol {
    public let state = Observable<FriendsListContentState>(.loading)
    public let windowCount = Observable(0)
    public let isLoadingWindow = Observable(false)
    public private(set) var lastWindowChange: ListWindowChange = .grew
    public var hasMoreBefore: Bool { window.lowerBound > 0 }
    public var hasMoreAfter: Bool { window.upperBound < totalCount }
    /// Called with the friend chosen (the demo app shows who it was).
    public var onSelect: ((FriendsListItem) -> Void)?

    public let totalCount: Int
    /// How many made-up friends there are unless told otherwise.
    public static let defaultTotalCount = 240
    private let pageSize: Int
    private let keptPages: Int
    private let loadDelay: Duration
    private weak var scheduler: Scheduler?
    private let friends: DemoFriends
    /// The friends in the window, as indexes into the whole made-up list.
    private var window = 0..<0
    private var pending: (() -> Void)?

    /// Without a scheduler, pages arrive at once (for snapshots of the components).
    public init(seed: UInt64? = nil, totalCount: Int = defaultTotalCount, pageSize: Int = 20, keptPages: Int = 8,
                loadDelay: Duration = .milliseconds(600), scheduler: Scheduler? = nil) {
        friends = DemoFriends(seed: seed ?? DemoRandom.randomSeed())
        self.totalCount = max(0, totalCount)
        self.pageSize = max(1, pageSize)
        self.keptPages = max(2, keptPages)
        self.loadDelay = loadDelay
        self.scheduler = scheduler
        loadNextPage() // once on creation, as the original
    }

    public func item(at index: Int) -> FriendsListItem? {
        index >= 0 && index < window.count ? friends.friend(at: window.lowerBound + index) : nil
    }

    public func loadNextPage() {
        guard hasMoreAfter else { if totalCount == 0 { state.value = .empty }; return }
        load(jump: false) { [unowned self] in
            let upper = min(totalCount, window.upperBound + pageSize)
            let lower = max(window.lowerBound, upper - keptPages * pageSize)
            let dropped = lower - window.lowerBound
            window = lower..<upper
            return dropped > 0 ? .shifted(by: -dropped) : .grew
        }
    }

    public func loadPreviousPage() {
        guard hasMoreBefore else { return }
        load(jump: false) { [unowned self] in
            let lower = max(0, window.lowerBound - pageSize)
            let added = window.lowerBound - lower
            window = lower..<min(window.upperBound, lower + keptPages * pageSize)
            return .shifted(by: added)
        }
    }

    public func showFirstPage() {
        load { [unowned self] in window = 0..<min(totalCount, pageSize); return .jumped(to: .first) }
    }

    public func showLastPage() {
        load { [unowned self] in window = max(0, totalCount - pageSize)..<totalCount; return .jumped(to: .last) }
    }

    /// The first made-up friend whose name starts with `prefix` (a scan: the demo has a few hundred).
    public func seek(toPrefix prefix: String) {
        let wanted = prefix.lowercased()
        guard let index = (0..<totalCount).first(where: { friends.friend(at: $0).name.lowercased().hasPrefix(wanted) }) else { return }
        load { [unowned self] in window = index..<min(totalCount, index + pageSize); return .jumped(to: .first) }
    }

    public func position(ofItem index: Int) -> Double? {
        totalCount > 1 ? Double(window.lowerBound + index) / Double(totalCount - 1) : nil
    }

    /// Moves the window after the load delay; a jump replaces a move still waiting.
    private func load(jump: Bool = true, _ move: @escaping () -> ListWindowChange) {
        guard jump || pending == nil else { return }
        let first = pending == nil
        pending = { [unowned self] in
            lastWindowChange = move()
            windowCount.value = window.count
            state.value = window.isEmpty ? .empty : .normal
        }
        isLoadingWindow.value = true
        guard let scheduler else { pageArrived(); return }
        if first { scheduler.after(loadDelay) { [weak self] in self?.pageArrived() } }
    }

    private func pageArrived() {
        let move = pending
        pending = nil
        move?()
        isLoadingWindow.value = false
    }

    public func selectItem(at index: Int) {
        guard let item = item(at: index) else { return }
        onSelect?(item)
    }
}
