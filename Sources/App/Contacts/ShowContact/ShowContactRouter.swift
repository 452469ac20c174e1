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

    func routeToEditContact() {
        guard let id = dataStore?.contactID, dataStore?.contact != nil else { return }
        coordinator?.show(.contactEdit(id: id))
    }

    func routeBack() { coordinator?.pop() }
}
