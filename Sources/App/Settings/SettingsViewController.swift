import Storage
import TUIKit

/// Settings: a static table from `SettingsConstructor`, following the user's
/// settings live (a change made here or elsewhere redraws the rows).
@MainActor
final class SettingsViewController: ViewController {
    private let tableView = TableView()
    private let message = Label("")
    private let constructor: SettingsConstructor
    private lazy var delegateDataSource = constructor.delegateDataSource()
    private let settings: Observable<UserSettings>
    private var observers: [ObserverProtocol] = []

    init(constructor: SettingsConstructor, settings: Observable<UserSettings>) {
        self.constructor = constructor
        self.settings = settings
        super.init()
    }

    override func viewDidLoad() {
        title = "Settings"
        view.style = Theme.current.base
        message.textStyle = Theme.current.error
        view.fill(with: tableView, footer: message)
        constructor.setup(at: tableView, dataSource: delegateDataSource)
        observers.append(settings.observe { [weak self] _, new in
            guard let self else { return }
            self.constructor.settings = new
            self.delegateDataSource.reload()
        })
    }

    override var preferredFirstResponder: View? { tableView }

    /// Shows why a change did not happen.
    func show(error: String) { message.text = error }

    var table: TableView { tableView }
}
