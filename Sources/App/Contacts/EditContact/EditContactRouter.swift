@MainActor
protocol EditContactRoutingLogic: AnyObject {
    func routeBack()
}

@MainActor
protocol EditContactDataPassing: AnyObject {
    var dataStore: EditContactDataStore? { get }
}

@MainActor
final class EditContactRouter: EditContactRoutingLogic, EditContactDataPassing {
    weak var dataStore: EditContactDataStore?
    weak var coordinator: Coordination?
    func routeBack() { coordinator?.pop() }
}
