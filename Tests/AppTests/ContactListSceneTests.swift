import AppServices
import AppTestSupport
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

// Clean Swift style: each boundary of the list scene with spies.

/// A store in memory, recording what it was asked (the list's counts and pages, the deletes);
/// everything else goes to the book as it is.
final class ContactsStoreSpy: ForwardingContactsService {
    let book = InMemoryContacts()
    var forwardee: any ContactsService & FriendsService { book }
    var countCalls: [String] = []
    var pageCalls: [(query: String, offset: Int, limit: Int)] = []
    var deleted: [Int64] = []
    var updated: [Int64] = []

    /// What the store holds, in the order it was added.
    var records: [ContactRecord] { book.all }

    func willForward(_ call: StaticString) throws(ServiceError) {}

    func count(matching query: String, upTo cap: Int) throws(ServiceError) -> Int {
        countCalls.append(query)
        return try book.count(matching: query, upTo: cap)
    }
    func contacts(matching query: String, offset: Int, limit: Int) throws(ServiceError) -> [ContactSummary] {
        pageCalls.append((query, offset, limit))
        return try book.contacts(matching: query, offset: offset, limit: limit)
    }
    func page(matching query: String, offset: Int, limit: Int, countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        ContactsPage(count: try count(matching: query, upTo: cap), rows: try contacts(matching: query, offset: offset, limit: limit))
    }
    func update(_ contact: ContactRecord) throws(ServiceError) -> Bool {
        updated.append(contact.id ?? -1)
        return try book.update(contact)
    }
    func delete(id: Int64) throws(ServiceError) -> Bool {
        deleted.append(id)
        return try book.delete(id: id)
    }
}

@MainActor
final class ContactListPresenterSpy: ContactListPresentationLogic {
    var contacts: [ContactList.ShowContacts.Response] = []
    var friends: [ContactList.ToggleFriend.Response] = []
    var deletes: [ContactList.DeleteContact.Response] = []
    func presentContacts(response: ContactList.ShowContacts.Response) { contacts.append(response) }
    func presentToggleFriend(response: ContactList.ToggleFriend.Response) { friends.append(response) }
    func presentDeleteContact(response: ContactList.DeleteContact.Response) { deletes.append(response) }
    var undos: [ContactList.UndoDelete.Response] = []
    func presentUndoDelete(response: ContactList.UndoDelete.Response) { undos.append(response) }
    var books: [ContactList.ChooseBook.Response] = []
    func presentChosenBook(response: ContactList.ChooseBook.Response) { books.append(response) }
    var groups: [ContactList.ListGroups.Response] = []
    func presentGroups(response: ContactList.ListGroups.Response) { groups.append(response) }
    var addressBooks: [ContactList.ListAddressBooks.Response] = []
    func presentAddressBooks(response: ContactList.ListAddressBooks.Response) { addressBooks.append(response) }
    var marks: [ContactList.MarkContacts.Response] = []
    func presentMarked(response: ContactList.MarkContacts.Response) { marks.append(response) }
    var markedDeletes: [ContactList.DeleteMarked.Response] = []
    func presentDeleteMarked(response: ContactList.DeleteMarked.Response) { markedDeletes.append(response) }
    var groupings: [ContactList.GroupMarked.Response] = []
    func presentGroupMarked(response: ContactList.GroupMarked.Response) { groupings.append(response) }
    var merges: [ContactList.MergeMarked.Response] = []
    func presentMergeMarked(response: ContactList.MergeMarked.Response) { merges.append(response) }
    var mails: [ContactList.MailMarked.Response] = []
    func presentMailMarked(response: ContactList.MailMarked.Response) { mails.append(response) }
}

