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

    static let menu: [MenuItem] = [
        MenuItem(title: "Friends", detail: "coming soon", screen: .comingSoon(feature: "Friends")),
        MenuItem(title: "Contacts", detail: "Clean Swift (VIP), seed 001", screen: .contactList),
        MenuItem(title: "Settings", detail: "coming soon", screen: .comingSoon(feature: "Settings")),
        MenuItem(title: "About", detail: "coming soon", screen: .comingSoon(feature: "About")),
        MenuItem(title: "Text input demo", detail: "enum navigation, seed 002", screen: .textInput),
    ]

    private weak var coordinator: Coordination?
    private let username: String
    private let onLogOut: () -> Void
    private let list = ListView()
    private let banner = Label("")

    init(username: String, coordinator: Coordination, onLogOut: @escaping () -> Void) {
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
            self?.coordinator?.show(.comingSoon(feature: "Activity"))
        })
        let greeting = Label("Signed in as \(username)", style: Theme.current.emphasis)
        banner.textStyle = Theme.current.error
        banner.wrapsText = true
        list.configureRow = { row, index, selected in
            let item = Self.menu[index]
            (row as? ListRowLabel)?.configure(text: "  \(item.title)  ·  \(item.detail)", selected: selected)
        }
        list.onSelect = { [weak self] index in self?.coordinator?.show(Self.menu[index].screen) }
        list.reloadData(numberOfRows: Self.menu.count)
        FormLayout.stack([(greeting, 1), (FormLayout.gap(), 1), (list, Self.menu.count), (FormLayout.gap(), 1), (banner, 3)],
                         in: view, width: 56)
    }

    override var preferredFirstResponder: View? { list }

    /// Shows a message (a deep link that could not open) until the next one.
    func show(message: String) { banner.text = message }
    var bannerText: String { banner.text }
}
