import TUIKit
@MainActor
protocol ResolveConflictPresentationLogic: AnyObject {
    func presentLoad(response: ResolveConflict.Load.Response)
    func presentSave(response: ResolveConflict.Save.Response)
}

/// Each differing field on one line: its label, then both values, the picked one marked
/// ("● yours: …  ○ theirs: …"); a value too long for its half is cut with "…" by the list.
@MainActor
final class ResolveConflictPresenter: ResolveConflictPresentationLogic {
    weak var viewController: ResolveConflictDisplayLogic?

    static func line(_ row: ResolveConflict.Load.Row) -> String {
        func value(_ text: String) -> String {
            let one = text.isEmpty ? "(none)" : String(text.map { $0.isNewline ? "⏎" : $0 })
            return one.count > 30 ? String(one.prefix(29)) + "…" : one
        }
        let mark = { (side: ResolveConflict.Side) in row.pick == side ? Glyphs.current.chosen : Glyphs.current.unchosen }
        let label = row.label.count < 11 ? row.label + String(repeating: " ", count: 11 - row.label.count) : row.label
        return "\(label) \(mark(.yours)) yours: \(value(row.yours))   \(mark(.theirs)) theirs: \(value(row.theirs))"
    }

    func presentLoad(response: ResolveConflict.Load.Response) {
        guard let rows = response.rows else {
            viewController?.displayLoad(viewModel: .init(lines: [], message: response.error ?? ""))
            return
        }
        let message = response.error ?? (rows.isEmpty
            ? "Their change and yours now agree: ^S saves, Esc goes back."
            : "Someone else changed this contact since you opened it. Pick each field's version (←/→ or Space), then ^S.")
        viewController?.displayLoad(viewModel: .init(lines: rows.map(Self.line), message: message))
    }

    func presentSave(response: ResolveConflict.Save.Response) {
        viewController?.displaySave(viewModel: .init(saved: response.saved, message: response.error ?? ""))
    }
}
