import AppServices
import AppTestSupport
import Testing
@testable import App
@testable import TUIKit
import TUIKitTesting

/// Contacts in memory, some on CardDAV address books (Work, Home) as a synced data file has them,
/// recording what the list scene asks of address books.
final class BookedContactsSpy: ForwardingContactsService {
    let book = InMemoryContacts()
    var forwardee: any ContactsService & FriendsService { book }
    /// Each contact's address book (absent: on none).
    var bookOf: [Int64: Int64] = [:]
    var names: [Int64: String] = [1: "Work", 2: "Home"]
    var filtersAsked: [AddressBookFilter] = []
    var listings: [Bool] = []
    func willForward(_ call: StaticString) throws(ServiceError) {}

    func addressBooks(counted: Bool) throws(ServiceError) -> ContactAddressBooks {
        listings.append(counted)
        let all = try book.count(matching: "", upTo: .max)
        return ContactAddressBooks(books: names.keys.sorted().map { id in
            ContactAddressBook(id: id, name: names[id]!, count: counted ? bookOf.values.filter { $0 == id }.count : 0)
        }, notSynced: counted ? all - bookOf.count : 0)
    }
    func page(in filter: AddressBookFilter, matching query: String, in order: ContactListOrder, offset: Int, limit: Int,
              countingUpTo cap: Int) throws(ServiceError) -> ContactsPage {
        filtersAsked.append(filter)
        let all = try book.page(matching: query, in: order, offset: 0, limit: .max, countingUpTo: .max).rows.filter { row in
            switch filter {
            case .book(let id): bookOf[row.id] == id
            case .notSynced: bookOf[row.id] == nil
            }
        }
        let start = min(offset, all.count)
        return ContactsPage(count: min(cap, all.count), rows: Array(all[start..<min(all.count, start + limit)]))
    }
    func rowDetails(of ids: [Int64]) throws(ServiceError) -> [Int64: ContactRowDetails] {
        var details = try book.rowDetails(of: ids)
        for id in ids { details[id]?.addressBook = bookOf[id].flatMap { names[$0] } ?? "" }
        return details
    }
}

// Clean Swift style: the address-book filter (`A`) at each boundary of the list scene, with spies.
@MainActor
@Suite("ContactList scene: by address book (VIP boundaries)")
struct AddressBookFilterSceneTests {
    /// Ada and Alan on Work, Grace on Home, Ivan on none.
    func store() throws -> BookedContactsSpy {
        let store = BookedContactsSpy()
        let ada = try store.add(ContactRecord(firstName: "ada", lastName: "lovelace"))
        let alan = try store.add(ContactRecord(firstName: "alan", lastName: "turing"))
        let grace = try store.add(ContactRecord(firstName: "grace", lastName: "hopper"))
        _ = try store.add(ContactRecord(firstName: "ivan", lastName: "petrov"))
        store.bookOf = [ada: 1, alan: 1, grace: 2]
        return store
    }

    @Test func workerReadsTheBooksPageAndSaysThereAreBooks() throws {
        let store = try store()
        let worker = ContactListWorker(store: store)
        var window: ContactListWorker.Window?
        worker.fetchWindow(search: "", addressBook: .book(1), offset: 0, limit: 50, lookahead: 10, showing: nil) { window = try? $0.get() }
        #expect(window?.rows.map(\.lastName) == ["lovelace", "turing"])
        #expect(window?.rows.map(\.details.addressBook) == ["Work", "Work"])
        #expect(window?.total == 2 && window?.countIsPartial == false && window?.hasAddressBooks == true)
        #expect(store.filtersAsked == [.book(1)] && store.listings == [false]) // the column's look costs no counts
        worker.fetchWindow(search: "", addressBook: .notSynced, offset: 0, limit: 50, lookahead: 10, showing: nil) { window = try? $0.get() }
        #expect(window?.rows.map(\.lastName) == ["petrov"] && window?.rows.first?.details.addressBook == "")
        var books: ContactAddressBooks?
        worker.addressBooks { books = try? $0.get() }
        #expect(books == ContactAddressBooks(books: [.init(id: 1, name: "Work", count: 2), .init(id: 2, name: "Home", count: 1)], notSynced: 1))
        // A store where nothing syncs: no books, so no column.
        let plain = ContactListWorker(store: InMemoryContacts())
        plain.fetchWindow(search: "", offset: 0, limit: 50, lookahead: 10, showing: nil) { window = try? $0.get() }
        #expect(window?.hasAddressBooks == false)
    }

    @Test func interactorAsksForTheBookAndListsTheBooks() throws {
        let store = try store()
        let worker = ContactListWorkerSpy(store: store)
        let interactor = ContactListInteractor(worker: worker)
        let presenter = ContactListPresenterSpy()
        interactor.presenter = presenter
        interactor.showContacts(request: .init(searchText: "", offset: 0, addressBook: .book(2), order: .firstName))
        #expect(worker.addressBooksAsked == [.book(2)] && worker.ordersAsked == [.firstName])
        #expect(presenter.contacts.last?.addressBook == .book(2) && presenter.contacts.last?.hasAddressBooks == true)
        #expect(presenter.contacts.last?.contacts.map(\.lastName) == ["hopper"])
        // A search on a book: its matches on the book only.
        interactor.showContacts(request: .init(searchText: "a", offset: 0, addressBook: .book(1)))
        #expect(presenter.contacts.last?.contacts.map(\.lastName) == ["lovelace", "turing"])
        interactor.listAddressBooks(request: .init())
        #expect(worker.addressBookListings == 1)
        #expect(presenter.addressBooks.last?.books.books.map(\.name) == ["Work", "Home"] && presenter.addressBooks.last?.books.notSynced == 1)
    }

