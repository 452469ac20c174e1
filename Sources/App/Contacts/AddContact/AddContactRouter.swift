@MainActor
protocol AddContactRoutingLogic: AnyObject {
    func routeBack()
}

@MainActor
protocol AddContactDataPassing: AnyObject {
    var dataStore: AddContactDataStore? { get }
}

@MainActor
final class AddContactRouter: AddContactRoutingLogic, AddContactDataPassing {
    weak var dataStore: AddContactDataStore?
    weak var coordinator: Coordination?
    func routeBack() { coordinator?.pop() }
}
