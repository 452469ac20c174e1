import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Groups (CATEGORIES, Google's labels): seen on the card, edited in the form, and the list
/// filtered by one (`l` picks from the groups there are, the title says which, Esc shows all).
@MainActor
@Suite("Groups: card, form and the list filtered by one", .serialized)
struct GroupsTests {
    static func record(_ first: String, _ last: String, _ groups: [String]) -> ContactRecord {
        var c = ContactRecord(firstName: first, lastName: last)
        c.categories = groups
        return c
    }

    func store() throws -> ContactsStoreSpy {
        let s = ContactsStoreSpy()
        _ = try s.add(Self.record("Ada", "Lovelace", ["Science", "Poetry"]))
        _ = try s.add(Self.record("Grace", "Hopper", ["Science", "Navy"]))
        _ = try s.add(Self.record("Charles", "Babbage", []))
        return s
    }

    // MARK: VIP boundaries

    @Test func theInteractorListsTheGroupsAndAsksForOneGroupsWindow() throws {
        let worker = ContactListWorkerSpy(store: try store())
        let interactor = ContactListInteractor(worker: worker)
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.listGroups(request: .init())
        #expect(presenter.groups.last?.groups == [ContactGroup(name: "Navy", count: 1), ContactGroup(name: "Poetry", count: 1), ContactGroup(name: "Science", count: 2)])
        interactor.showContacts(request: .init(searchText: "", group: "Science"))
        #expect(worker.groupsAsked.last == "Science")
        #expect(presenter.contacts.last?.group == "Science")
        #expect(presenter.contacts.last?.contacts.map(\.lastName) == ["Hopper", "Lovelace"] && presenter.contacts.last?.totalCount == 2)
        interactor.showContacts(request: .init(searchText: "ada", group: "Science"))
        #expect(presenter.contacts.last?.contacts.map(\.lastName) == ["Lovelace"])
        interactor.showContacts(request: .init(searchText: ""))
        #expect(presenter.contacts.last?.totalCount == 3 && presenter.contacts.last?.group == nil)
    }

    @Test func thePresenterNamesTheGroupInTheTitleAndOffersEachGroup() {
        let presenter = ContactListPresenter()
        let display = ContactListDisplaySpy()
        presenter.viewController = display
        presenter.presentContacts(response: .init(searchText: "", group: "Science", totalCount: 2, offset: 0, contacts: []))
        #expect(display.contacts.last?.title == "Contacts · Science (2)")
        presenter.presentContacts(response: .init(searchText: "", group: "Navy", totalCount: 0, offset: 0, contacts: []))
        #expect(display.contacts.last?.emptyText == "No contact is in Navy now. Esc shows all contacts.")
        presenter.presentGroups(response: .init(groups: [ContactGroup(name: "Navy", count: 1), ContactGroup(name: "Science", count: 2)]))
        #expect(display.groups.last?.options.map(\.text) == ["All contacts", "Navy (1)", "Science (2)"])
        #expect(display.groups.last?.options.map(\.group) == [nil, "Navy", "Science"])
        presenter.presentGroups(response: .init(groups: []))
        #expect(display.groups.last?.options.isEmpty == true && display.groups.last?.message?.hasPrefix("No contact is in a group yet") == true)
    }

    @Test func theViewControllerAsksForTheGroupsAndShowsThePickedOne() {
        let vc = ContactListViewController()
        let spy = ContactListBusinessLogicSpy()
        vc.interactor = spy
        let terminal = VirtualTerminal(size: Size(width: 80, height: 20))
        let app = Application(terminal: terminal)
        app.window.rootViewController = NavigationController(rootViewController: vc)
        app.renderFrame()
        try? terminal.enqueue(script: "l wait:100ms")
        try? app.run()
        #expect(spy.groupListings == 1)
        vc.displayGroups(viewModel: .init(options: [.init(text: "All contacts", group: nil), .init(text: "Science (2)", group: "Science")], message: nil))
        try? terminal.enqueue(script: "wait:400ms")
        try? app.run()
        #expect(terminal.text.contains("Show a group") && terminal.text.contains("Science (2)"), "\(terminal.text)")
        try? terminal.enqueue(script: "Down Enter wait:400ms")
        try? app.run()
        #expect(spy.showRequests.last?.group == "Science" && spy.showRequests.last?.offset == 0)
        try? terminal.enqueue(script: "Esc wait:100ms")                 // all contacts again (not back)
        try? app.run()
        #expect(spy.showRequests.last?.group == nil)
    }

    // MARK: On the virtual screen, the whole app on a data file

    func app(width: Int = 100, height: Int = 30) throws -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let file = SQLiteContactsStore(database: db, accountID: account.id)
        _ = try file.add(Self.record("Ada", "Lovelace", ["Science", "Poetry"]))
        _ = try file.add(Self.record("Grace", "Hopper", ["Science", "Navy"]))
        _ = try file.add(Self.record("Charles", "Babbage", []))
        _ = try file.add(Self.record("Alan", "Turing", ["Codebreakers"]))
        h.press("C wait:400ms")
        return h
    }


    @Test func theListShowsOneGroupAndEscShowsAllAgain() throws {
        let h = try app()
        #expect(h.lines[0].contains("Contacts (4)"))
        h.press("l wait:400ms")
        for option in ["All contacts", "Codebreakers (1)", "Navy (1)", "Poetry (1)", "Science (2)"] { #expect(h.text.contains(option), "\(option): \(h.text)") }
        h.press("Down Down Down Down Enter wait:400ms")               // Science
        #expect(h.lines[0].contains("Contacts · Science (2)"), "\(h.text)")
        #expect(h.text.contains("Ada Lovelace") && h.text.contains("Grace Hopper") && !h.text.contains("Babbage") && !h.text.contains("Turing"), "\(h.text)")
        #expect(h.lines.last?.contains("Esc All contacts") == true, "\(h.lines.last ?? "")")
        h.press("?")
        #expect(h.text.contains("Show a group") && h.text.contains("Duplicates"), "\(h.text)")
        h.press("Esc wait:100ms")
        h.press("/ \"gra\" wait:100ms")                                // a search within the group
        #expect(h.lines[0].contains("Contacts · Science (1 found)"), "\(h.text)")
        h.press("Esc Esc wait:100ms")                                  // clears the search, leaves the field
        #expect(h.lines[0].contains("Contacts · Science (2)"), "\(h.text)")
        h.press("resize:40x12 wait:100ms")
        #expect(h.lines[0].contains("Science"), "\(h.text)")
        h.press("resize:100x30 wait:100ms Esc wait:400ms")            // all contacts again, still on the list
        #expect(h.lines[0].contains("Contacts (4)"), "\(h.text)")
        #expect(h.text.contains("Babbage"))
    }

    @Test func theCardShowsTheGroupsAndTheFormEditsThem() throws {
        let h = try app(width: 100, height: 40)
        h.press("Down Down Enter wait:400ms")                          // Ada Lovelace (Babbage, Hopper, Lovelace)
        #expect(h.lines[0].contains("Ada Lovelace"), "\(h.text)")
        #expect(h.lines.contains { $0.contains("groups") && $0.contains("Science, Poetry") }, "\(h.text)")
        h.press("e wait:400ms")
        #expect(h.lines.contains { $0.contains("Groups") && $0.contains("Science, Poetry") }, "\(h.text)")
        // To Groups: past the names (middle name too), phones, e-mails and their labels, company … anniversary, the address and IM 1 (29 Tabs from the first name).
        h.press(String(repeating: "Tab ", count: 29) + #"C-e ", Mathematicians" C-s wait:400ms"#)
        let ada = try #require(try h.storedContacts().first { $0.lastName == "Lovelace" })
        #expect(ada.categories == ["Science", "Poetry", "Mathematicians"], "\(h.text)")
        #expect(h.lines.contains { $0.contains("groups") && $0.contains("Science, Poetry, Mathematicians") }, "\(h.text)")
        // Taken out of a group in the form: gone from its list.
        h.press("e wait:400ms" + String(repeating: " Tab", count: 29) + #" C-a C-k "Poetry" C-s wait:400ms Esc wait:400ms l wait:400ms"#)
        #expect(!h.text.contains("Mathematicians") && h.text.contains("Science (1)"), "\(h.text)")
    }

    @Test func aGroupWithACommaSurvivesASaveThatLeftTheFieldAlone() throws {
        let store = try store()
        let id = try store.add(Self.record("Lord", "Byron", ["Poets, Romantic"]))
        let interactor = EditContactInteractor(contactID: id, worker: EditContactWorker(store: store))
        interactor.fetchContact(request: .init())
        var form = try #require(interactor.originalForm)
        #expect(form.groups == "Poets, Romantic")
        form.title = "Baron"
        interactor.saveContact(request: .init(form: form))
        #expect(try store.contact(id: id)?.categories == ["Poets, Romantic"])
        #expect(try store.contact(id: id)?.title == "Baron")
    }
}
