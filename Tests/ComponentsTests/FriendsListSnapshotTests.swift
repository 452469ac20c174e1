import Testing
@testable import Components
@testable import Demo
@testable import TUIKit
import TUIKitTesting

/// Stub view models: fixed items, a state set by the test.
@MainActor
final class StubHeaderViewModel: FriendsListHeaderViewModelProtocol {
    let friendsCountIcon = "👥"
    let closeButtonIcon = "✕"
    let friendsCount = Observable("3 friends")
    var onCloseAction: (() -> Void)?
}

@MainActor
final class StubContentViewModel: FriendsListContentViewModelProtocol {
    let state: Observable<FriendsListContentState>
    let windowCount: Observable<Int>
    let isLoadingWindow = Observable(false)
    var lastWindowChange: ListWindowChange = .grew
    var items: [FriendsListItem]
    var hasMoreBefore = false
    var hasMoreAfter = false
    var loadMoreCalls = 0, showLastCalls = 0
    var seeks: [String] = []
    var selected: [Int] = []

    init(items: [FriendsListItem], state: FriendsListContentState = .normal) {
        self.items = items
        self.state = Observable(state)
        windowCount = Observable(items.count)
    }
    func item(at index: Int) -> FriendsListItem? { items.indices.contains(index) ? items[index] : nil }
    func loadNextPage() { loadMoreCalls += 1 }
    func loadPreviousPage() {}
    func showFirstPage() {}
    func showLastPage() { showLastCalls += 1 }
    func seek(toPrefix prefix: String) { seeks.append(prefix) }
    func position(ofItem index: Int) -> Double? { nil }
    func selectItem(at index: Int) { selected.append(index) }
}

/// A full-screen screen to put the popup over.
@MainActor
final class BackdropViewController: ViewController {
    override func viewDidLoad() {
        let text = Label(String(repeating: "The full-screen view underneath. ", count: 40))
        text.wrapsText = true
        view.addSubview(text)
        text.pinEdges(to: view)
    }
}

@MainActor
@Suite("Friends list components (visual tests)")
struct FriendsListSnapshotTests {
    static let people = [
        FriendsListItem(id: 1, name: "Ada Lovelace", status: "Analytical Engines Ltd", avatar: "AL"),
        FriendsListItem(id: 2, name: "Grace Hopper", status: "grace@navy.mil", avatar: "GH"),
        FriendsListItem(id: 3, name: "王伟", status: "online", avatar: "王伟"),
    ]

    func present(header: FriendsListHeaderViewModelProtocol, content: FriendsListContentViewModelProtocol,
                 width: Int = 50, height: Int = 16) -> Harness {
        let h = Harness(width: width, height: height, root: BackdropViewController())
        FriendsListPresenter(headerViewModel: header, contentViewModel: content).presentFriendsList(from: h.window.rootViewController!)
        h.wait(500)
        return h
    }

    @Test func thePopupOverTheFullScreenView() {
        let h = present(header: StubHeaderViewModel(), content: StubContentViewModel(items: Self.people))
        #expect(h.lines[1] == "vi╭─ Friends ──────────────────────────────────╮. ")
        #expect(h.lines[2] == "Th│ 👥 3 friends                   [ ✕ Close ] │  ")
        #expect(h.lines[3] == "vi│────────────────────────────────────────────│. ")
        #expect(h.lines[4] == "Th│  AL  Ada Lovelace                          │  ")
        #expect(h.lines[5] == "vi│      Analytical Engines Ltd                │. ")
        #expect(h.lines[6] == "Th│ ────────────────────────────────────────── │  ")
        #expect(h.lines[10] == "Th│ 王伟 王伟                                  │  ")
        #expect(h.lines[14] == "Th╰────────────────────────────────────────────╯  ")
        // The screen underneath stays visible, dimmed; the panel is not.
        #expect(h.styleMask[0].allSatisfy { $0 == "D" })
        #expect(!h.styleMask[4].dropFirst(3).prefix(40).contains("D"))
        // The first friend is selected: its name and status rows carry the selection's background, the second's do not.
        let selection = Theme.current.selection.background
        #expect(h.terminal.cell(x: 20, y: 4).style.background == selection)
        #expect(h.terminal.cell(x: 20, y: 5).style.background == selection)
        #expect(h.terminal.cell(x: 20, y: 7).style.background != selection)
        // The selected friend's status line takes the selection's colours (grey on its blue was hard to read); others stay secondary.
        #expect(h.terminal.cell(x: 9, y: 5).style.foreground == Theme.current.selection.foreground)
        #expect(h.terminal.cell(x: 9, y: 8).style.foreground == Theme.current.secondary.foreground)
    }

    @Test func theStatesBeforeAndInsteadOfTheList() {
        let loading = present(header: StubHeaderViewModel(), content: StubContentViewModel(items: [], state: .loading))
        #expect(loading.text.contains("Loading friends…"))
        let empty = present(header: StubHeaderViewModel(), content: StubContentViewModel(items: [], state: .empty))
        #expect(empty.text.contains("No friends to show"))
        #expect(!empty.text.contains("Loading"))
        let failed = present(header: StubHeaderViewModel(), content: StubContentViewModel(items: [], state: .failed("the data file is locked")))
        #expect(failed.text.contains("Oops! the data file is locked"))
    }

