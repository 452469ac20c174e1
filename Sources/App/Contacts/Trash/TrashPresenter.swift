import AppServices

@MainActor
protocol TrashPresentationLogic: AnyObject {
    func presentTrash(response: Trash.ShowTrash.Response)
    func presentRestore(response: Trash.RestoreContact.Response)
    func presentEmpty(response: Trash.EmptyTrash.Response)
}

/// Words for the Trash: each row the name, its e-mail or phone, and when it was deleted.
@MainActor
final class TrashPresenter: TrashPresentationLogic {
    weak var viewController: TrashDisplayLogic?
    /// The time now, for "Today" and "Yesterday".
    var now: () -> Int64 = { 0 }

    func presentTrash(response: Trash.ShowTrash.Response) {
        let rows = response.kept.map { kept -> Trash.ShowTrash.ViewModel.Row in
            let c = kept.record
            let name = c.displayName.isEmpty ? "(no name)" : c.displayName
            let detail = c.mailTo ?? c.phones.first?.number ?? ""
            let when = "deleted \(ActivityRow.dayName(kept.deletedAt, now: now())) \(ActivityRow.time(kept.deletedAt))"
            return .init(trashID: kept.trashID, text: [name, detail, when].filter { !$0.isEmpty }.joined(separator: " · "))
        }
        let count = response.kept.count
        let status = response.error.map { "The Trash could not be read: " + $0 }
            ?? (count == 0 ? "" : "\(count == 1 ? "1 deleted contact" : "\(count) deleted contacts") · the last \(Self.kept) deletes are kept")
        viewController?.displayTrash(viewModel: .init(rows: rows, status: status,
                                                      emptyText: "The Trash is empty: contacts deleted here come to it (the last \(Self.kept))."))
    }

    /// How many deletes the stores keep.
    static let kept = 100

    func presentRestore(response: Trash.RestoreContact.Response) {
        let message = response.error.map { "Nothing was brought back: " + $0 }
            ?? response.name.map { "Brought back \($0) (it is in Contacts again)." } ?? "It was no longer in the Trash."
        viewController?.displayRestore(viewModel: .init(message: message))
    }

    func presentEmpty(response: Trash.EmptyTrash.Response) {
        let message = response.error.map { "The Trash was not emptied: " + $0 }
            ?? (response.forgotten == 1 ? "Emptied the Trash: 1 contact is gone for good." : "Emptied the Trash: \(response.forgotten) contacts are gone for good.")
        viewController?.displayEmpty(viewModel: .init(message: message))
    }
}
