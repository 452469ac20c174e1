import TestSupport
import AppServices
import Foundation
import Testing
@testable import App
@testable import Components
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// The real friends view models on a real temporary SQLite file.
@MainActor
@Suite("Friends list, real view models", .serialized)
struct FriendsListRealViewModelTests {
    final class Files {
        let folder = TempFolder("friends")
        var path: String { folder.file("db.sqlite3") }
    }

    /// A file with one account and a store on it; `other` is a second connection to the same file.
    func makeStores(_ files: Files) throws -> (mine: SQLiteContactsStore, other: SQLiteContactsStore) {
        let db = try SQLiteDatabase(path: files.path)
        let account = try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1)
        let otherDB = try SQLiteDatabase(path: files.path)
        return (SQLiteContactsStore(database: db, accountID: account.id), SQLiteContactsStore(database: otherDB, accountID: account.id))
    }

    func addFriends(_ store: SQLiteContactsStore, _ names: [(String, String)]) throws -> [Int64] {
        try names.map { try store.add(ContactRecord(firstName: $0.0, lastName: $0.1, emails: ["\($0.0.lowercased())@x.example"], isFriend: true)) }
    }

    static let lastNames = ["Allen", "Backus", "Hopper", "Lovelace", "Turing", "Zuse"]

    /// Every friend from the top, page after page (the window drops far pages on the way).
    func everyItem(_ provider: FriendsListDataProvider) -> [FriendsListItem] {
        var items: [FriendsListItem] = []
        var seen = Set<Int64>()
        func take() { for f in provider.pager.window where seen.insert(f.item.id).inserted { items.append(f.item) } }
        take()
        while provider.pager.hasMoreAfter {
            provider.pager.loadNextPage()
            take()
        }
        return items
    }

    @Test func pagesComeInListOrderAndTheCountIsRight() throws {
        let files = Files()
        let (store, _) = try makeStores(files)
        // Many friends share a name, so page boundaries fall inside runs of one sort key.
        _ = try addFriends(store, (0..<95).map { ("Ada", Self.lastNames[$0 % 6]) })
        _ = try store.add(ContactRecord(firstName: "Not", lastName: "Afriend"))
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil, pageSize: 10, keptPages: 3)
        let header = FriendsListHeaderViewModel(dataProvider: provider)
        let content = FriendsListContentViewModel(dataProvider: provider)
        #expect(header.friendsCount.value == "95 friends")
        #expect(content.windowCount.value == 10) // the first page, asked for on creation
        #expect(content.state.value == .normal)
        let expected = try store.contacts(matching: "", offset: 0, limit: 200).filter(\.isFriend).map(\.id)
        #expect(everyItem(provider).map(\.id) == expected)
        #expect(provider.pager.window.count <= 30) // three pages at most
        content.showFirstPage()
        #expect(content.item(at: 0)?.name == "Ada Allen")
        #expect(content.item(at: 0)?.avatar == "AA")
        #expect(content.item(at: 0)?.status == "ada@x.example")
    }

    @Test func endReadsTheLastPageAndUpGoesBackToTheFirst() throws {
        let files = Files()
        let (store, _) = try makeStores(files)
        _ = try addFriends(store, (0..<203).map { ("F\(String(format: "%03d", $0))", Self.lastNames[$0 % 6]) })
        let expected = try store.contacts(matching: "", offset: 0, limit: 300).map(\.id)
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil, pageSize: 10, keptPages: 4)
        let content = FriendsListContentViewModel(dataProvider: provider)
        content.showLastPage()
        #expect(content.lastWindowChange == .jumped(to: .last))
        #expect(provider.pager.window.map(\.item.id) == Array(expected.suffix(10)))
        #expect(!content.hasMoreAfter && content.hasMoreBefore)
        #expect(content.position(ofItem: 9) == 1)
        // Upwards a page at a time: the same friends in the same order, the window never above four pages.
        var upwards: [Int64] = provider.pager.window.map(\.item.id)
        while content.hasMoreBefore {
            let first = provider.pager.window.first!.item.id
            content.loadPreviousPage()
            guard case .shifted(let by) = content.lastWindowChange else { Issue.record("not a shift"); break }
            let window = provider.pager.window.map(\.item.id)
            #expect(window[by] == first) // the old first row moved down by the rows that came
            upwards.insert(contentsOf: window.prefix(by), at: 0)
            #expect(window.count <= 40)
        }
        #expect(upwards == expected)
        #expect(content.position(ofItem: 0) == 0)
        // Home from the middle: the first page again.
        content.showLastPage()
        content.showFirstPage()
        #expect(provider.pager.window.map(\.item.id) == Array(expected.prefix(10)))
        #expect(!content.hasMoreBefore)
    }

    @Test func typeAheadSeeksByTheSortKeyAndByTheNameAsTheRowsShowIt() throws {
        let files = Files()
        let (store, _) = try makeStores(files)
        // List order (family name first): Hoppé, Hopper, Lovelace, Lovell, Thompson, Torvalds, Turing, Unicorn, Zuse.
        _ = try addFriends(store, [("Ada", "Lovelace"), ("Grace", "Hopper"), ("Alan", "Turing"), ("Konrad", "Zuse"),
                                   ("Linus", "Lovell"), ("Émile", "Hoppé"), ("Ada", "Torvalds"), ("Tim", "Thompson"),
                                   ("🦄", "Unicorn")])
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil, pageSize: 2)
        let content = FriendsListContentViewModel(dataProvider: provider)
        content.seek(toPrefix: "ti") // issue 39: the row reads "Tim Thompson", not "Ada Torvalds"
        #expect(content.item(at: 0)?.name == "Tim Thompson")
        #expect(content.hasMoreBefore)
        content.seek(toPrefix: "a") // the first "A…" row in list order
        #expect(content.item(at: 0)?.name == "Ada Lovelace")
        content.seek(toPrefix: "al")
        #expect(content.item(at: 0)?.name == "Alan Turing")
        content.seek(toPrefix: "emile") // folded: "Émile" is found
        #expect(content.item(at: 0)?.name == "Émile Hoppé")
        #expect(!content.hasMoreBefore)
        content.seek(toPrefix: "🦄") // an emoji-first name is reached
        #expect(content.item(at: 0)?.name == "🦄 Unicorn")
        content.seek(toPrefix: "lov") // issue 51: the popup is sorted by family name, and typed so it is found
        #expect(content.item(at: 0)?.name == "Ada Lovelace")
        // A company's card is shown by the company: typed as shown, it is found.
        _ = try store.add(ContactRecord(firstName: "", lastName: "", company: "Ørsted A/S", isFriend: true))
        content.seek(toPrefix: "ørs")
        #expect(content.item(at: 0)?.name == "Ørsted A/S")
    }

    @Test func typeAheadLooksPastTheFirstReadOfTheIndex() throws {
        let files = Files()
        let (store, _) = try makeStores(files)
        _ = try addFriends(store, (0..<(FriendsListDataProvider.lookUpPage + 20)).map { ("Ann\($0)", "Aaa") } + [("Zoe", "Zzz")])
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil, pageSize: 10)
        let content = FriendsListContentViewModel(dataProvider: provider)
        content.seek(toPrefix: "zo")
        #expect(content.item(at: 0)?.name == "Zoe Zzz")
    }

    @Test func noDuplicatesOrGapsWhileAnotherConnectionAddsAndDeletes() throws {
        let files = Files()
        let (store, other) = try makeStores(files)
        let original = try addFriends(store, (0..<60).map { ("N\($0 % 10)", Self.lastNames[$0 % 6]) })
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil, pageSize: 7)
        var items: [FriendsListItem] = []
        var seen = Set<Int64>()
        var deleted: Set<Int64> = []
        var round = 0
        provider.pager.loadNextPage()
        while true {
            for f in provider.pager.window where seen.insert(f.item.id).inserted { items.append(f.item) }
            guard provider.pager.hasMoreAfter else { break }
            // Between pages: friends added before and after the cursor, some deleted on either side.
            _ = try addFriends(other, [("Aaron", "Aardvark"), ("Zed", "Zzyzx"), ("N\(round)", "Hopper")])
            let victim = original[(round * 11) % original.count]
            if !deleted.contains(victim) { _ = try other.delete(id: victim); deleted.insert(victim) }
            provider.pager.loadNextPage()
            round += 1
        }
        let ids = items.map(\.id)
        #expect(Set(ids).count == ids.count, "a friend appeared twice")
        // In list order throughout.
        let keys = try ids.filter { !deleted.contains($0) }.map { id in try #require(try store.contact(id: id)).lastName.lowercased() }
        #expect(keys == keys.sorted())
        // Everyone who was there from start to end shows, unless deleted before their page was read.
        let survivors = Set(original).subtracting(deleted)
        #expect(survivors.subtracting(ids).isEmpty)
    }

    @Test func aChangeElsewhereIsReadIntoTheWindow() throws {
        let files = Files()
        let (store, other) = try makeStores(files)
        _ = try addFriends(store, (0..<30).map { ("F\($0)", Self.lastNames[$0 % 6]) })
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil, pageSize: 10)
        let content = FriendsListContentViewModel(dataProvider: provider)
        let gone = try #require(content.item(at: 5))
        _ = try other.delete(id: gone.id)
        provider.refreshCount()
        #expect(content.windowCount.value == 10)
        #expect(!(0..<10).contains { content.item(at: $0) == gone })
    }

    @Test func theHeaderCountFollowsChangesElsewhere() throws {
        let files = Files()
        let (store, other) = try makeStores(files)
        let ids = try addFriends(store, [("Ada", "Lovelace"), ("Grace", "Hopper")])
        let h = Harness(width: 60, height: 20)
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: h.app.scheduler)
        let header = FriendsListHeaderViewModel(dataProvider: provider)
        #expect(header.friendsCount.value == "2 friends")
        _ = try addFriends(other, [("Alan", "Turing")])
        h.wait(1100)
        #expect(header.friendsCount.value == "2 friends") // no timer of its own: an open popup does not wake the app
        provider.reloadForChangesElsewhere()              // what the app's look for changes elsewhere calls
        #expect(header.friendsCount.value == "3 friends")
        _ = try other.setFriend(id: ids[0], false)
        _ = try other.delete(id: ids[1])
        provider.reloadForChangesElsewhere()
        #expect(header.friendsCount.value == "1 friend")
    }

    @Test func aFriendAddedElsewhereToAnEmptyListShows() throws {
        let files = Files()
        let (store, other) = try makeStores(files)
        let provider = FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil)
        let content = FriendsListContentViewModel(dataProvider: provider)
        #expect(content.state.value == .empty)
        _ = try addFriends(other, [("Ada", "Lovelace")])
        provider.refreshCount()                           // the poll: the count went from 0 to 1
        #expect(provider.totalItemsCount.value == 1)
        #expect(content.state.value == .normal)           // and the window was read again
        #expect(content.item(at: 0)?.name == "Ada Lovelace")
    }

    @Test func anEmptyListSaysSo() throws {
        let files = Files()
        let (store, _) = try makeStores(files)
        _ = try store.add(ContactRecord(firstName: "Not", lastName: "Afriend"))
        let content = FriendsListContentViewModel(dataProvider: FriendsListDataProvider(store: store, itemFactory: FriendsListItemFactory(), scheduler: nil))
        #expect(content.state.value == .empty)
        #expect(content.windowCount.value == 0)
    }
}

