import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 51, "Many at once, and the trash": marking as abook does, through the whole app on the
/// virtual screen over a real data file, and the scene's boundaries with spies.
@MainActor
@Suite("Marking contacts and the Trash", .serialized)
struct MarkingTests {
    final class Programs: @unchecked Sendable {
        var runs: [[String]] = []
    }

    /// ada signed in, with these contacts in the file, on the contacts list.
    func harness(_ names: [(String, String, String)], width: Int = 100, height: Int = 30, noColor: Bool = false,
                 programs: Programs = Programs()) throws -> (AppHarness, SQLiteContactsStore, [Int64]) {
        let h = AppHarness(width: width, height: height, noColor: noColor, runProgram: { arguments in
            programs.runs.append(arguments)
            return .exited(0)
        })
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        var ids: [Int64] = []
        for (first, last, email) in names {
            ids.append(try store.add(ContactRecord(firstName: first, lastName: last, emails: email.isEmpty ? [] : [email])))
        }
        h.press("wait:400ms C wait:400ms")
        return (h, store, ids)
    }

    static let four = [("Ada", "Lovelace", "ada@example.org"), ("Grace", "Hopper", "grace@example.org"),
                       ("Alan", "Turing", "alan@example.org"), ("Charles", "Babbage", "")]

    func row(_ h: AppHarness, _ name: String) -> String? { h.lines.first { $0.contains(name) } }

    @Test(arguments: [false, true]) func spacePlusMinusStarMarkAndTheTitleCounts(noColor: Bool) throws {
        let (h, _, _) = try harness(Self.four, noColor: noColor)
        #expect(h.lines[0].contains("Contacts (4)") && !h.lines[0].contains("marked"), "\(h.text)")
        h.press("Space")                                                  // Babbage (first), then on to Hopper
        #expect(h.lines[0].contains("Contacts (4) · 1 marked"), "\(h.lines[0])")
        #expect(row(h, "Charles Babbage")?.trimmingCharacters(in: .whitespaces).hasPrefix("*") == true, "\(h.text)")
        #expect(row(h, "Grace Hopper")?.contains("*") == false)
        h.press("Space")
        #expect(h.lines[0].contains("2 marked"))
        h.press("+")
        #expect(h.lines[0].contains("4 marked"))
        #expect(h.lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("*") }.count == 4, "\(h.text)")
        h.press("-")
        #expect(!h.lines[0].contains("marked"))
        #expect(!h.text.contains("*"))
        h.press("Home Space *")                                           // Babbage marked, then inverted: the other three
        #expect(h.lines[0].contains("3 marked"))
        #expect(row(h, "Charles Babbage")?.contains("*") == false)
        #expect(row(h, "Alan Turing")?.trimmingCharacters(in: .whitespaces).hasPrefix("*") == true)
        // A search keeps the marks; `+` marks only what it shows.
        h.press("- / \"lovelace\" Enter +")
        #expect(h.lines[0].contains("1 found") && h.lines[0].contains("1 marked"), "\(h.lines[0])")
    }

    @Test func theMarkedAreDeletedAtOnceAndOneUndoBringsThemAllBackUnderTheirIds() throws {
        let (h, store, ids) = try harness(Self.four)
        h.press("Space Space Space")                                      // Babbage, Hopper, Lovelace
        #expect(h.lines.last?.contains("d Delete 3 marked") == true, "\(h.lines.last ?? "")")
        h.press("d wait:400ms")
        #expect(h.text.contains("Delete the 3 contacts marked?"), "\(h.text)")
        h.press("Left Enter wait:400ms")
        #expect(h.text.contains("Deleted 3 contacts (u brings them all back)."), "\(h.text)")
        #expect(h.lines[0].contains("Contacts (1)") && !h.lines[0].contains("marked"), "\(h.lines[0])")
        #expect(try store.count(matching: "") == 1)
        h.press("u wait:400ms")
        #expect(h.text.contains("Brought back 3 contacts"), "\(h.text)")
        #expect(h.lines[0].contains("Contacts (4)"))
        #expect(try store.contact(id: ids[0])?.lastName == "Lovelace")   // the ids they had
        #expect(try store.contact(id: ids[3])?.lastName == "Babbage")
    }

