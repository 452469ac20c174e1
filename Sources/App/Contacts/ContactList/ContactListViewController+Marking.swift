import AppServices
import TUIKit

/// Marking, as abook does: Space, `+`, `-`, `*`; a marked row starts with `*` (seen without
/// colour and on the console too), the title counts them; `d`, `x`, `L`, `M`, `m`, `y` act on them.
extension ContactListViewController {
    /// The mark a marked row starts with.
    static let markGlyph: Character = "*"

    /// The keys that mark, and those that act on the marked (`d` and `x` change their titles in
    /// `keyCommands`).
    var markingCommands: [KeyCommand] {
        let onRow: [KeyCommand] = list.selectedIndex == nil ? [] : [
            KeyCommand(.character(" "), title: "Mark/unmark", showsInStatusLine: false) { [weak self] in self?.toggleMark() },
        ]
        let marking = [
            KeyCommand(.character("+"), title: "Mark all shown", showsInStatusLine: false) { [weak self] in
                self?.interactor?.markContacts(request: .init(change: .all))
            },
            KeyCommand(.character("-"), title: "Unmark all", showsInStatusLine: false) { [weak self] in
                self?.interactor?.markContacts(request: .init(change: .none))
            },
            KeyCommand(.character("*"), title: "Invert marks", showsInStatusLine: false) { [weak self] in
                self?.interactor?.markContacts(request: .init(change: .invert))
            },
        ]
        let mail: [KeyCommand] = marked.isEmpty && list.selectedIndex == nil ? [] : [
            KeyCommand(.character("m"), title: marked.isEmpty ? "Mail" : "Mail the marked", showsInStatusLine: !marked.isEmpty) { [weak self] in
                self?.interactor?.mailMarked(request: .init(copy: false, index: self?.list.selectedIndex))
            },
        ]
        let onMarked: [KeyCommand] = marked.isEmpty ? [] : [
            KeyCommand(.character("y"), title: "Copy their addresses", showsInStatusLine: false) { [weak self] in
                self?.interactor?.mailMarked(request: .init(copy: true))
            },
            // (`g` and `G` move to the first and last row.)
            KeyCommand(.character("L"), title: "Put the marked into a group, or out", showsInStatusLine: false) { [weak self] in
                self?.pickingGroupForMarked = true
                self?.interactor?.listGroups(request: .init())
            },
            KeyCommand(.character("M"), title: "Merge the two marked", showsInStatusLine: false) { [weak self] in
                self?.confirmMergeMarked()
            },
        ]
        return onRow + marking + mail + onMarked
    }

    private func toggleMark() {
        guard let index = list.selectedIndex else { return }
        interactor?.markContacts(request: .init(change: .toggle(index: index)))
        list.select(index + 1) // on to the next, as a mark key usually goes
    }

    /// `d` with contacts marked: asks (the setting), then deletes them all in one go.
    func confirmDeleteMarked() {
        let count = marked.count
        guard asksBeforeDeleting() else { interactor?.deleteMarked(request: .init()); return }
        let alert = AlertController(title: "Delete marked",
                                    message: "Delete the \(ContactListPresenter.contacts(count)) marked? (u in the list brings them all back)")
        alert.addAction(AlertAction(title: "Delete \(count)", style: .destructive) { [weak self] in
            self?.interactor?.deleteMarked(request: .init())
        })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    private func confirmMergeMarked() {
        guard marked.count == 2 else { interactor?.mergeMarked(request: .init()); return }
        let alert = AlertController(title: "Merge marked", message: "Make the two marked contacts one? (u brings the other back)")
        alert.addAction(AlertAction(title: "Merge", style: .destructive) { [weak self] in self?.interactor?.mergeMarked(request: .init()) })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    /// `L`: the groups there are, each to put the marked into or take them out of.
    func pickGroupForMarked(_ options: [ContactList.ListGroups.ViewModel.Option]) {
        var choices: [(text: String, choice: ContactList.GroupMarked.Request?)] = []
        for option in options {
            guard let group = option.group, !option.text.hasSuffix(" · group card") else { continue }
            choices.append(("Put into \(option.text)", .init(group: group, adding: true)))
            choices.append(("Take out of \(option.text)", .init(group: group, adding: false)))
        }
        let picker = PickerViewController(title: "The \(ContactListPresenter.contacts(marked.count)) marked", options: choices,
                                          chosen: nil) { [weak self] picked in
            if let picked { self?.interactor?.groupMarked(request: picked) }
        }
        present(picker)
    }

    /// A row's text with the mark where the contact is marked.
    func marking(_ text: String, id: Int64) -> String {
        guard marked.contains(id), !text.isEmpty else { return text }
        return String(Self.markGlyph) + text.dropFirst()
    }

    func displayMarked(viewModel: ContactList.MarkContacts.ViewModel) {
        marked = viewModel.marked
        markNote = viewModel.titleNote
        if let message = viewModel.message { showMessage(message) }
        list.reloadData(numberOfRows: list.numberOfRows) // the rows on screen are configured again, with their marks
        setNeedsKeyCommandsUpdate()
    }

    func displayDeleteMarked(viewModel: ContactList.DeleteMarked.ViewModel) {
        showMessage(viewModel.message)
        reloadForChangesElsewhere()
    }

    func displayGroupMarked(viewModel: ContactList.GroupMarked.ViewModel) {
        showMessage(viewModel.message)
        reloadForChangesElsewhere()
    }

    func displayMergeMarked(viewModel: ContactList.MergeMarked.ViewModel) {
        showMessage(viewModel.message)
        reloadForChangesElsewhere()
    }

    func displayMailMarked(viewModel: ContactList.MailMarked.ViewModel) {
        showMessage(viewModel.message)
    }
}
