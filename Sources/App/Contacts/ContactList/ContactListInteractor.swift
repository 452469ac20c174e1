import AppServices

@MainActor
protocol ContactListBusinessLogic: AnyObject {
    func showContacts(request: ContactList.ShowContacts.Request)
    func selectContact(request: ContactList.SelectContact.Request)
    func toggleFriend(request: ContactList.ToggleFriend.Request)
    func deleteContact(request: ContactList.DeleteContact.Request)
    func undoDelete(request: ContactList.UndoDelete.Request)
    func chooseBook(request: ContactList.ChooseBook.Request)
    func listGroups(request: ContactList.ListGroups.Request)
    func listAddressBooks(request: ContactList.ListAddressBooks.Request)
    // Marking (ContactListInteractor+Marking.swift)
    func markContacts(request: ContactList.MarkContacts.Request)
    func deleteMarked(request: ContactList.DeleteMarked.Request)
    func groupMarked(request: ContactList.GroupMarked.Request)
    func mergeMarked(request: ContactList.MergeMarked.Request)
    func mailMarked(request: ContactList.MailMarked.Request)
}

/// What the list scene keeps for routing: the chosen contact and the search.
@MainActor
protocol ContactListDataStore: AnyObject {
    var selectedContactID: Int64? { get set }
    var searchText: String { get }
    /// A contact to select at the next showing (handed over by the add scene's router).
    var contactToShow: Int64? { get set }
    /// The book (or both) the list shows.
    var book: ContactBook { get }
}

/// The list's business logic: fetches windows of contacts for a search,
/// remembers the chosen one, toggles friends, deletes.
@MainActor
final class ContactListInteractor: ContactListBusinessLogic, ContactListDataStore {
    var presenter: ContactListPresentationLogic?
    var worker: ContactListWorker
    var selectedContactID: Int64?
    var contactToShow: Int64?
    /// The contacts marked (Space, `+`, `*`), by id: they stay marked through searches and scrolls.
    var marked: Set<Int64> = []
    /// The clipboard and the mail program, for `y` and `m` on the marked.
    var actions: ContactActions?
    private(set) var searchText = ""
    /// The group the list shows (nil: all contacts), as last asked for.
    private(set) var group: String?
    /// The address book the list shows (nil: all contacts), as last asked for.
    private(set) var addressBook: AddressBookFilter?
    /// The order the list is in, as last asked for.
    private(set) var order: ContactListOrder = .lastName
    /// The window last fetched.
    private var window: (offset: Int, contacts: [ContactSummary]) = (0, [])
    /// The answer last shown, kept on screen when a later read of the same search fails.
    private var shown: ContactList.ShowContacts.Response?

    /// How far past the requested window a search counts its matches.
    static let countLookahead = 1_000

    /// Runs the exact count of a search whose first count stopped short ("1200+ found"), later:
    /// once typing has paused (the configurator hands in the run loop's timer; nil: at once).
    var countLater: ((@escaping @MainActor () -> Void) -> Void)?
    /// The exact count last read, and for which search (shown instead of a partial count of the
    /// same search until the next exact count says otherwise).
    private var exact: (search: String, count: Int)?
    /// How long typing pauses before a search's exact count is read.
    static let countPause: Duration = .milliseconds(300)
    /// Counts the exact counts asked for: only the last one's answer is wanted.
    private var countRequests = 0
    /// Counts the windows asked for, and the newest whose answer was shown: an answer never
    /// replaces a newer one's (a search read off the main loop may answer after the list was
    /// read again at once).
    private var windowRequests = 0
    private var newestShownWindow = 0

    /// The book (or both) the list shows.
    private(set) var book: ContactBook
    /// The contacts of a book, for the filter (nil: one book only, a person's own data).
    private let contactsOfBook: ((ContactBook) -> ContactsWork)?

    init(worker: ContactListWorker, book: ContactBook = .own, contactsOfBook: ((ContactBook) -> ContactsWork)? = nil) {
        self.worker = worker
        self.book = book
        self.contactsOfBook = contactsOfBook
    }

    /// Whether the list can show another book (a team's directory).
    var choosesBooks: Bool { contactsOfBook != nil }

    func listGroups(request: ContactList.ListGroups.Request) {
        worker.groups { [weak self] result in
            switch result {
            case .success(let groups): self?.presenter?.presentGroups(response: .init(groups: groups))
            case .failure(let error): self?.presenter?.presentGroups(response: .init(groups: [], error: error.message))
            }
        }
    }

    func listAddressBooks(request: ContactList.ListAddressBooks.Request) {
        worker.addressBooks { [weak self] result in
            switch result {
            case .success(let books): self?.presenter?.presentAddressBooks(response: .init(books: books))
            case .failure(let error): self?.presenter?.presentAddressBooks(response: .init(books: ContactAddressBooks(), error: error.message))
            }
        }
    }

    func chooseBook(request: ContactList.ChooseBook.Request) {
        guard let contactsOfBook, request.book != book else { return }
        book = request.book
        worker = ContactListWorker(contacts: contactsOfBook(request.book))
        window = (0, [])
        shown = nil
        exact = nil            // another book's count
        countRequests += 1     // an exact count still out was of the other book
        presenter?.presentChosenBook(response: .init(book: request.book))
    }

