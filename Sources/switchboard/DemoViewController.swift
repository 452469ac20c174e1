import TUIKit

/// The built-in demo until the app's own flows exist: the key-counter screen
/// in a navigation stack, a pushed screen with a text field and a list of a
/// million rows, a popup and an alert.
@MainActor
final class DemoViewController: ViewController {
    var onQuit: (() -> Void)?

    override func loadView() {
        let screen = DemoScreenView()
        screen.onQuit = { [weak self] in self?.onQuit?() }
        screen.onPush = { [weak self] in self?.navigationController?.push(DemoListViewController()) }
        screen.onPopup = { [weak self] in self?.showPopup() }
        screen.onAlert = { [weak self] in self?.showAlert() }
        view = screen
    }

    override func viewDidLoad() {
        title = "TUIKit"
        navigationItem.rightBarButtonItem = BarButtonItem(title: "List", key: .character("n")) { [weak self] in
            self?.navigationController?.push(DemoListViewController())
        }
    }

    private func showPopup() {
        let content = Label("A popup over the current screen.\nEsc or a click outside closes it.", alignment: .center)
        content.wrapsText = true
        let popupController = DemoPopupViewController(content: content)
        present(popupController)
    }

    private func showAlert() {
        let alert = AlertController(title: "Alert", message: "An alert with two buttons. Press one.")
        alert.addAction(AlertAction(title: "OK"))
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }
}

/// A popup holding one view.
@MainActor
final class DemoPopupViewController: ViewController {
    private let content: View
    init(content: View) { self.content = content; super.init() }
    override func loadView() {
        let popup = PopupContainer(contentView: content, preferredSize: Size(width: 44, height: 7), title: "Popup")
        popup.onOutsideContentTapAction = { [weak self] in self?.dismiss() }
        view = popup
    }
}

/// A pushed screen: a text field over a virtualized list of a million rows.
@MainActor
final class DemoListViewController: ViewController {
    private let field = TextField(placeholder: "Type here (Tab to the list)")
    private let list = ListView()

    override func viewDidLoad() {
        title = "A million rows"
        view.addSubview(field)
        view.addSubview(list)
        field.translatesAutoresizingMaskIntoConstraints = false
        list.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            field.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
            field.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            field.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            field.heightAnchor.constraint(equalToConstant: 1),
            list.topAnchor.constraint(equalTo: field.bottomAnchor, constant: 1),
            list.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            list.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            list.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        list.configureRow = { row, index, selected in
            (row as? ListRowLabel)?.configure(text: "Row \(index + 1) of 1,000,000", selected: selected)
        }
        list.reloadData(numberOfRows: 1_000_000)
    }
}
