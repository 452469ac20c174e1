@MainActor
protocol BirthdaysRoutingLogic: AnyObject {
    func routeToShowContact()
}

/// Opens the chosen contact's card through the coordinator.
@MainActor
final class BirthdaysRouter: BirthdaysRoutingLogic {
    weak var dataStore: BirthdaysDataStore?
    weak var coordinator: Coordination?

    func routeToShowContact() {
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactDetail(id: id))
    }
}