    @Test func theLoadingRowWhileAPageIsOnItsWay() {
        let content = StubContentViewModel(items: Self.people)
        content.hasMoreAfter = true
        let h = present(header: StubHeaderViewModel(), content: content, height: 20)
        // More follows the last friend: the row under it says so until the rest has come.
        #expect(h.lines[13] == "vi│  loading…                                  │. ")
        content.hasMoreAfter = false
        content.windowCount.value = 3
        h.wait(10)
        #expect(!h.text.contains("loading…"))
    }

    @Test func aLongUnicodeNameIsCutAtTheEdgeWithoutSplittingAWideCharacter() {
        let long = FriendsListItem(id: 9, name: "Zoë Ångström-Kierkegaard 王小龍 Παπαδόπουλος Dvořák de la Montaña",
                                   status: "🦄 a status line far longer than the panel is wide, in several scripts", avatar: "ZÅ")
        let h = present(header: StubHeaderViewModel(), content: StubContentViewModel(items: [long]))
        #expect(h.lines[4] == "Th│  ZÅ  Zoë Ångström-Kierkegaard 王小龍 Παπα… │  ")
        #expect(h.lines[5] == "vi│      🦄 a status line far longer than the… │. ")
    }

    @Test func closeButtonEscAndAClickOutsideAllCloseIt() {
        for way in ["close", "esc", "outside"] {
            let header = StubHeaderViewModel()
            let h = present(header: header, content: StubContentViewModel(items: Self.people))
            let root = h.window.rootViewController!
            #expect(root.presentedViewController is FriendsListContainerViewController)
            switch way {
            case "close": h.press("click:38,2 wait:400ms")
            case "esc": h.press("Esc wait:400ms")
            default: h.press("click:0,15 wait:400ms")
            }
            #expect(root.presentedViewController == nil, "\(way)")
            #expect(!h.text.contains("Friends"), "\(way)")
        }
    }

    @Test func selectionAndLoadingMoreNearTheEnd() {
        let many = (0..<12).map { FriendsListItem(id: Int64($0), name: "Friend \($0)", status: "status \($0)", avatar: "F\($0 % 10)") }
        let content = StubContentViewModel(items: many)
        content.hasMoreAfter = true
        let h = present(header: StubHeaderViewModel(), content: content)
        #expect(content.loadMoreCalls == 0)
        h.press("Down Down Enter")
        #expect(content.selected == [2])
        h.press("Down Down Down Down Down Down Down Down")
        #expect(content.loadMoreCalls == 1) // near the end of the window
        h.press("End")
        #expect(content.showLastCalls == 1) // the list's true end is asked for, not the window's
        #expect(h.text.contains("loading…"))
        // Letters are type-ahead here: they seek, gathered while typed within a second.
        h.press("\"lo\" wait:2s h")
        #expect(content.seeks == ["l", "lo", "h"])
    }

    @Test func theDemoViewModelsFillTheComponentsAndTick() throws {
        let h = Harness(width: 50, height: 16, root: BackdropViewController())
        let header = FriendsListHeaderDemoViewModel(seed: 7, scheduler: h.app.scheduler)
        let content = FriendsListContentDemoViewModel(seed: 7, totalCount: 45, pageSize: 20, scheduler: h.app.scheduler)
        FriendsListPresenter(headerViewModel: header, contentViewModel: content).presentFriendsList(from: h.window.rootViewController!)
        h.wait(100)
        #expect(h.text.contains("Loading friends…"))
        h.wait(600)
        #expect(content.windowCount.value == 20)
        #expect(!h.text.contains("Loading friends…"))
        let before = header.friendsCount.value, countBefore = header.count
        #expect(h.lines[2].contains(before))
        h.wait(5000)
        // Five ticks of +0…4 (seed 7 draws some above 0): a new count, on screen.
        #expect(header.count > countBefore && header.count <= countBefore + 20)
        #expect(h.lines[2].contains(header.friendsCount.value) && !h.lines[2].contains(before))
        h.press("End")
        #expect(h.text.contains("loading…"))
        h.wait(700)
        // The last page, read directly: the last friend selected, nothing after it.
        #expect(!content.hasMoreAfter && content.hasMoreBefore)
        let last = try #require(content.item(at: content.windowCount.value - 1))
        #expect(last == DemoFriends(seed: 7).friend(at: 44))
        #expect(h.text.contains(last.name))
        h.press("Home wait:700ms")
        #expect(!content.hasMoreBefore)
        // The same seed, the same friends.
        let again = FriendsListContentDemoViewModel(seed: 7, totalCount: 45, pageSize: 20)
        #expect(again.item(at: 3) == content.item(at: 3))
        #expect(FriendsListHeaderDemoViewModel(seed: 7).friendsCount.value == FriendsListHeaderDemoViewModel(seed: 7).friendsCount.value)
        // Type-ahead on the demo friends: the first whose name starts with the letters.
        let wanted = try #require(content.item(at: 7)?.name.prefix(2))
        h.press("\"\(wanted)\" wait:700ms")
        let first = try #require(content.item(at: 0))
        #expect(first.name.lowercased().hasPrefix(wanted.lowercased()))
        #expect(h.text.contains(first.name))
    }

    @Test func theDemoHeaderHalvesPast9999() {
        let header = FriendsListHeaderDemoViewModel(seed: 1)
        var seen: [Int] = []
        for _ in 0..<6000 { header.tick(); seen.append(header.count) }
        #expect(seen.max()! <= 9999)
        #expect(seen.contains { $0 < 6000 } && seen.contains { $0 > 9000 })
    }
}
