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

/// Leaves the list through the coordinator, passing the chosen contact from
/// the data store in the `Screen` value.
@MainActor
final class ContactListRouter: ContactListRoutingLogic, ContactListDataPassing {
    weak var viewController: ContactListViewController?
    weak var dataStore: ContactListDataStore?
    weak var coordinator: Coordination?

    func routeToShowContact() {
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactDetail(id: id))
    }

    func routeToAddContact() { coordinator?.show(.contactAdd) }

    func routeToTransfer(export: Bool) { coordinator?.show(.contactTransfer(export: export)) }

    func routeToExport(search: String?) {
        if let search { coordinator?.show(.contactExport(.search(search))); return }
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactExport(.contact(id: id)))
    }

    func routeToDuplicates() { coordinator?.show(.duplicates) }

    func routeToExport(ids: [Int64]) { coordinator?.show(.contactExport(.contacts(ids: ids))) }

    func routeToTrash() { coordinator?.show(.trash) }

    func routeToEditContact() {
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactEdit(id: id))
    }
}
