import TUIKit

/// About: a static table from `AboutConstructor`.
@MainActor
final class AboutViewController: ViewController {
    private let tableView = TableView()
    private let constructor: AboutConstructor
    private lazy var delegateDataSource = constructor.delegateDataSource()

    init(constructor: AboutConstructor) {
        self.constructor = constructor
        super.init()
    }

    override func viewDidLoad() {
        title = "About"
        view.style = Theme.live.base
        view.addSubview(tableView)
        tableView.pinEdges(to: view, insets: EdgeInsets(top: 1, left: 1, bottom: 0, right: 1))
        constructor.setup(at: tableView, dataSource: delegateDataSource)
    }

    override var preferredFirstResponder: View? { tableView }

    /// Shows the counts once read (nil: they could not be, `why` says so instead).
    func show(contacts: Int?, friends: Int?, why: String) {
        if let contacts {
            constructor.facts.contacts = contacts
            if constructor.facts.friends != nil { constructor.facts.friends = friends ?? 0 }
            constructor.facts.countsUnknown = nil
        } else {
            constructor.facts.countsUnknown = why
        }
        guard isViewLoaded else { return }
        delegateDataSource.reload()
    }
}
