import AppServices
import AppTestSupport
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

@MainActor
final class DuplicatesPresenterSpy: DuplicatesPresentationLogic {
    var found: [Duplicates.FindDuplicates.Response] = []
    var merges: [Duplicates.MergePair.Response] = []
    func presentDuplicates(response: Duplicates.FindDuplicates.Response) { found.append(response) }
    func presentMerge(response: Duplicates.MergePair.Response) { merges.append(response) }
}

@MainActor
final class DuplicatesDisplaySpy: DuplicatesDisplayLogic {
    var shown: [Duplicates.FindDuplicates.ViewModel] = []
    var merges: [Duplicates.MergePair.ViewModel] = []
    func displayDuplicates(viewModel: Duplicates.FindDuplicates.ViewModel) { shown.append(viewModel) }
    func displayMerge(viewModel: Duplicates.MergePair.ViewModel) { merges.append(viewModel) }
}

@MainActor
final class DuplicatesBusinessLogicSpy: DuplicatesBusinessLogic, DuplicatesDataStore {
    var finds = 0
    var merged: [Int] = []
    var selected: [Int] = []
    var selectedContactID: Int64?
    func findDuplicates(request: Duplicates.FindDuplicates.Request) { finds += 1 }
    func mergePair(request: Duplicates.MergePair.Request) { merged.append(request.index) }
    func selectPair(request: Duplicates.SelectPair.Request) { selected.append(request.index) }
}

/// A store that records the slices asked for and the merges.
final class DuplicatesStoreSpy: ForwardingContactsService {
    let book = InMemoryContacts()
    var forwardee: any ContactsService & FriendsService { book }
    var slices: [(cursor: FriendCursor?, limit: Int)] = []
    var merges: [(kept: ContactRecord, away: Int64)] = []
    func willForward(_ call: StaticString) throws(ServiceError) {}
    func matchKeys(after cursor: FriendCursor?, limit: Int) throws(ServiceError) -> [ContactMatchKeys] {
        slices.append((cursor, limit))
        return try book.matchKeys(after: cursor, limit: limit)
    }
    func merge(_ kept: ContactRecord, removing mergedAway: Int64) throws(ServiceError) -> Bool {
        merges.append((kept, mergedAway))
        return try book.merge(kept, removing: mergedAway)
    }
}

@MainActor
@Suite("Possible duplicates (VIP boundaries, the finder, the whole flow)", .serialized)
struct DuplicatesSceneTests {
    // MARK: The finder

    @Test func theFinderStopsAtTheMostPairsKept() {
        var finder = DuplicatesFinder()
        finder.maxPairs = 3
        finder.add((1...10).map { i in
            ContactMatchKeys(contact: ContactSummary(id: Int64(i), firstName: "Ada", lastName: "Allen", isFriend: false, sortKey: "allen ada"),
                             emails: [], phones: [])
        })
        #expect(finder.pairs.map(\.second.id) == [2, 3, 4])
        #expect(finder.isFull && finder.read == 4)
    }

    @Test func theFinderPairsSameEmailPhoneAndNameAcrossSlices() {
        func keys(_ id: Int64, _ first: String, _ last: String, emails: [String] = [], phones: [String] = []) -> ContactMatchKeys {
            ContactMatchKeys(contact: ContactSummary(id: id, firstName: first, lastName: last, isFriend: false,
                                                     sortKey: SearchText.sortKey(firstName: first, lastName: last)),
                             emails: emails, phones: phones)
        }
        var finder = DuplicatesFinder()
        finder.add([keys(1, "Augusta", "King", emails: ["ADA@example.org"]), keys(2, "Ada", "Lovelace", phones: ["+44 20 7946 0018"])])
        finder.add([keys(3, "ada", "lovelace"), keys(4, "A.", "Lovelace", emails: ["ada@example.org"], phones: ["020 7946 0018"]),
                    keys(5, "", "", phones: ["12"]), keys(6, "", "", phones: ["12"])])
        #expect(finder.read == 6)
        #expect(finder.pairs.map { [$0.first.id, $0.second.id] } == [[2, 3], [1, 4]])
        #expect(finder.pairs.map(\.reason) == [.name, .email("ada@example.org")])   // 4 pairs once, by what was seen first
        // 3 merged into 2: the pair is gone.
        finder.merged(3, into: ContactSummary(id: 2, firstName: "Ada", lastName: "Lovelace", isFriend: false, sortKey: "lovelace ada"))
        #expect(finder.pairs.map { [$0.first.id, $0.second.id] } == [[1, 4]])
        // 4 merged into 1: none left.
        finder.merged(4, into: ContactSummary(id: 1, firstName: "Augusta", lastName: "King", isFriend: false, sortKey: "king augusta"))
        #expect(finder.pairs.isEmpty)
    }

