import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
@testable import Components

/// Type-ahead in the friends popup finds what the rows show (issue 39, item 5: `ti` landed on
/// Ada Torvalds, sorted by her family name, while the rows read "First Last"; emoji-first names
/// could not be reached).
@MainActor
@Suite("Friends popup type-ahead, as a user types it", .serialized)
struct FriendsTypeAheadTests {
    func harness(_ friends: [(String, String)]) throws -> AppHarness {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for (first, last) in friends { _ = try store.add(ContactRecord(firstName: first, lastName: last, isFriend: true)) }
        return h
    }

    /// The name on the row the popup's selection is on.
    func selectedName(_ h: AppHarness) throws -> String? {
        func find(_ c: ViewController) -> FriendsListContainerViewController? {
            if let popup = c as? FriendsListContainerViewController { return popup }
            for next in c.children + [c.presentedViewController].compactMap({ $0 }) { if let found = find(next) { return found } }
            return nil
        }
        let popup = try #require(find(h.root))
        return try #require(popup.contentViewController as? FriendsListViewController).friendsListView.contentView.selectedItem?.name
    }

    @Test func typingTiLandsOnTimThompson() throws {
        let h = try harness([("Ada", "Torvalds"), ("Tim", "Thompson"), ("Grace", "Hopper"), ("🎸", "Guitar")])
        h.press("wait:1s F wait:400ms")
        #expect(h.text.contains("Ada Torvalds"), "\(h.text)")
        h.press(#""ti" wait:100ms"#)
        #expect(try selectedName(h) == "Tim Thompson", "\(h.text)")
        h.press(#"wait:2s "🎸" wait:100ms"#)
        #expect(try selectedName(h) == "🎸 Guitar", "\(h.text)")
        h.press("wait:2s Enter wait:400ms")
        #expect(h.lines[0].contains("🎸 Guitar"), "\(h.text)") // the card of the friend landed on
    }

    /// Issue 51: the popup is sorted by family name, so type-ahead seeks by it (`Tur`, `Hop`
    /// did not move; `Z` landed on "Zoë Ångström"), and what is typed is shown while it counts.
    @Test func typeAheadSeeksByTheSortKeyAndShowsWhatIsTyped() throws {
        let h = try harness([("Zoë", "Ångström"), ("Grace", "Hopper"), ("Alan", "Turing"), ("Konrad", "Zuse"), ("Ada", "Lovelace")])
        h.press("wait:1s F wait:400ms")
        #expect(try selectedName(h) == "Zoë Ångström", "\(h.text)")
        h.press(#""Tur" wait:100ms"#)
        #expect(try selectedName(h) == "Alan Turing", "\(h.text)")
        #expect(h.text.contains("Go to: Tur"), "\(h.text)")
        h.press(#"wait:2s "Hop" wait:100ms"#)
        #expect(try selectedName(h) == "Grace Hopper", "\(h.text)")
        #expect(h.text.contains("Go to: Hop") && !h.text.contains("Go to: Tur"), "\(h.text)")
        h.press(#"wait:2s "Z" wait:100ms"#)
        #expect(try selectedName(h) == "Konrad Zuse", "\(h.text)")
        h.press("wait:2s")
        #expect(!h.text.contains("Go to:"), "\(h.text)")                 // gone once the pause has passed
    }
}