@MainActor
@Suite("Friends popup end to end", .serialized)
struct FriendsPopupEndToEndTests {
    @Test func mainPopupScrollToTheEndCardBackAndClose() throws {
        let h = AppHarness(width: 80, height: 24)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for i in 0..<230 {
            _ = try store.add(ContactRecord(firstName: "Friend\(String(format: "%03d", i))", lastName: "Zuse", isFriend: i % 2 == 0 || i == 229))
        }
        h.press("wait:1s")                                // the home reads the new counts (changed elsewhere)
        let mainBefore = h.text
        h.press("F wait:400ms")
        #expect(h.text.contains("116 friends"))
        #expect(h.text.contains("Friend000 Zuse"))
        // End reads the last page directly: the last friend, selected.
        h.press("End wait:50ms")
        #expect(h.text.contains("Friend229 Zuse"))
        #expect(!h.text.contains("loading…"))
        h.press("Enter wait:400ms")
        #expect(h.lines[0].contains("Friend229 Zuse"))  // the card, through Screen.contactDetail
        #expect(h.text.contains("friend"))
        h.press("Esc wait:400ms")
        #expect(h.text.contains("116 friends"))          // back on the popup, where it was
        #expect(h.text.contains("Friend229 Zuse"))
        h.press("Esc wait:400ms")
        #expect(h.text == mainBefore)                     // main as before
        #expect(h.topController is MainViewController)
    }

