import AppServices

@MainActor
protocol ContactListBusinessLogic: AnyObject {
    func showContacts(request: ContactList.ShowContacts.Request)
    func selectContact(request: ContactList.SelectContact.Request)
    func toggleFriend(request: ContactList.ToggleFriend.Request)
    func deleteContact(request: ContactList.DeleteContact.Request)
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

    /// How far past the requested window a search counts its matches.
    static let countLookahead = 1_000

    init(worker: ContactListWorker) { self.worker = worker }

    func showContacts(request: ContactList.ShowContacts.Request) {
        var request = request
        var selected: Int?
        if let id = contactToShow {
            contactToShow = nil
            // The contact just added: its place in the whole list (a search that hides it keeps the list as it is).
            if request.searchText.trimmedSpaces.isEmpty, let index = try? worker.listIndex(ofContact: id) {
                selected = index
                request.offset = max(0, index - request.limit / 2)
            }
        }
        searchText = request.searchText
        do {
            // A search counts only a little past the window asked for: its exact
            // count could mean walking every match; the list grows as it is scrolled.
            let searching = !request.searchText.trimmedSpaces.isEmpty
            let cap = searching ? request.offset + request.limit + Self.countLookahead : Int.max
            let total = try worker.count(matching: request.searchText, upTo: cap)
            let start = max(0, request.offset - 1) // one row before, for the section of the first
            var rows = try worker.contacts(matching: request.searchText, offset: start, limit: request.limit + (request.offset - start))
            var previous: String?
            if start < request.offset, !rows.isEmpty { previous = rows.removeFirst().sortKey }
            window = (request.offset, rows)
            presenter?.presentContacts(response: .init(searchText: request.searchText, totalCount: total, countIsPartial: total == cap,
                                                       offset: request.offset, contacts: rows, previousSortKey: previous,
                                                       selectedIndex: selected))
        } catch {
            window = (0, [])
            presenter?.presentContacts(response: .init(searchText: request.searchText, totalCount: 0, offset: 0, contacts: [],
                                                       error: error.description))
        }
    }

    /// The contact at a list index (from the window, else fetched).
    private func contact(at index: Int) -> ContactSummary? {
        if index >= window.offset, index < window.offset + window.contacts.count { return window.contacts[index - window.offset] }
        return (try? worker.contacts(matching: searchText, offset: index, limit: 1))?.first
    }

    func selectContact(request: ContactList.SelectContact.Request) {
        selectedContactID = contact(at: request.index)?.id
    }

    func toggleFriend(request: ContactList.ToggleFriend.Request) {
        guard let c = contact(at: request.index) else { return }
        do {
            let done = try worker.setFriend(id: c.id, !c.isFriend)
            presenter?.presentToggleFriend(response: .init(firstName: c.firstName, lastName: c.lastName, isFriend: done ? !c.isFriend : nil))
        } catch {
            presenter?.presentToggleFriend(response: .init(firstName: c.firstName, lastName: c.lastName, isFriend: nil, error: error.description))
        }
    }

    func deleteContact(request: ContactList.DeleteContact.Request) {
        guard let c = contact(at: request.index) else { return }
        do {
            presenter?.presentDeleteContact(response: .init(firstName: c.firstName, lastName: c.lastName, deleted: try worker.delete(id: c.id)))
        } catch {
            presenter?.presentDeleteContact(response: .init(firstName: c.firstName, lastName: c.lastName, deleted: false, error: error.description))
        }
    }
}