    // MARK: Interactor → presenter, worker → store

    func store() throws -> DuplicatesStoreSpy {
        let s = DuplicatesStoreSpy()
        _ = try s.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@example.org"], notes: "one"))
        _ = try s.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        _ = try s.add(ContactRecord(firstName: "Augusta", lastName: "King", emails: ["ADA@example.org", "countess@example.org"], notes: "two"))
        return s
    }

    @Test func theInteractorReadsSliceBySliceWithATurnBetweenAndMerges() throws {
        let s = try store()
        let interactor = DuplicatesInteractor(worker: DuplicatesWorker(store: s))
        interactor.sliceSize = 2
        var waiting: [@MainActor () -> Void] = []
        interactor.pause = { waiting.append($0) }
        let presenter = DuplicatesPresenterSpy()
        interactor.presenter = presenter
        interactor.findDuplicates(request: .init())
        // One slice, then the run loop's turn (keys), before the next.
        #expect(s.slices.count == 1 && s.slices[0].cursor == nil && s.slices[0].limit == 2)
        #expect(presenter.found.last?.finished == false && presenter.found.last?.read == 2)
        #expect(waiting.count == 1)
        waiting.removeFirst()()
        #expect(s.slices.count == 2 && s.slices[1].cursor?.sortKey == SearchText.sortKey(firstName: "Augusta", lastName: "King"))
        #expect(presenter.found.last?.finished == true && presenter.found.last?.read == 3)
        let pair = try #require(presenter.found.last?.pairs.first)
        #expect(presenter.found.last?.pairs.count == 1)
        #expect([pair.first.lastName, pair.second.lastName] == ["King", "Lovelace"] && pair.reason == .email("ada@example.org"))
        #expect(waiting.isEmpty)

        interactor.selectPair(request: .init(index: 0))
        #expect(interactor.selectedContactID == pair.first.id)
        interactor.mergePair(request: .init(index: 0))
        #expect(s.merges.count == 1 && s.merges[0].away == pair.second.id)
        #expect(s.merges[0].kept.emails == ["ADA@example.org", "countess@example.org"])
        #expect(s.merges[0].kept.notes == "two\none")
        #expect(presenter.merges == [.init(keptName: "Augusta King", mergedName: "Ada Lovelace", merged: true)])
        #expect(presenter.found.last?.pairs.isEmpty == true)
        #expect(try s.count(matching: "") == 2)
        #expect(try s.restoreLastDeleted()?.lastName == "Lovelace")        // u brings it back
    }

    // MARK: Presenter → display

