@MainActor
protocol DuplicatesRoutingLogic: AnyObject {
    func routeToContact()
}

@MainActor
protocol DuplicatesDataPassing: AnyObject {
    var dataStore: DuplicatesDataStore? { get }
}

/// Leaves the scene through the coordinator: the pair's first contact's card (which names the other).
@MainActor
final class DuplicatesRouter: DuplicatesRoutingLogic, DuplicatesDataPassing {
    weak var dataStore: DuplicatesDataStore?
    weak var coordinator: Coordination?
    /// The book the pairs were found in: the card opens on the same.
    var book = ContactBook.both

    func routeToContact() {
        guard let id = dataStore?.selectedContactID else { return }
        coordinator?.show(.contactDetail(id: id, book: book))
    }
}