@MainActor
final class ContactListWorkerSpy: ContactListWorker {
    var countQueries: [String] = []
    var groupsAsked: [String?] = []
    var ordersAsked: [ContactListOrder] = []
    var addressBooksAsked: [AddressBookFilter?] = []
    var addressBookListings = 0
    override func fetchWindow(search: String, group: String? = nil, addressBook: AddressBookFilter? = nil, order: ContactListOrder = .lastName,
                              offset: Int, limit: Int, lookahead: Int, showing: Int64?,
                              then deliver: @escaping @MainActor (Result<ContactListWorker.Window, ServiceError>) -> Void) {
        countQueries.append(search)
        groupsAsked.append(group)
        addressBooksAsked.append(addressBook)
        ordersAsked.append(order)
        super.fetchWindow(search: search, group: group, addressBook: addressBook, order: order, offset: offset, limit: limit, lookahead: lookahead,
                          showing: showing, then: deliver)
    }
    override func addressBooks(then deliver: @escaping @MainActor (Result<ContactAddressBooks, ServiceError>) -> Void) {
        addressBookListings += 1
        super.addressBooks(then: deliver)
    }
}

@MainActor
final class ContactListDisplaySpy: ContactListDisplayLogic {
    var contacts: [ContactList.ShowContacts.ViewModel] = []
    var messages: [String] = []
    func displayContacts(viewModel: ContactList.ShowContacts.ViewModel) { contacts.append(viewModel) }
    func displayToggleFriend(viewModel: ContactList.ToggleFriend.ViewModel) { messages.append(viewModel.message) }
    func displayDeleteContact(viewModel: ContactList.DeleteContact.ViewModel) { messages.append(viewModel.message) }
    func displayUndoDelete(viewModel: ContactList.UndoDelete.ViewModel) { messages.append(viewModel.message) }
    func displayChosenBook(viewModel: ContactList.ChooseBook.ViewModel) { messages.append(viewModel.message) }
    var groups: [ContactList.ListGroups.ViewModel] = []
    func displayGroups(viewModel: ContactList.ListGroups.ViewModel) { groups.append(viewModel) }
    var addressBooks: [ContactList.ListAddressBooks.ViewModel] = []
    func displayAddressBooks(viewModel: ContactList.ListAddressBooks.ViewModel) { addressBooks.append(viewModel) }
    var marks: [ContactList.MarkContacts.ViewModel] = []
    func displayMarked(viewModel: ContactList.MarkContacts.ViewModel) { marks.append(viewModel) }
    func displayDeleteMarked(viewModel: ContactList.DeleteMarked.ViewModel) { messages.append(viewModel.message) }
    func displayGroupMarked(viewModel: ContactList.GroupMarked.ViewModel) { messages.append(viewModel.message) }
    func displayMergeMarked(viewModel: ContactList.MergeMarked.ViewModel) { messages.append(viewModel.message) }
    func displayMailMarked(viewModel: ContactList.MailMarked.ViewModel) { messages.append(viewModel.message) }
}

@MainActor
final class ContactListBusinessLogicSpy: ContactListBusinessLogic {
    var showRequests: [ContactList.ShowContacts.Request] = []
    var selected: [Int] = []
    var friendRequests: [Int] = []
    var deleteRequests: [Int] = []
    func showContacts(request: ContactList.ShowContacts.Request) { showRequests.append(request) }
    func selectContact(request: ContactList.SelectContact.Request) { selected.append(request.index) }
    func toggleFriend(request: ContactList.ToggleFriend.Request) { friendRequests.append(request.index) }
    func deleteContact(request: ContactList.DeleteContact.Request) { deleteRequests.append(request.index) }
    var undoRequests = 0
    func undoDelete(request: ContactList.UndoDelete.Request) { undoRequests += 1 }
    var bookRequests: [ContactBook] = []
    func chooseBook(request: ContactList.ChooseBook.Request) { bookRequests.append(request.book) }
    var groupListings = 0
    func listGroups(request: ContactList.ListGroups.Request) { groupListings += 1 }
    var addressBookListings = 0
    func listAddressBooks(request: ContactList.ListAddressBooks.Request) { addressBookListings += 1 }
    var markRequests: [ContactList.MarkContacts.Change] = []
    func markContacts(request: ContactList.MarkContacts.Request) { markRequests.append(request.change) }
    var markedDeleteRequests = 0
    func deleteMarked(request: ContactList.DeleteMarked.Request) { markedDeleteRequests += 1 }
    var groupRequests: [ContactList.GroupMarked.Request] = []
    func groupMarked(request: ContactList.GroupMarked.Request) { groupRequests.append(request) }
    var mergeRequests = 0
    func mergeMarked(request: ContactList.MergeMarked.Request) { mergeRequests += 1 }
    var mailRequests: [ContactList.MailMarked.Request] = []
    func mailMarked(request: ContactList.MailMarked.Request) { mailRequests.append(request) }
}

