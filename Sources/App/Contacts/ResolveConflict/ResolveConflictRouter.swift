@MainActor
protocol ResolveConflictRoutingLogic: AnyObject {
    /// Back to the form, as it was typed (nothing saved).
    func routeBack()
    /// Saved: back past the form too (it has nothing left to save).
    func routeSaved()
}

@MainActor
protocol ResolveConflictDataPassing: AnyObject {
    var dataStore: ResolveConflictDataStore? { get }
}

@MainActor
final class ResolveConflictRouter: ResolveConflictRoutingLogic, ResolveConflictDataPassing {
    weak var dataStore: ResolveConflictDataStore?
    weak var coordinator: Coordination?

    func routeBack() { coordinator?.pop() }

    func routeSaved() {
        coordinator?.pop {
            ($0 as? EditContactViewController)?.conflictResolved()
            ($0 as? SyncConflictsViewController)?.pickedFieldsSaved() // a sync conflict: settled, the picks go out at the next sync
        }
    }
}
