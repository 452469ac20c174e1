import AppServices

@MainActor
protocol CorrespondentsPresentationLogic: AnyObject {
    func present(response: Correspondents.Show.Response)
}

/// Says who each person is and how often and when last they were written to.
@MainActor
final class CorrespondentsPresenter: CorrespondentsPresentationLogic {
    weak var viewController: CorrespondentsDisplayLogic?

    func present(response: Correspondents.Show.Response) {
        let rows = response.people.enumerated().map { index, p in
            Correspondents.Show.ViewModel.Row(
                marked: response.marked.contains(index),
                who: SafeText.line(p.name.isEmpty ? p.address : "\(p.name) <\(p.address)>"),
                counts: (p.sent == 1 ? "wrote once" : "wrote \(p.sent) times") + (p.lastSent.map { ", last \(MailCountText.spokenDay($0))" } ?? ""))
        }
        let marked = response.marked.count
        viewController?.display(viewModel: .init(
            title: rows.isEmpty ? "People you write to" : "People you write to, not contacts (\(rows.count))",
            rows: rows,
            emptyText: "No one you wrote to is missing from your contacts (switchboard harvest reads your mail: see its --help).",
            message: response.error ?? response.message ?? (marked > 0 ? "\(marked) marked: Enter adds them." : "")))
    }
}
