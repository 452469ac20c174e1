import AppServices

@MainActor
protocol SyncConflictsRoutingLogic: AnyObject {
    /// The conflict scene (seed 001's ResolveConflict), the local version beside the server's.
    func routeToPickFields(yours: ContactRecord, index: Int)
}

@MainActor
final class SyncConflictsRouter: SyncConflictsRoutingLogic {
    weak var coordinator: Coordination?
    weak var viewController: SyncConflictsViewController?

    func routeToPickFields(yours: ContactRecord, index: Int) {
        viewController?.pickingIndex = index
        coordinator?.show(.contactConflict(yours: yours, read: nil))
    }
}
