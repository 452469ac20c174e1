import TUIKit

/// "Main": Log Out on the left of the title bar, Activity on the right, and
/// a menu of what the app holds. Items of later versions say so and do nothing else.
@MainActor
final class MainViewController: ViewController {
    struct MenuItem {
        let title: String
        let detail: String
        let screen: Screen
    }

    static let allItems: [MenuItem] = [
        MenuItem(title: "Friends", detail: "component UI, seed 000 (F)", screen: .friendsList),
        MenuItem(title: "Friends demo", detail: "the same popup on made-up friends", screen: .friendsListDemo),
        MenuItem(title: "Contacts", detail: "Clean Swift (VIP), seed 001", screen: .contactList),
        MenuItem(title: "Settings", detail: "static generic tables, seed 003 (S)", screen: .settings),
        MenuItem(title: "About", detail: "version, your data, the keys (A)", screen: .about),
        MenuItem(title: "Text input demo", detail: "enum navigation, seed 002", screen: .textInput),
    ]

    /// The menu: the demo use-case only when the app was given demo view models.
    let menu: [MenuItem]
    private weak var coordinator: Coordination?
    private let username: String
    private let onLogOut: () -> Void
    private let list = ListView()
    private let banner = Label("")

    init(username: String, coordinator: Coordination, offersDemo: Bool = false, onLogOut: @escaping () -> Void) {
        menu = Self.allItems.filter { offersDemo || $0.screen != .friendsListDemo }
        self.username = username
        self.coordinator = coordinator
        self.onLogOut = onLogOut
        super.init()
    }

    override func viewDidLoad() {
        title = "Main"
        view.style = Theme.current.base
        navigationItem.setLeftBarButton(BarButtonItem(title: "Log Out", key: .ctrl("o")) { [weak self] in self?.onLogOut() })
        navigationItem.setRightBarButton(BarButtonItem(title: "Activity", key: .ctrl("t")) { [weak self] in
            self?.coordinator?.show(.activity)
        })
        let greeting = Label("Signed in as \(username)", style: Theme.current.emphasis)
        banner.textStyle = Theme.current.error
        banner.wrapsText = true
        let menu = self.menu
        list.configureRow = { row, index, selected in
            let item = menu[index]
            (row as? ListRowLabel)?.configure(text: "  \(item.title)  ·  \(item.detail)", selected: selected)
        }
        list.onSelect = { [weak self] index in self?.coordinator?.show(menu[index].screen) }
        list.reloadData(numberOfRows: self.menu.count)
        FormLayout.stack([(greeting, 1), (FormLayout.gap(), 1), (list, self.menu.count), (FormLayout.gap(), 1), (banner, 3)],
                         in: view, width: 56)
    }

    override var preferredFirstResponder: View? { list }

    override var keyCommands: [KeyCommand] {
        [KeyCommand(.character("F"), title: "Friends") { [weak self] in self?.coordinator?.show(.friendsList) },
         KeyCommand(.character("S"), title: "Settings") { [weak self] in self?.coordinator?.show(.settings) },
         KeyCommand(.character("A"), title: "About") { [weak self] in self?.coordinator?.show(.about) }]
    }

    /// Shows a message (a deep link that could not open) until the next one.
    func show(message: String) { banner.text = message }
    var bannerText: String { banner.text }
}