    @Test func mComposesOneMailToAllTheMarkedThroughTheSafePath() throws {
        let programs = Programs()
        let (h, _, _) = try harness(Self.four, programs: programs)
        h.press("Space Space Space")                                      // Babbage (no e-mail), Hopper, Lovelace
        h.press("m wait:100ms")
        #expect(programs.runs == [["sh", "-c", "mutt -- \"$@\"", "sh", "grace@example.org", "ada@example.org"]], "\(programs.runs)")
        #expect(h.text.contains("Wrote a mail to 2 addresses in mutt (1 contact without an e-mail left out)."), "\(h.text)")
        h.press("y")
        #expect(h.terminal.clipboard == "grace@example.org, ada@example.org")
        // Nothing marked: `m` writes to the contact under the cursor alone, as abook's.
        h.press("- Home Down Down m wait:100ms")
        #expect(programs.runs.last == ["sh", "-c", "mutt -- \"$@\"", "sh", "ada@example.org"], "\(programs.runs)")
    }

    @Test func theMarkedGoIntoAGroupAndOutOfIt() throws {
        let (h, store, ids) = try harness(Self.four)
        var ada = try #require(try store.contact(id: ids[0]))
        ada.categories = ["Work"]
        _ = try store.update(ada)
        h.press("Esc wait:400ms C wait:400ms Space Space")                  // Babbage, Hopper
        h.press("L wait:400ms")
        #expect(h.text.contains("Put into Work (1)"), "\(h.text)")
        h.press("Enter wait:400ms")
        #expect(h.text.contains("Put 2 contacts into “Work”."), "\(h.text)")
        #expect(try store.contact(id: ids[1])?.categories == ["Work"])
        #expect(try store.contact(id: ids[3])?.categories == ["Work"])
        h.press("L wait:400ms Down Enter wait:400ms")                       // Take out of Work
        #expect(h.text.contains("Took 2 contacts out of “Work”."), "\(h.text)")
        #expect(try store.contact(id: ids[1])?.categories == [])
    }

    @Test func twoMarkedAreMergedIntoOne() throws {
        let (h, store, ids) = try harness([("Ada", "Lovelace", "ada@example.org"), ("Ada", "Lovelace", "countess@example.org")])
        h.press("Space Space M wait:400ms")
        #expect(h.text.contains("Make the two marked contacts one?"), "\(h.text)")
        h.press("Left Enter wait:400ms")
        #expect(h.text.contains("Merged into Ada Lovelace"), "\(h.text)")
        #expect(try store.count(matching: "") == 1)
        let kept = try #require(try store.contact(id: ids[0]))
        #expect(Set(kept.emails) == ["ada@example.org", "countess@example.org"])
    }

    @Test func xExportsTheMarked() throws {
        let interchange = OffMainLoopTests.MadeUpImport(total: 0)
        let h = AppHarness(width: 100, height: 30, interchange: interchange)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for (f, l, _) in Self.four { _ = try store.add(ContactRecord(firstName: f, lastName: l)) }
        h.press("wait:400ms C wait:400ms Space Space x wait:400ms")
        #expect(h.text.contains("The 2 contacts marked"), "\(h.text)")
    }