    /// The popup's content view, once open.
    func content(_ h: AppHarness) throws -> FriendsListContentView {
        func find(_ c: ViewController) -> FriendsListContainerViewController? {
            if let popup = c as? FriendsListContainerViewController { return popup }
            for next in c.children + [c.presentedViewController].compactMap({ $0 }) { if let found = find(next) { return found } }
            return nil
        }
        let popup = try #require(find(h.root))
        return try #require(popup.contentViewController as? FriendsListViewController).friendsListView.contentView
    }

    @Test func endUpAndHomeReachTheTrueEndsOf3000Friends() throws {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        var generator = ContactGenerator(seed: 3)
        try store.addMany(count: 3_000, generator: &generator, friendPercent: 100)
        let all = try store.friends(after: nil, limit: 5_000).map(\.id)
        #expect(all.count == 3_000)
        h.press("F wait:400ms")
        let view = try content(h)
        #expect(view.selectedItem?.id == all[0])
        var frames: [String] = []
        h.terminal.onFrame = { frames.append($0.text) }
        h.press("End")
        // One frame says "loading…" (the page is read after it, never inside layout), the next has the last friend.
        #expect(frames.count >= 2)
        #expect(frames.first?.contains("loading…") == true)
        #expect(frames.last?.contains("loading…") == false)
        h.terminal.onFrame = nil
        #expect(view.selectedItem?.id == all[2_999])
        let lastName = try #require(view.selectedItem?.name)
        #expect(h.text.contains(lastName))
        for _ in 0..<20 { h.press("Up") }
        #expect(view.selectedItem?.id == all[2_979])
        // PgUp across the page boundary behind the window: read backwards as it is reached.
        for _ in 0..<40 { h.press("PgUp") }
        let selected = try #require(view.selectedItem?.id)
        let index = try #require(all.firstIndex(of: selected))
        #expect(index < 2_800 && index > 2_000)
        for _ in 0..<3 { h.press("Down") }
        #expect(view.selectedItem?.id == all[index + 3])
        h.press("Home")
        #expect(view.selectedItem?.id == all[0])
        #expect(!h.text.contains("loading…"))
    }

    @Test func theDeepLinkOpensThePopupOnceMainIsReached() {
        let h = AppHarness(width: 80, height: 24, deepLink: "switchboard://friends")
        h.createAccount()
        #expect(h.text.contains("0 friends"))
        #expect(h.text.contains("No friends to show"))
    }
}