@MainActor
final class CoordinatorSpy: Coordination {
    var shown: [Screen] = []
    var pops = 0
    func show(_ screen: Screen, firstPosition: Bool) { shown.append(screen) }
    func pop() { pops += 1 }
}

@MainActor
@Suite("ContactList scene (VIP boundaries)")
struct ContactListSceneTests {
    func store(_ names: [(String, String)]) throws -> ContactsStoreSpy {
        let store = ContactsStoreSpy()
        for (f, l) in names { _ = try store.add(ContactRecord(firstName: f, lastName: l)) }
        return store
    }

    @Test func interactorAsksTheWorkerAndHandsTheResponseToThePresenter() throws {
        let store = try store([("ivan", "petrov"), ("ada", "lovelace"), ("alan", "turing")])
        let worker = ContactListWorkerSpy(store: store)
        let interactor = ContactListInteractor(worker: worker)
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.showContacts(request: .init(searchText: "a", offset: 0))
        #expect(worker.countQueries == ["a"])                         // the search travels in the request
        #expect(presenter.contacts.count == 1)
        #expect(presenter.contacts[0].totalCount == 2)                // names starting "a", as the stores search
        #expect(presenter.contacts[0].contacts.map(\.lastName) == ["lovelace", "turing"])
        #expect(interactor.searchText == "a")
    }

