@MainActor
protocol ShowContactRoutingLogic: AnyObject {
    func routeToEditContact()
    func routeBack()
}

@MainActor
protocol ShowContactDataPassing: AnyObject {
    var dataStore: ShowContactDataStore? { get }
}

@MainActor
final class ShowContactRouter: ShowContactRoutingLogic, ShowContactDataPassing {
    weak var dataStore: ShowContactDataStore?
    weak var coordinator: Coordination?
    /// The book the card was opened on: the form opened from it reads and saves the same.
    var book = ContactBook.both

    func routeToEditContact() {
        guard let id = dataStore?.contactID, dataStore?.contact != nil else { return }
        coordinator?.show(.contactEdit(id: id, book: book))
    }

    func routeBack() { coordinator?.pop() }
}
