import TUIKit

/// A popup list to pick one of a few options — `l` in the contacts list (a group, as mutt limits
/// its index), `A` (an address book) —, the one chosen now selected: Enter picks, Esc closes it and
/// leaves things as they were, typing an option's first letters selects it.
@MainActor
final class PickerViewController<Choice: Equatable>: ViewController {
    /// The rows' text, and what each stands for.
    private let options: [(text: String, choice: Choice)]
    private let chosen: Choice
    private let heading: String
    private let onPick: (Choice) -> Void
    private var typeAhead = ListTypeAhead()
    let list = ListView()

    init(title: String, options: [(text: String, choice: Choice)], chosen: Choice, onPick: @escaping (Choice) -> Void) {
        self.heading = title
        self.options = options
        self.chosen = chosen
        self.onPick = onPick
        super.init()
    }

    override func loadView() {
        let width = min(60, max(30, (options.map { DisplayWidth.of($0.text) }.max() ?? 0) + 6))
        let popup = PopupContainer(contentView: list, preferredSize: Size(width: width, height: min(20, options.count + 2)), title: heading)
        popup.onOutsideContentTapAction = { [weak self] in self?.dismiss() }
        view = popup
    }

    override func viewDidLoad() {
        list.lettersMoveSelection = false // letters are type-ahead here
        list.configureRow = { [weak self] row, index, selected in
            guard let self, let label = row as? ListRowLabel, index < self.options.count else { return }
            label.configure(text: " " + self.options[index].text, selected: selected)
        }
        list.onSelect = { [weak self] index in
            guard let self, index < self.options.count else { return }
            let choice = self.options[index].choice
            self.dismiss { [onPick = self.onPick] in onPick(choice) }
        }
        list.reloadData(numberOfRows: options.count)
        list.select(options.firstIndex { $0.choice == chosen } ?? 0)
    }

    override var preferredFirstResponder: View? { list }

    /// Letters select the first option starting with them.
    override func handleKey(_ key: Key) -> Bool {
        typeAhead.handle(key, in: list, texts: options.map(\.text))
    }
}