    @Test func theTrashListsTheDeletedBringsOneBackAndIsEmptiedWhenAsked() throws {
        let (h, store, ids) = try harness(Self.four)
        _ = try store.delete(id: ids[0])
        _ = try store.delete(id: ids[2])
        h.press("Esc wait:400ms C wait:400ms T wait:400ms")
        #expect(h.lines[0].contains("Trash"), "\(h.text)")
        #expect(h.text.contains("2 deleted contacts · the last 100 deletes are kept"), "\(h.text)")
        let turing = try #require(h.lines.firstIndex { $0.contains("Alan Turing · alan@example.org · deleted") }, "\(h.text)")
        let lovelace = try #require(h.lines.firstIndex { $0.contains("Ada Lovelace · ada@example.org · deleted") })
        #expect(turing < lovelace)                                          // the newest first
        h.press("Enter wait:400ms")
        #expect(h.text.contains("Brought back Alan Turing (it is in Contacts again)."), "\(h.text)")
        #expect(try store.contact(id: ids[2])?.lastName == "Turing")
        #expect(h.text.contains("1 deleted contact ·"))
        h.press("E wait:400ms")
        #expect(h.text.contains("Forget the 1 deleted contact for good?"), "\(h.text)")
        h.press("Enter wait:400ms")                                          // the default: Cancel
        #expect(try store.deletedContacts().count == 1)
        h.press("E wait:400ms Left Enter wait:400ms")
        #expect(h.text.contains("Emptied the Trash: 1 contact is gone for good."), "\(h.text)")
        #expect(h.text.contains("The Trash is empty"), "\(h.text)")
        #expect(try store.deletedContacts().isEmpty)
        h.press("Esc wait:400ms")
        #expect(h.lines[0].contains("Contacts (3)"), "\(h.text)")
    }

    // MARK: The scene's boundaries, with spies

    @Test func theInteractorKeepsTheMarksAndTheWorkerDeletesThemInOneCall() throws {
        let spy = ContactsStoreSpy()
        for (f, l, _) in Self.four { _ = try spy.book.add(ContactRecord(firstName: f, lastName: l)) }
        let interactor = ContactListInteractor(worker: ContactListWorker(store: spy))
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.showContacts(request: .init(searchText: ""))
        interactor.markContacts(request: .init(change: .toggle(index: 0)))
        interactor.markContacts(request: .init(change: .toggle(index: 1)))
        #expect(presenter.marks.last?.marked.count == 2)
        interactor.markContacts(request: .init(change: .invert))
        #expect(presenter.marks.last?.marked.count == 2)
        interactor.markContacts(request: .init(change: .all))
        #expect(presenter.marks.last?.marked.count == 4)
        interactor.deleteMarked(request: .init())
        #expect(presenter.markedDeletes == [.init(deleted: 4)])
        #expect(presenter.marks.last?.marked.isEmpty == true)
        #expect(try spy.count(matching: "", upTo: 10) == 0)
        interactor.undoDelete(request: .init())
        #expect(presenter.undos.last?.count == 4)
        #expect(try spy.count(matching: "", upTo: 10) == 4)
    }

    @Test func thePresenterSaysHowManyAreMarked() {
        let presenter = ContactListPresenter()
        let display = ContactListDisplaySpy()
        presenter.viewController = display
        presenter.presentMarked(response: .init(marked: [1, 2, 3]))
        #expect(display.marks.last?.titleNote == "3 marked")
        presenter.presentMarked(response: .init(marked: []))
        #expect(display.marks.last?.titleNote == "")
        presenter.presentDeleteMarked(response: .init(deleted: 1))
        #expect(display.messages.last == "Deleted 1 contact (u brings it back).")
    }

    @Test func theViewControllerSendsTheMarkingKeysToTheInteractor() {
        let vc = ContactListViewController()
        let interactor = ContactListBusinessLogicSpy()
        vc.interactor = interactor
        _ = vc.view
        vc.displayContacts(viewModel: .init(title: "Contacts (2)", searchText: "", totalCount: 2, offset: 0,
                                            displayedContacts: [.init(id: 1, firstName: "Ada", lastName: "L", fullName: "Ada L", section: "L",
                                                                      startsSection: true, isFriend: false),
                                                                .init(id: 2, firstName: "Bo", lastName: "L", fullName: "Bo L", section: "L",
                                                                      startsSection: false, isFriend: false)],
                                            emptyText: ""))
        vc.list.select(0)
        func run(_ key: Key) { vc.keyCommands.first { $0.key == key }?.action() }
        run(.character(" "))
        run(.character("+"))
        run(.character("-"))
        run(.character("*"))
        #expect(interactor.markRequests == [.toggle(index: 0), .all, .none, .invert])
        vc.displayMarked(viewModel: .init(marked: [1], titleNote: "1 marked", message: nil))
        #expect(vc.title == "Contacts (2) · 1 marked")
        run(.character("y"))
        #expect(interactor.mailRequests == [.init(copy: true)])
    }
}