    func showContacts(request: ContactList.ShowContacts.Request) {
        let showing = contactToShow
        contactToShow = nil
        searchText = request.searchText
        if request.countsAgain { exact = nil }
        if group != request.group || addressBook != request.addressBook || order != request.order {
            shown = nil   // another list: nothing of the last one stays
        }
        group = request.group
        addressBook = request.addressBook
        order = request.order
        windowRequests += 1
        let asked = windowRequests
        worker.fetchWindow(search: request.searchText, group: request.group, addressBook: request.addressBook, order: request.order,
                           offset: request.offset, limit: request.limit, lookahead: Self.countLookahead, showing: showing) { [weak self] result in
            // An answer for a search typed over since (or another group, book or order) is not shown.
            guard let self, request.searchText == self.searchText, request.group == self.group, request.addressBook == self.addressBook,
                  request.order == self.order, asked > self.newestShownWindow else { return }
            self.newestShownWindow = asked
            switch result {
            case .success(let fetched):
                self.window = (fetched.offset, fetched.rows)
                var response = ContactList.ShowContacts.Response(
                    searchText: request.searchText, group: request.group, addressBook: request.addressBook,
                    hasAddressBooks: fetched.hasAddressBooks, order: request.order, totalCount: fetched.total,
                    countIsPartial: fetched.countIsPartial,
                    offset: fetched.offset, contacts: fetched.rows, previousSortKey: fetched.previousSortKey,
                    selectedIndex: fetched.selectedIndex, bestCount: fetched.bestCount)
                if fetched.countIsPartial {
                    // The count read for this search stands (a window further down asks nothing again:
                    // on a server a broad count would hold up the pages behind it) until contacts change.
                    if let exact = self.exact, exact.search == request.searchText,
                       exact.count + fetched.bestCount >= fetched.offset + fetched.rows.count {
                        response.totalCount = exact.count + fetched.bestCount
                        response.countIsPartial = false
                    } else {
                        self.countExactly(request.searchText)
                    }
                }
                self.shown = response
                self.presenter?.presentContacts(response: response)
            case .failure(let error):
                if var kept = self.shown, kept.searchText == request.searchText, !kept.contacts.isEmpty {
                    // What is on screen stays (the rows already read); the message says what went wrong.
                    kept.error = error.message
                    kept.selectedIndex = nil
                    self.presenter?.presentContacts(response: kept)
                } else {
                    self.window = (0, [])
                    self.shown = nil
                    self.presenter?.presentContacts(response: .init(searchText: request.searchText, group: request.group,
                                                                    addressBook: request.addressBook, order: request.order,
                                                                    totalCount: 0, offset: 0,
                                                                    contacts: [], error: error.message))
                }
            }
        }
    }

    /// Asks for the exact count of `search` (later, see `countLater`); its answer is shown when
    /// the search is still the one on screen and no later count was asked for.
    private func countExactly(_ search: String) {
        countRequests += 1
        let asked = countRequests
        let run: @MainActor () -> Void = { [weak self] in
            guard let self, asked == self.countRequests, search == self.searchText else { return }
            self.worker.countExactly(search: search) { [weak self] result in
                guard let self, asked == self.countRequests, search == self.searchText,
                      case .success(let count) = result, var kept = self.shown, kept.searchText == search else { return }
                self.exact = (search, count)
                guard kept.countIsPartial || kept.totalCount != count + kept.bestCount else { return }
                kept.totalCount = count + kept.bestCount
                kept.countIsPartial = false
                kept.selectedIndex = nil
                kept.error = nil
                self.shown = kept
                self.presenter?.presentContacts(response: kept)
            }
        }
        if let countLater { countLater(run) } else { run() }
    }

    /// The id of the contact at a list index, from the window on hand.
    func contactID(at index: Int) -> Int64? { contact(at: index)?.id }

    /// The contact at a list index, from the window on hand.
    private func contact(at index: Int) -> ContactSummary? {
        guard index >= window.offset, index < window.offset + window.contacts.count else { return nil }
        return window.contacts[index - window.offset]
    }

    func selectContact(request: ContactList.SelectContact.Request) {
        selectedContactID = contact(at: request.index)?.id
    }

    func toggleFriend(request: ContactList.ToggleFriend.Request) {
        guard let c = contact(at: request.index) else { return }
        worker.setFriend(id: c.id, !c.isFriend) { [weak self] result in
            switch result {
            case .success(let done):
                self?.presenter?.presentToggleFriend(response: .init(firstName: c.firstName, lastName: c.lastName, isFriend: done ? !c.isFriend : nil, displayName: c.displayName))
            case .failure(let error):
                self?.presenter?.presentToggleFriend(response: .init(firstName: c.firstName, lastName: c.lastName, isFriend: nil, error: error.message, displayName: c.displayName))
            }
        }
    }

    func deleteContact(request: ContactList.DeleteContact.Request) {
        guard let c = contact(at: request.index) else { return }
        worker.delete(id: c.id) { [weak self] result in
            switch result {
            case .success(let deleted):
                self?.presenter?.presentDeleteContact(response: .init(firstName: c.firstName, lastName: c.lastName, deleted: deleted, displayName: c.displayName))
            case .failure(let error):
                self?.presenter?.presentDeleteContact(response: .init(firstName: c.firstName, lastName: c.lastName, deleted: false, error: error.message, displayName: c.displayName))
            }
        }
    }

    func undoDelete(request: ContactList.UndoDelete.Request) {
        worker.restoreLastDeletes { [weak self] result in
            switch result {
            case .success(let records) where !records.isEmpty:
                let record = records[0]
                self?.contactToShow = record.id // the list shows it, selected
                self?.presenter?.presentUndoDelete(response: .init(firstName: record.firstName, lastName: record.lastName,
                                                                   displayName: record.displayName, count: records.count))
            case .success:
                self?.presenter?.presentUndoDelete(response: .init())
            case .failure(let error):
                self?.presenter?.presentUndoDelete(response: .init(error: error.message))
            }
        }
    }
}
