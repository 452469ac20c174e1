@MainActor
protocol AddContactRoutingLogic: AnyObject {
    func routeBack()
}

/// A screen that wants to know which contact was just added (the contact list selects it).
@MainActor
protocol AddedContactReceiving: AnyObject {
    func contactWasAdded(id: Int64)
}

@MainActor
protocol AddContactDataPassing: AnyObject {
    var dataStore: AddContactDataStore? { get }
}

@MainActor
final class AddContactRouter: AddContactRoutingLogic, AddContactDataPassing {
    weak var dataStore: AddContactDataStore?
    weak var coordinator: Coordination?
    /// Back to where the form was opened from; a contact list there is told which contact was added, to select it.
    func routeBack() {
        let saved = dataStore?.savedContactID
        coordinator?.pop(passingTo: { destination in
            guard let saved, let list = destination as? AddedContactReceiving else { return }
            list.contactWasAdded(id: saved)
        })
    }
}
