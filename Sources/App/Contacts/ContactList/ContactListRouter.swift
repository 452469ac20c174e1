@MainActor
protocol ContactListRoutingLogic: AnyObject {
    func routeToShowContact()
    func routeToAddContact()
    func routeToEditContact()
    func routeToTransfer(export: Bool)
    /// Export… of the search on screen (`scope` .search) or of the contact chosen (the data store's).
    func routeToExport(search: String?)
    func routeToDuplicates()
    /// Export… of the contacts marked.
    func routeToExport(ids: [Int64])
    /// The Trash: the contacts deleted lately, to bring back.
    func routeToTrash()
}

@MainActor
protocol ContactListDataPassing: AnyObject {
    var dataStore: ContactListDataStore? { get }
}

/// Leaves the list through the coordinator, passing the chosen contact and the book the list
/// shows from the data store in the `Screen` value.
@MainActor
final class ContactListRouter: ContactListRoutingLogic, ContactListDataPassing {
    weak var viewController: ContactListViewController?
    weak var dataStore: ContactListDataStore?
    weak var coordinator: Coordination?

    /// The book the list shows now (its filter key changes it): the screens it opens show the same.
    private var book: ContactBook { dataStore?.book ?? .both }

    func routeToShowContact() {
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactDetail(id: id, book: book))
    }

    func routeToAddContact() { coordinator?.show(.contactAdd(book: book)) }

    func routeToTransfer(export: Bool) { coordinator?.show(.contactTransfer(export: export, book: book)) }

    func routeToExport(search: String?) {
        if let search { coordinator?.show(.contactExport(.search(search), book: book)); return }
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactExport(.contact(id: id), book: book))
    }

    func routeToDuplicates() { coordinator?.show(.duplicates(book: book)) }

    func routeToExport(ids: [Int64]) { coordinator?.show(.contactExport(.contacts(ids: ids), book: book)) }

    func routeToTrash() { coordinator?.show(.trash(book: book)) }

    func routeToEditContact() {
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactEdit(id: id, book: book))
    }
}
