import Components
import TUIKit

/// The demo header (seed 000): a made-up friends count from 1 to 5000 that
/// ticks every second (+0…4, halved once past 9999) — a live `Observable`.
@MainActor
public final class FriendsListHeaderDemoViewModel: FriendsListHeaderViewModelProtocol {
    public let friendsCountIcon = Glyphs.current.friends
    public let closeButtonIcon = Glyphs.current.close
    public let friendsCount: Observable<String>
    public var onCloseAction: (() -> Void)?
    private(set) var count: Int
    private var random: DemoRandom

    /// Deterministic for a given `seed`; ticking when given a scheduler;
    /// starting from `count` when given one (else a made-up number).
    public init(seed: UInt64? = nil, scheduler: Scheduler? = nil, count: Int? = nil) {
        random = DemoRandom(seed: seed ?? DemoRandom.randomSeed())
        let madeUp = random.int(in: 1...5000)
        self.count = count ?? madeUp
        friendsCount = Observable(Self.text(self.count))
        scheduler?.every(.seconds(1)) { [weak self] timer in
            guard let self else { timer.cancel(); return }
            self.tick()
        }
    }

    func tick() {
        count += random.int(in: 0...4)
        if count > 9999 { count /= 2 }
        friendsCount.value = Self.text(count)
    }

    static func text(_ count: Int) -> String { CountText.counted(count, "friend", "friends") }
}
