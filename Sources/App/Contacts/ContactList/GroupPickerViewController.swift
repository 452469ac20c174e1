import TUIKit

/// `l` in the contacts list (as mutt limits its index): a popup listing the groups the contacts are in ("Science (12)"),
/// "All contacts" first; Enter picks one, Esc closes it and leaves the list as it was.
@MainActor
final class GroupPickerViewController: ViewController {
    /// The rows' text, and the group each stands for (nil: all contacts).
    private let options: [(text: String, group: String?)]
    private let chosen: String?
    private let onPick: (String?) -> Void
    let list = ListView()

    init(options: [(text: String, group: String?)], chosen: String?, onPick: @escaping (String?) -> Void) {
        self.options = options
        self.chosen = chosen
        self.onPick = onPick
        super.init()
    }

    override func loadView() {
        let width = min(60, max(30, (options.map { DisplayWidth.of($0.text) }.max() ?? 0) + 6))
        let popup = PopupContainer(contentView: list, preferredSize: Size(width: width, height: min(20, options.count + 2)), title: "Show a group")
        popup.onOutsideContentTapAction = { [weak self] in self?.dismiss() }
        view = popup
    }

    override func viewDidLoad() {
        list.configureRow = { [weak self] row, index, selected in
            guard let self, let label = row as? ListRowLabel, index < self.options.count else { return }
            label.configure(text: " " + self.options[index].text, selected: selected)
        }
        list.onSelect = { [weak self] index in
            guard let self, index < self.options.count else { return }
            let group = self.options[index].group
            self.dismiss { [onPick = self.onPick] in onPick(group) }
        }
        list.reloadData(numberOfRows: options.count)
        list.select(options.firstIndex { $0.group == chosen } ?? 0)
    }

    override var preferredFirstResponder: View? { list }
}
