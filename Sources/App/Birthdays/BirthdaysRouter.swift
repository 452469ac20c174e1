@MainActor
protocol BirthdaysRoutingLogic: AnyObject {
    func routeToShowContact()
}

/// Opens the chosen contact's card through the coordinator.
@MainActor
final class BirthdaysRouter: BirthdaysRoutingLogic {
    weak var dataStore: BirthdaysDataStore?
    weak var coordinator: Coordination?
    /// The book the birthdays were read from: the card opens on the same.
    var book = ContactBook.both

    func routeToShowContact() {
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactDetail(id: id, book: book))
    }
}
