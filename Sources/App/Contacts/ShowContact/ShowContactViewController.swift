import TUIKit

@MainActor
protocol ShowContactDisplayLogic: AnyObject {
    func displayContact(viewModel: ShowContact.GetContact.ViewModel)
    func displayDelete(viewModel: ShowContact.DeleteContact.ViewModel)
    func displayMerge(viewModel: ShowContact.MergeDuplicate.ViewModel)
    func displayAction(viewModel: ShowContact.ActionMessage)
}

/// The contact card: the name and one line per phone, email, company, notes, friend — as wide
/// as the terminal allows (up to `maxWidth`), each value wrapped in its own column, scrolling
/// (↓ ↑ PgDn PgUp Home End, the wheel) when it is taller than the screen.
@MainActor
final class ShowContactViewController: ViewController, ShowContactDisplayLogic {
    var interactor: ShowContactBusinessLogic?
    var router: (ShowContactRoutingLogic & ShowContactDataPassing)?
    /// The card's text, scrolling.
    let card = ReadingView()
    /// The name, or what was wrong (the contact is gone, a change was refused).
    private var headline = ""
    /// What the last merge did (under the name), or "".
    private(set) var notice = ""
    private(set) var viewModel: ShowContact.GetContact.ViewModel?
    /// The widest the card gets on a wide terminal (a line longer than this is hard to read).
    static let maxWidth = 100

    override func viewDidLoad() {
        view.style = Theme.live.base
        view.addSubview(card)
        card.pinEdges(to: view)
        card.rows = { [weak self] width in self?.rows(width: width) ?? [] }
        card.onOverflowChange = { [weak self] in self?.setNeedsKeyCommandsUpdate() }
        navigationItem.setRightBarButton(BarButtonItem(title: "Edit", key: .character("e")) { [weak self] in self?.router?.routeToEditContact() })
    }

    /// The card's rows for a view `width` columns wide: a row above, the name, a row between, the lines.
    func rows(width: Int) -> [ReadingView.Row] {
        let margin = width >= 44 ? 2 : 1
        let cardWidth = min(Self.maxWidth, width - 2 * margin)
        guard cardWidth > 0 else { return [] }
        let left = (width - cardWidth) / 2
        var rows: [ReadingView.Row] = [[]]
        for line in WrappedText.lines(headline, width: cardWidth) {
            rows.append([.init(column: left, text: line, style: Theme.live.emphasis)])
        }
        for line in WrappedText.lines(notice, width: cardWidth) where !notice.isEmpty {
            rows.append([.init(column: left, text: line, style: Theme.live.secondary)])
        }
        let lines = viewModel?.lines ?? []
        guard !lines.isEmpty else { return rows }
        rows.append([])
        let widest = lines.map { DisplayWidth.of($0.label) }.max() ?? 0
        let labelWidth = min(widest, max(6, cardWidth / 3))
        let valueWidth = cardWidth - labelWidth - 2
        for line in lines {
            if valueWidth < 12 {
                // Too narrow for two columns: the label, then its value under it, indented.
                for label in WrappedText.lines(line.label, width: cardWidth) {
                    rows.append([.init(column: left, text: label, style: Theme.live.secondary)])
                }
                for value in WrappedText.lines(line.value, width: cardWidth - 2) {
                    rows.append([.init(column: left + 2, text: value, style: Theme.live.base)])
                }
                continue
            }
            let labels = WrappedText.lines(line.label, width: labelWidth)
            let values = WrappedText.lines(line.value, width: valueWidth)
            for i in 0..<max(labels.count, values.count) {
                var row: ReadingView.Row = []
                if i < labels.count { row.append(.init(column: left, text: labels[i], style: Theme.live.secondary)) }
                if i < values.count { row.append(.init(column: left + labelWidth + 2, text: values[i], style: Theme.live.base)) }
                rows.append(row)
            }
        }
        return rows
    }

    override func viewWillAppear() { interactor?.getContact(request: .init()) }

    override var keyCommands: [KeyCommand] {
        guard viewModel?.missingMessage == nil else { return card.scrollCommands() } // nothing to delete, befriend or edit
        let commands = [KeyCommand(.character("d"), title: "Delete") { [weak self] in self?.confirmDelete() },
                        KeyCommand(.character("f"), title: "Friend") { [weak self] in self?.interactor?.toggleFriend(request: .init()) }]
        let merge = viewModel?.mergeQuestion == nil ? [] : [KeyCommand(.character("m"), title: "Merge duplicate") { [weak self] in self?.confirmMerge() }]
        return commands + merge + actionCommands + card.scrollCommands()
    }

    /// Whether `d` asks first (the "confirm before deleting" setting).
    var asksBeforeDeleting: () -> Bool = { true }

    private func confirmDelete() {
        guard let viewModel, viewModel.missingMessage == nil else { return }
        guard asksBeforeDeleting() else { interactor?.deleteContact(request: .init()); return }
        let alert = AlertController(title: "Delete contact", message: "Delete \(viewModel.fullName)? (u in the list brings it back)")
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { [weak self] in self?.interactor?.deleteContact(request: .init()) })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    private func confirmMerge() {
        guard let question = viewModel?.mergeQuestion else { return }
        let alert = AlertController(title: "Merge duplicate", message: question)
        alert.addAction(AlertAction(title: "Merge", style: .destructive) { [weak self] in self?.interactor?.mergeDuplicate(request: .init()) })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    /// An action's message (copied, back from the mail program, a program missing), under the name.
    func displayAction(viewModel: ShowContact.ActionMessage) {
        notice = viewModel.message
        card.reload()
        card.scrollToTop()
    }

    func displayMerge(viewModel: ShowContact.MergeDuplicate.ViewModel) {
        notice = viewModel.message
        card.reload()
        card.scrollToTop()
    }

    func displayContact(viewModel: ShowContact.GetContact.ViewModel) {
        self.viewModel = viewModel
        title = viewModel.title
        if viewModel.missingMessage != nil { navigationItem.setRightBarButton(nil) }
        setNeedsKeyCommandsUpdate()
        headline = viewModel.missingMessage ?? viewModel.fullName
        card.reload()
        setNeedsKeyCommandsUpdate()
    }

    func displayDelete(viewModel: ShowContact.DeleteContact.ViewModel) {
        if let message = viewModel.message { headline = message; card.reload(); card.scrollToTop() }
        if viewModel.leave { router?.routeBack() }
    }
}

extension String {
    func padding(toLength length: Int) -> String { count >= length ? self : self + String(repeating: " ", count: length - count) }
}

extension ShowContactViewController: ReloadsOnChangesElsewhere {
    /// The card as it is stored now (or that it is gone).
    func reloadForChangesElsewhere() { interactor?.getContact(request: .init()) }
}
