import AppServices
import Components
import TUIKit

/// Settings: a static table from `SettingsConstructor`, following the user's
/// settings live (a change made here or elsewhere redraws the rows). The rows show the values
/// last read; each time the screen appears they are read again (a job: off the main loop on a
/// server), and what comes replaces them.
@MainActor
final class SettingsViewController: ViewController {
    private let tableView = TableView()
    private let message = Label("")
    private let constructor: SettingsConstructor
    private lazy var delegateDataSource = constructor.delegateDataSource()
    private let settings: Observable<UserSettings>
    private var observers: [ObserverProtocol] = []

    private let readAgain: () -> Void

    /// - Parameter readAgain: reads the settings again (when the screen appears).
    init(constructor: SettingsConstructor, settings: Observable<UserSettings>, readAgain: @escaping () -> Void = {}) {
        self.constructor = constructor
        self.settings = settings
        self.readAgain = readAgain
        super.init()
    }

    override func viewDidLoad() {
        title = "Settings"
        view.style = Theme.live.base
        message.textStyle = Theme.live.error
        view.fill(with: tableView, footer: message, maxWidth: 72)
        constructor.setup(at: tableView, dataSource: delegateDataSource)
        observers.append(settings.observe { [weak self] _, new in
            guard let self else { return }
            self.constructor.settings = new
            self.delegateDataSource.reload()
        })
    }

    override var preferredFirstResponder: View? { tableView }

    override func viewWillAppear() {
        super.viewWillAppear()
        readAgain()
    }

    /// The model of the selected row.
    private var selectedModel: SettingsModel? {
        guard let ip = tableView.selectedIndexPath, constructor.models.indices.contains(ip.row) else { return nil }
        return constructor.models[ip.row]
    }

    override var keyCommands: [KeyCommand] {
        [KeyCommand(.left, title: "Previous value", showsInStatusLine: false) { [weak self] in
            guard let self, let model = self.selectedModel else { return }
            self.constructor.step(model, by: -1) },
         KeyCommand(.right, title: "Next value", showsInStatusLine: false) { [weak self] in
             guard let self, let model = self.selectedModel else { return }
             self.constructor.step(model, by: 1) },
         KeyCommand(.character(" "), title: "Switch on/off, next value", showsInStatusLine: false) { [weak self] in
             guard let self, let model = self.selectedModel else { return }
             self.constructor.step(model, by: 1) }]
    }

    /// Selects the row at `index` (after a theme change made the screen again).
    func selectRow(_ index: Int) { tableView.selectRow(at: IndexPath(row: index, section: 0)) }
    var selectedRow: Int? { tableView.selectedIndexPath?.row }

    /// Shows why a change did not happen.
    func show(error: String) { message.textStyle = Theme.live.error; message.text = error }
    /// Says that something asked for was done ("Password changed.").
    func show(notice: String) { message.textStyle = Theme.live.emphasis; message.text = notice }

    var table: TableView { tableView }
}
