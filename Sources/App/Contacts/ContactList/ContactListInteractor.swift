import AppServices

@MainActor
protocol ContactListBusinessLogic: AnyObject {
    func showContacts(request: ContactList.ShowContacts.Request)
    func selectContact(request: ContactList.SelectContact.Request)
    func toggleFriend(request: ContactList.ToggleFriend.Request)
    func deleteContact(request: ContactList.DeleteContact.Request)
    func undoDelete(request: ContactList.UndoDelete.Request)
}

/// What the list scene keeps for routing: the chosen contact and the search.
@MainActor
protocol ContactListDataStore: AnyObject {
    var selectedContactID: Int64? { get set }
    var searchText: String { get }
    /// A contact to select at the next showing (handed over by the add scene's router).
    var contactToShow: Int64? { get set }
}

/// The list's business logic: fetches windows of contacts for a search,
/// remembers the chosen one, toggles friends, deletes.
@MainActor
final class ContactListInteractor: ContactListBusinessLogic, ContactListDataStore {
    var presenter: ContactListPresentationLogic?
    var worker: ContactListWorker
    var selectedContactID: Int64?
    var contactToShow: Int64?
    private(set) var searchText = ""
    /// The window last fetched.
    private var window: (offset: Int, contacts: [ContactSummary]) = (0, [])
    /// The answer last shown, kept on screen when a later read of the same search fails.
    private var shown: ContactList.ShowContacts.Response?

    /// How far past the requested window a search counts its matches.
    static let countLookahead = 1_000

    init(worker: ContactListWorker) { self.worker = worker }

    func showContacts(request: ContactList.ShowContacts.Request) {
        let showing = contactToShow
        contactToShow = nil
        searchText = request.searchText
        worker.fetchWindow(search: request.searchText, offset: request.offset, limit: request.limit,
                           lookahead: Self.countLookahead, showing: showing) { [weak self] result in
            // An answer for a search typed over since is not shown.
            guard let self, request.searchText == self.searchText else { return }
            switch result {
            case .success(let fetched):
                self.window = (fetched.offset, fetched.rows)
                let response = ContactList.ShowContacts.Response(
                    searchText: request.searchText, totalCount: fetched.total, countIsPartial: fetched.countIsPartial,
                    offset: fetched.offset, contacts: fetched.rows, previousSortKey: fetched.previousSortKey,
                    selectedIndex: fetched.selectedIndex)
                self.shown = response
                self.presenter?.presentContacts(response: response)
            case .failure(let error):
                if var kept = self.shown, kept.searchText == request.searchText, !kept.contacts.isEmpty {
                    // What is on screen stays (the rows already read); the message says what went wrong.
                    kept.error = error.description
                    kept.selectedIndex = nil
                    self.presenter?.presentContacts(response: kept)
                } else {
                    self.window = (0, [])
                    self.shown = nil
                    self.presenter?.presentContacts(response: .init(searchText: request.searchText, totalCount: 0, offset: 0,
                                                                    contacts: [], error: error.description))
                }
            }
        }
    }

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
                self?.presenter?.presentToggleFriend(response: .init(firstName: c.firstName, lastName: c.lastName, isFriend: done ? !c.isFriend : nil))
            case .failure(let error):
                self?.presenter?.presentToggleFriend(response: .init(firstName: c.firstName, lastName: c.lastName, isFriend: nil, error: error.description))
            }
        }
    }

    func deleteContact(request: ContactList.DeleteContact.Request) {
        guard let c = contact(at: request.index) else { return }
        worker.delete(id: c.id) { [weak self] result in
            switch result {
            case .success(let deleted):
                self?.presenter?.presentDeleteContact(response: .init(firstName: c.firstName, lastName: c.lastName, deleted: deleted))
            case .failure(let error):
                self?.presenter?.presentDeleteContact(response: .init(firstName: c.firstName, lastName: c.lastName, deleted: false, error: error.description))
            }
        }
    }

    func undoDelete(request: ContactList.UndoDelete.Request) {
        worker.restoreLastDeleted { [weak self] result in
            switch result {
            case .success(let record?):
                self?.contactToShow = record.id // the list shows it, selected
                self?.presenter?.presentUndoDelete(response: .init(firstName: record.firstName, lastName: record.lastName))
            case .success(nil):
                self?.presenter?.presentUndoDelete(response: .init())
            case .failure(let error):
                self?.presenter?.presentUndoDelete(response: .init(error: error.description))
            }
        }
    }
}