    @Test func presenterOffersAllEachBookAndNotSyncedAndNamesTheFilter() {
        let presenter = ContactListPresenter()
        let display = ContactListDisplaySpy()
        presenter.viewController = display
        presenter.presentAddressBooks(response: .init(books: ContactAddressBooks(books: [.init(id: 1, name: "Work", count: 2),
                                                                                         .init(id: 2, name: "Home", count: 1)], notSynced: 1)))
        #expect(display.addressBooks.last?.options == [.init(text: "All contacts", filter: nil), .init(text: "Work (2)", filter: .book(1)),
                                                       .init(text: "Home (1)", filter: .book(2)), .init(text: "Not synced (1)", filter: .notSynced)])
        presenter.presentContacts(response: .init(searchText: "", addressBook: .book(1), hasAddressBooks: true, order: .company, totalCount: 2,
                                                  offset: 0, contacts: []))
        #expect(display.contacts.last?.title == "Contacts · Work by company (2)")
        #expect(display.contacts.last?.showsAddressBooks == true)
        presenter.presentContacts(response: .init(searchText: "zz", addressBook: .book(2), hasAddressBooks: true, totalCount: 0, offset: 0, contacts: []))
        #expect(display.contacts.last?.title == "Contacts · Home (0 found)")
        #expect(display.contacts.last?.emptyText == "No contact matches “zz” on Home.")
        presenter.presentContacts(response: .init(searchText: "", addressBook: .notSynced, hasAddressBooks: true, totalCount: 0, offset: 0, contacts: []))
        #expect(display.contacts.last?.title == "Contacts · Not synced (0)")
        #expect(display.contacts.last?.emptyText == "Every contact syncs with an address book. Esc shows all contacts.")
        // Nothing syncs: no picker, a message that says so; no column.
        presenter.presentAddressBooks(response: .init(books: ContactAddressBooks()))
        #expect(display.addressBooks.last?.options == [])
        #expect(display.addressBooks.last?.message == "Nothing to filter by: no contact here syncs with a CardDAV address book.")
        presenter.presentContacts(response: .init(searchText: "", totalCount: 0, offset: 0, contacts: []))
        #expect(display.contacts.last?.showsAddressBooks == false && display.contacts.last?.title == "Contacts (0)")
        presenter.presentAddressBooks(response: .init(books: ContactAddressBooks(), error: "the data file is locked"))
        #expect(display.addressBooks.last?.message == "The address books could not be read: the data file is locked")
    }

    @Test func viewControllerPicksABookWithTypeAheadAndEscShowsAllAgain() {
        let vc = ContactListViewController()
        let interactor = ContactListBusinessLogicSpy()
        vc.interactor = interactor
        let h = Harness(root: NavigationController(rootViewController: vc))
        h.press("A")
        #expect(interactor.addressBookListings == 1)
        // Nothing to filter by: said under the list, no popup.
        vc.displayAddressBooks(viewModel: .init(options: [], message: "Nothing to filter by: no contact here syncs with a CardDAV address book."))
        h.wait(0)
        #expect(vc.messageText.hasPrefix("Nothing to filter by") && vc.presentedViewController == nil)
        vc.displayAddressBooks(viewModel: .init(options: [.init(text: "All contacts", filter: nil), .init(text: "Work (2)", filter: .book(1)),
                                                          .init(text: "Home (1)", filter: .book(2)), .init(text: "Not synced (1)", filter: .notSynced)]))
        h.press("wait:400ms")
        #expect(h.text.contains("Show an address book") && h.text.contains("Not synced (1)"))
        h.press("n o Enter wait:400ms")                                 // type-ahead: "no" is Not synced
        #expect(interactor.showRequests.last?.addressBook == .notSynced)
        #expect(interactor.showRequests.last?.group == nil && vc.presentedViewController == nil)
        vc.displayAddressBooks(viewModel: .init(options: [.init(text: "All contacts", filter: nil), .init(text: "Work (2)", filter: .book(1)),
                                                          .init(text: "Home (1)", filter: .book(2)), .init(text: "Not synced (1)", filter: .notSynced)]))
        h.press("wait:400ms h Enter wait:400ms")
        #expect(interactor.showRequests.last?.addressBook == .book(2))
        // The filter stays with a search and with the order.
        h.press(#"/ "gr" Esc Esc o"#)
        #expect(interactor.showRequests.contains { $0.searchText == "gr" && $0.addressBook == .book(2) })
        #expect(interactor.showRequests.last?.addressBook == .book(2) && interactor.showRequests.last?.order == .firstName)
        // Esc out of the search field shows all contacts again.
        h.press("Esc")
        #expect(interactor.showRequests.last?.addressBook == nil)
    }
}
