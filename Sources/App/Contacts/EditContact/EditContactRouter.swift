@MainActor
protocol EditContactRoutingLogic: AnyObject {
    func routeBack()
    /// To the conflict screen, with the version the person tried to save.
    func routeToConflict()
}

@MainActor
protocol EditContactDataPassing: AnyObject {
    var dataStore: EditContactDataStore? { get }
}

@MainActor
final class EditContactRouter: EditContactRoutingLogic, EditContactDataPassing {
    weak var dataStore: EditContactDataStore?
    weak var coordinator: Coordination?
    /// The book the form was opened on: the conflict screen saves to the same.
    var book = ContactBook.both
    func routeBack() { coordinator?.pop() }
    func routeToConflict() {
        guard let yours = dataStore?.conflictingRecord else { return }
        coordinator?.show(.contactConflict(yours: yours, read: dataStore?.readRecord, book: book))
    }
}