    @Test func interactorFollowsAPartialCountWithTheExactOne() throws {
        let store = try store((0..<1_300).map { ("ann\($0)", "smith") })
        let interactor = ContactListInteractor(worker: ContactListWorker(store: store))
        var later: [@MainActor () -> Void] = []
        interactor.countLater = { later.append($0) }
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.showContacts(request: .init(searchText: "ann", offset: 0))
        #expect(presenter.contacts.map(\.totalCount) == [1_200])
        #expect(presenter.contacts.last?.countIsPartial == true)
        interactor.showContacts(request: .init(searchText: "anna", offset: 0)) // typed on before the count ran
        later.forEach { $0() }
        #expect(store.countCalls.filter { $0 == "ann" }.count == 1)          // only the first, capped read of "ann"
        #expect(presenter.contacts.last?.searchText == "anna")
        interactor.showContacts(request: .init(searchText: "ann", offset: 0))
        later.last?()
        #expect(presenter.contacts.last?.totalCount == 1_300)
        #expect(presenter.contacts.last?.countIsPartial == false)
        let asked = later.count
        interactor.showContacts(request: .init(searchText: "ann", offset: 600)) // a later window keeps the exact count…
        #expect(presenter.contacts.last?.totalCount == 1_300)
        #expect(presenter.contacts.last?.countIsPartial == false)
        #expect(later.count == asked)                                          // …and asks for no count again
        _ = try store.delete(id: try #require(store.records[0].id))
        interactor.showContacts(request: .init(searchText: "ann", offset: 600, countsAgain: true)) // contacts changed
        later.last?()
        #expect(presenter.contacts.last?.totalCount == 1_299)
    }

    @Test func interactorKeepsTheSelectionInItsDataStore() throws {
        let store = try store([("ada", "lovelace"), ("alan", "turing")])
        let interactor = ContactListInteractor(worker: ContactListWorker(store: store))
        interactor.presenter = ContactListPresenterSpy()
        interactor.showContacts(request: .init(searchText: "", offset: 0))
        interactor.selectContact(request: .init(index: 1))
        #expect(interactor.selectedContactID == store.records.first { $0.lastName == "turing" }?.id)
    }

    @Test func interactorTogglesFriendsAndDeletes() throws {
        let store = try store([("ada", "lovelace")])
        let interactor = ContactListInteractor(worker: ContactListWorker(store: store))
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.showContacts(request: .init(searchText: "", offset: 0))
        interactor.toggleFriend(request: .init(index: 0))
        #expect(presenter.friends == [.init(firstName: "ada", lastName: "lovelace", isFriend: true, displayName: "ada lovelace")])
        #expect(store.records[0].isFriend)
        interactor.deleteContact(request: .init(index: 0))
        #expect(presenter.deletes == [.init(firstName: "ada", lastName: "lovelace", deleted: true, displayName: "ada lovelace")])
        #expect(store.records.isEmpty)
    }

    /// `u`: the contact deleted last comes back (the store keeps the deletes), selected at the next showing.
    @Test func interactorBringsBackTheContactDeletedLast() throws {
        let store = try store([("ada", "lovelace"), ("alan", "turing")])
        let interactor = ContactListInteractor(worker: ContactListWorker(store: store))
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.undoDelete(request: .init())
        #expect(presenter.undos == [.init()])                                   // nothing deleted yet
        interactor.showContacts(request: .init(searchText: "", offset: 0))
        interactor.deleteContact(request: .init(index: 1))
        interactor.undoDelete(request: .init())
        #expect(presenter.undos.last == .init(firstName: "alan", lastName: "turing", displayName: "alan turing"))
        #expect(store.records.map(\.lastName).sorted() == ["lovelace", "turing"])
        #expect(interactor.contactToShow == store.records.first { $0.lastName == "turing" }?.id)
    }

    @Test func presenterSaysWhatUndoBroughtBack() {
        let presenter = ContactListPresenter()
        let display = ContactListDisplaySpy()
        presenter.viewController = display
        presenter.presentUndoDelete(response: .init(firstName: "ada", lastName: "lovelace"))
        presenter.presentUndoDelete(response: .init())
        presenter.presentUndoDelete(response: .init(error: "The data is read-only."))
        #expect(display.messages == ["Brought back Ada Lovelace (u again: the one deleted before).",
                                     "Nothing to bring back: no contact was deleted here lately.",
                                     "Nothing was brought back: The data is read-only."])
    }

    @Test func presenterFormatsNamesSectionsAndTheTitle() {
        let presenter = ContactListPresenter()
        let display = ContactListDisplaySpy()
        presenter.viewController = display
        let rows = [ContactSummary(id: 1, firstName: "ivan", lastName: "petrov", isFriend: false, sortKey: "petrov ivan"),
                    ContactSummary(id: 2, firstName: "pyotr", lastName: "pan", isFriend: true, sortKey: "pan pyotr"),
                    ContactSummary(id: 3, firstName: "émile", lastName: "zola", isFriend: false, sortKey: "zola emile")]
        presenter.presentContacts(response: .init(searchText: "", totalCount: 3, offset: 0, contacts: rows, previousSortKey: "p"))
        let vm = display.contacts[0]
        #expect(vm.displayedContacts.map(\.fullName) == ["Ivan Petrov", "Pyotr Pan", "Émile Zola"])   // seed 001: "Ivan Petrov"
        #expect(vm.displayedContacts.map(\.section) == ["P", "P", "Z"])
        #expect(vm.displayedContacts.map(\.startsSection) == [false, false, true])                // "P" began before the window
        let eastern = ContactListDisplaySpy()
        let other = ContactListPresenter()
        other.viewController = eastern
        other.presentContacts(response: .init(searchText: "", totalCount: 1, offset: 0,
                                              contacts: [ContactSummary(id: 4, firstName: "伟", lastName: "王", isFriend: false, sortKey: "王 伟")]))
        #expect(eastern.contacts[0].displayedContacts.map(\.fullName) == ["王伟"])                 // family name first, no space
        #expect(vm.title == "Contacts (3)")
        presenter.presentContacts(response: .init(searchText: " zz ", totalCount: 0, offset: 0, contacts: []))
        #expect(display.contacts[1].title == "Contacts (0 found)")
        #expect(display.contacts[1].emptyText == "No contact matches “zz”.")
        // A list that could not be read never says there are no contacts.
        presenter.presentContacts(response: .init(searchText: "", totalCount: 0, offset: 0, contacts: [], error: "the connection to the server was lost"))
        #expect(display.contacts[2].title == "Contacts")
        #expect(!display.contacts[2].emptyText.contains("No contacts yet"))
        #expect(display.contacts[2].emptyText.contains("could not be read"))
        #expect(display.contacts[2].error == "the connection to the server was lost")
        presenter.presentToggleFriend(response: .init(firstName: "ivan", lastName: "petrov", isFriend: true))
        presenter.presentDeleteContact(response: .init(firstName: "ivan", lastName: "petrov", deleted: true))
        #expect(display.messages == ["Ivan Petrov is now a friend (f again undoes it).", "Deleted Ivan Petrov (u brings it back)."])
    }

    @Test func viewControllerSendsRequestsToTheInteractor() {
        let vc = ContactListViewController()
        let interactor = ContactListBusinessLogicSpy()
        vc.interactor = interactor
        let h = Harness(root: NavigationController(rootViewController: vc))
        #expect(interactor.showRequests.last == .init(searchText: "", offset: 0, countsAgain: true)) // fetched when it appears (counted anew)
        vc.displayContacts(viewModel: .init(title: "Contacts (3)", searchText: "", totalCount: 3, offset: 0,
                                            displayedContacts: (1...3).map { .init(id: Int64($0), firstName: "N\($0)", lastName: "", fullName: "N\($0)", section: "N", startsSection: $0 == 1, isFriend: false) },
                                            emptyText: ""))
        h.press(#"/ "ad""#)
        #expect(interactor.showRequests.suffix(2).map(\.searchText) == ["a", "ad"]) // live search, per keystroke
        h.press("Down Down f")
        #expect(interactor.friendRequests == [1])
        h.press("Enter")
        #expect(interactor.selected == [1])
    }

    /// `b` on a team's directory: the interactor reads the chosen book (or both) from then on and
    /// the presenter names it; with one book there is nothing to choose.
    @Test func interactorShowsTheBookChosen() throws {
        let mine = try store([("ada", "lovelace")]), team = try store([("joe", "plumber"), ("ann", "smith")])
        var asked: [ContactBook] = []
        let interactor = ContactListInteractor(worker: ContactListWorker(store: mine), book: .own,
                                               contactsOfBook: { book in asked.append(book); return .inline(book == .team ? team : mine) })
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.chooseBook(request: .init(book: .team))
        #expect(asked == [.team] && interactor.book == .team && presenter.books == [.init(book: .team)])
        interactor.showContacts(request: .init(searchText: "", offset: 0))
        #expect(presenter.contacts.last?.contacts.map(\.lastName) == ["plumber", "smith"])
        interactor.chooseBook(request: .init(book: .team))               // the same book: nothing asked again
        #expect(asked == [.team])
        let single = ContactListInteractor(worker: ContactListWorker(store: mine))
        single.presenter = presenter
        single.chooseBook(request: .init(book: .team))
        #expect(single.book == .own && presenter.books.count == 1)
    }

    @Test func presenterMarksTeamRowsAndNamesTheBook() {
        let presenter = ContactListPresenter()
        let display = ContactListDisplaySpy()
        presenter.viewController = display
        presenter.presentChosenBook(response: .init(book: .both))
        presenter.presentContacts(response: .init(searchText: "", totalCount: 2, offset: 0, contacts: [
            ContactSummary(id: 1, firstName: "ada", lastName: "lovelace", isFriend: false, sortKey: "lovelace ada"),
            ContactSummary(id: 2, firstName: "joe", lastName: "plumber", isFriend: false, sortKey: "plumber joe", inTeamBook: true)]))
        #expect(display.contacts.last?.title == "All contacts (2)")
        #expect(display.contacts.last?.displayedContacts.map(\.inTeamBook) == [false, true])
        presenter.presentChosenBook(response: .init(book: .own))
        presenter.presentContacts(response: .init(searchText: "a", totalCount: 1, offset: 0, contacts: []))
        #expect(display.contacts.last?.title == "My contacts (1 found)")
        presenter.presentChosenBook(response: .init(book: .team))
        #expect(display.messages.last == "Only the team's contacts · b: both books")
    }

    @Test func viewControllerOffersBooksOnlyWhereThereAreTwo() throws {
        let vc = ContactListViewController()
        let interactor = ContactListBusinessLogicSpy()
        vc.interactor = interactor
        let router = ContactListRouter()
        let store = ContactListInteractor(worker: ContactListWorker(store: try store([])), book: .both, contactsOfBook: { _ in .inline(ContactsStoreSpy()) })
        router.dataStore = store
        vc.router = router
        let h = Harness(root: NavigationController(rootViewController: vc))
        h.press("b")
        #expect(interactor.bookRequests.isEmpty)                  // one book: b is no key
        vc.choosesBooks = true
        h.press("b")
        #expect(interactor.bookRequests == [.own])                 // both → own → team → both
        let asked = interactor.showRequests.count
        vc.displayChosenBook(viewModel: .init(message: "Only your own contacts · b: only the team's"))
        #expect(interactor.showRequests.count == asked + 1)         // read anew from the top
        h.wait(0)
        #expect(h.text.contains("Only your own contacts"))
    }

    @Test func routerPassesTheSelectionThroughTheDataStore() throws {
        let store = try store([("ada", "lovelace")])
        let interactor = ContactListInteractor(worker: ContactListWorker(store: store))
        interactor.presenter = ContactListPresenterSpy()
        let router = ContactListRouter()
        let coordinator = CoordinatorSpy()
        router.dataStore = interactor
        router.coordinator = coordinator
        router.routeToShowContact()
        #expect(coordinator.shown.isEmpty)                         // nothing chosen yet
        interactor.showContacts(request: .init(searchText: "", offset: 0))
        interactor.selectContact(request: .init(index: 0))
        router.routeToShowContact()
        router.routeToEditContact()
        router.routeToAddContact()
        let id = store.records[0].id!
        #expect(coordinator.shown == [.contactDetail(id: id, book: .own), .contactEdit(id: id, book: .own), .contactAdd(book: .own)])
    }

    /// The book is a parameter: after `b` chose the team's book, every screen the list opens
    /// carries that book in its `Screen` case (nothing long-lived remembers "the current book").
    @Test func theScreensTheListOpensCarryTheBookItShows() throws {
        let mine = try store([("ada", "lovelace")]), team = try store([("joe", "plumber")])
        let interactor = ContactListInteractor(worker: ContactListWorker(store: mine), book: .both,
                                               contactsOfBook: { .inline($0 == .team ? team : mine) })
        interactor.presenter = ContactListPresenterSpy()
        let router = ContactListRouter()
        let coordinator = CoordinatorSpy()
        router.dataStore = interactor
        router.coordinator = coordinator
        router.routeToTrash()
        interactor.chooseBook(request: .init(book: .team))
        interactor.showContacts(request: .init(searchText: "", offset: 0))
        interactor.selectContact(request: .init(index: 0))
        router.routeToShowContact()
        router.routeToDuplicates()
        router.routeToTrash()
        router.routeToTransfer(export: true)
        let id = team.records[0].id!
        #expect(coordinator.shown == [.trash(book: .both), .contactDetail(id: id, book: .team), .duplicates(book: .team),
                                      .trash(book: .team), .contactTransfer(export: true, book: .team)])
    }
}