    @Test func thePresenterSaysWhyAndWhereTheReadingIs() {
        let presenter = DuplicatesPresenter()
        let display = DuplicatesDisplaySpy()
        presenter.viewController = display
        let a = ContactSummary(id: 1, firstName: "ada", lastName: "lovelace", isFriend: false, sortKey: "lovelace ada")
        let b = ContactSummary(id: 2, firstName: "Ada", lastName: "Lovelace", isFriend: false, sortKey: "lovelace ada")
        presenter.presentDuplicates(response: .init(pairs: [], read: 4_000, finished: false))
        #expect(display.shown.last == .init(rows: DuplicateRows(pairs: []), status: "Looking for duplicates… 4,000 contacts read", emptyText: "Looking for duplicates…"))
        presenter.presentDuplicates(response: .init(pairs: [.init(first: a, second: b, reason: .phone("442079460018"))], read: 100_000, finished: true))
        #expect(display.shown.last?.rows.count == 1)
        #expect(display.shown.last?.rows[0] == .init(text: "Ada Lovelace  ·  Ada Lovelace   same phone 442079460018",
                                                     mergeWhat: "Ada Lovelace (the second) into Ada Lovelace", cards: ["Ada Lovelace", "Ada Lovelace"]))
        // The top line fits 80 columns (issue 51): the merge key is in the status line ("m Merge 2nd into 1st").
        #expect(display.shown.last?.status == "1 possible duplicate among 100,000 contacts")
        presenter.presentDuplicates(response: .init(pairs: Array(repeating: .init(first: a, second: b, reason: .name), count: 2_000),
                                                    read: 40_000, finished: true, full: true))
        #expect(display.shown.last?.status == "The first 2,000 possible duplicates (40,000 contacts read; D again after merging)")
        presenter.presentDuplicates(response: .init(pairs: [], read: 12, finished: true))
        #expect(display.shown.last?.emptyText == "No possible duplicates among 12 contacts.")
        presenter.presentMerge(response: .init(keptName: "Ada Lovelace", mergedName: "Augusta King", merged: true))
        #expect(display.merges.last?.message == "Merged Augusta King into Ada Lovelace (u in Contacts brings Augusta King back).")
        presenter.presentMerge(response: .init(keptName: "A", mergedName: "B", merged: false, error: "the data file is read-only."))
        #expect(display.merges.last?.message == "Not merged: the data file is read-only.")
    }

    // MARK: View controller → interactor, router → coordinator

    @Test func theViewControllerAsksBeforeItMergesAndTheRouterOpensTheCard() {
        let vc = DuplicatesViewController()
        let spy = DuplicatesBusinessLogicSpy()
        let router = DuplicatesRouter()
        let coordinator = CoordinatorSpy()
        router.dataStore = spy
        router.coordinator = coordinator
        vc.interactor = spy
        vc.router = router
        let terminal = VirtualTerminal(size: Size(width: 100, height: 20))
        let app = Application(terminal: terminal)
        app.window.rootViewController = NavigationController(rootViewController: vc)
        app.renderFrame()
        #expect(spy.finds == 1)                                           // read as it appears
        let ada = ContactSummary(id: 1, firstName: "Ada", lastName: "Lovelace", isFriend: false, sortKey: "lovelace ada")
        let king = ContactSummary(id: 2, firstName: "Augusta", lastName: "King", isFriend: false, sortKey: "king augusta")
        vc.displayDuplicates(viewModel: .init(rows: DuplicateRows(pairs: [.init(first: ada, second: king, reason: .email("ada@example.org"))]),
                                              status: "1 possible duplicate among 3 contacts · m merges the second into the first", emptyText: ""))
        app.renderFrame()
        #expect(terminal.text.contains("Ada Lovelace  ·  Augusta King   same e-mail ada@example.org"))
        try? terminal.enqueue(script: "m wait:400ms Enter wait:400ms")                           // Enter on the default button: Cancel
        try? app.run()
        #expect(terminal.text.contains("Merge the 2nd into the 1st?") == false)
        #expect(spy.merged.isEmpty)
        try? terminal.enqueue(script: "m wait:400ms")
        try? app.run()
        #expect(terminal.text.contains("Merge the 2nd into the 1st?"), "\(terminal.text)")
        try? terminal.enqueue(script: "Left Enter wait:400ms")
        try? app.run()
        #expect(spy.merged == [0])
        spy.selectedContactID = 7
        try? terminal.enqueue(script: "Enter wait:400ms")
        try? app.run()
        #expect(spy.selected == [0] && coordinator.shown == [.contactDetail(id: 7)])
    }

    // MARK: The card's hint

    @Test func theCardNamesALikelyDuplicateAndMergesItIn() throws {
        let s = try store()
        let ada = try #require(s.book.all.first { $0.lastName == "Lovelace" }?.id)
        let king = try #require(s.book.all.first { $0.lastName == "King" }?.id)
        let interactor = ShowContactInteractor(contactID: ada, worker: ShowContactWorker(store: s))
        let presenter = ShowContactPresenter()
        let display = ShowContactDisplaySpy()
        presenter.viewController = display
        interactor.presenter = presenter
        interactor.getContact(request: .init())
        let shown = try #require(display.contacts.last)
        #expect(shown.lines.last == ShowContact.GetContact.ViewModel.Line(label: "possible duplicate", value: "Augusta King, same e-mail ada@example.org (m merges it in)"))
        #expect(shown.mergeQuestion?.hasPrefix("Merge Augusta King into Ada Lovelace?") == true)
        interactor.mergeDuplicate(request: .init())
        #expect(display.merges.map(\.message) == ["Merged Augusta King in (u in Contacts brings it back)."])
        let after = try #require(display.contacts.last)
        #expect(after.mergeQuestion == nil && !after.lines.contains { $0.label == "possible duplicate" })
        #expect(after.lines.contains { $0.value == "countess@example.org" })
        #expect(s.merges.map(\.away) == [king])
    }

    // MARK: The whole flow, on the virtual screen

    /// Signed in as ada with Ada Lovelace twice (the same e-mail) and Grace Hopper in the file.
    func appWithDuplicates(width: Int = 100, height: Int = 30) throws -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let file = SQLiteContactsStore(database: db, accountID: account.id)
        var first = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "work", number: "+44 20 7946 0018")],
                                  emails: ["ada@example.org"], notes: "Wrote the first program")
        first.categories = ["Science"]
        _ = try file.add(first)
        _ = try file.add(ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["grace@example.org"]))
        var second = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "mobile", number: "+44 7700 900123")],
                                   emails: ["Ada@Example.org", "countess@lovelace.example"], notes: "Countess", isFriend: true)
        second.categories = ["Poetry"]
        _ = try file.add(second)
        h.press("C wait:400ms")
        return h
    }

    @Test func duplicatesAreFoundMergedAndBroughtBack() throws {
        let h = try appWithDuplicates()
        #expect(h.lines[0].contains("Contacts (3)"))
        h.press("D wait:400ms wait:400ms")
        #expect(h.lines[0].contains("Possible duplicates"), "\(h.text)")
        #expect(h.text.contains("1 possible duplicate among 3 contacts"), "\(h.text)")
        // What tells the two apart (issue 51): here the phone.
        #expect(h.text.contains("Ada Lovelace (442079460018)  ·  Ada Lovelace (447700900123)   same e-mail ada@example.org"), "\(h.text)")
        #expect(h.lines.last?.contains("m Merge 2nd into 1st") == true, "\(h.lines.last ?? "")")
        h.press("m wait:400ms")
        // The two shown before the merge.
        #expect(h.text.contains("1st: Ada Lovelace · ada@example.org ·"), "\(h.text)")
        #expect(h.text.contains("2nd: Ada Lovelace · ada@example.org ·"), "\(h.text)")
        #expect(h.text.contains("Merge the 2nd into the 1st?"), "\(h.text)")
        h.press("Left Enter wait:400ms")
        #expect(h.text.contains("Merged Ada Lovelace into Ada Lovelace (u in Contacts brings Ada Lovelace back)."), "\(h.text)")
        #expect(h.text.contains("No possible duplicates among 3 contacts."), "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(h.lines[0].contains("Contacts (2)"), "\(h.text)")
        h.press("Down Enter wait:400ms")                                  // Ada Lovelace's card: both of everything
        for value in ["+44 20 7946 0018", "+44 7700 900123", "ada@example.org", "countess@lovelace.example", "yes ★"] {
            #expect(h.text.contains(value), "\(value): \(h.text)")
        }
        #expect(h.text.contains("Wrote the first program") && h.text.contains("Countess"), "\(h.text)")
        #expect(!h.text.contains("possible duplicate"))
        h.press("Esc wait:400ms u wait:400ms")                           // the merged-away one comes back
        #expect(h.lines[0].contains("Contacts (3)"), "\(h.text)")
        #expect(h.text.contains("Brought back Ada Lovelace"), "\(h.text)")
    }

    @Test func theCardHintsAtADuplicateAndMergesIt() throws {
        let h = try appWithDuplicates(width: 40, height: 12)
        h.press("Down Enter wait:400ms")                                  // the first Ada
        h.press("End wait:100ms")
        #expect(h.text.contains("possible"), "\(h.text)")
        #expect(h.text.contains("(m merges it in)"), "\(h.text)")
        h.press("m wait:400ms Left Enter wait:400ms Home wait:100ms")
        #expect(h.text.contains("Merged Ada Lovelace in"), "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(h.lines[0].contains("Contacts (2)"), "\(h.text)")
    }
}
