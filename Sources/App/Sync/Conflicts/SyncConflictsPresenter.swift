import AppServices

@MainActor
protocol SyncConflictsPresentationLogic: AnyObject {
    func presentLoad(response: SyncConflicts.Load.Response)
    func presentSettle(response: SyncConflicts.Settle.Response)
}

/// Words for each conflict: whose, which fields, which address book, and what the keys do.
@MainActor
final class SyncConflictsPresenter: SyncConflictsPresentationLogic {
    weak var viewController: SyncConflictsDisplayLogic?

    func presentLoad(response: SyncConflicts.Load.Response) {
        let rows = response.conflicts.map { SyncConflicts.Load.ViewModel.Row(text: Self.text($0)) }
        let message = response.error ?? (rows.isEmpty ? "No conflicts: every change went through."
            : "Enter: pick a side field by field · s: keep the server's · d: delete it here")
        viewController?.displayLoad(viewModel: .init(rows: rows, message: message))
    }

    func presentSettle(response: SyncConflicts.Settle.Response) {
        viewController?.displaySettle(message: response.error ?? response.notice ?? "", isError: response.error != nil)
    }

    static func text(_ conflict: SyncConflictItem) -> String {
        let name = conflict.local.map { $0.displayName.isEmpty ? "(no name)" : $0.displayName } ?? "(no name)"
        let what: String = switch conflict.kind {
        case .fields: "both changed " + (conflict.fields.isEmpty ? "it" : conflict.fields.joined(separator: ", "))
        case .deletedOnServer: "deleted on the server, changed here (Enter keeps yours)"
        case .deletedHere: "deleted here, changed on the server (back in the list; d deletes it again)"
        }
        return "\(name) — \(what) · \(conflict.bookName)"
    }
}
