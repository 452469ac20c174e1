import AppServices
import Components
import TUIKit

/// Sync (Settings → Sync): a static table of the CardDAV accounts, their address books, when
/// each last synced, what is pending and the last error, from `SyncConstructor`; following
/// `SyncCenter` live (a pass under way shows its progress bar along the bottom). `n` syncs now,
/// `a` adds an account, `c` opens the conflicts.
@MainActor
final class SyncViewController: ViewController {
    private let tableView = TableView()
    private let footer = SyncFooterView()
    let constructor: SyncConstructor
    private lazy var delegateDataSource = constructor.delegateDataSource()
    private let center: SyncCenter
    private var observer: ObserverProtocol?
    private let actions: SyncConstructor.Actions
    /// A notice to show until the next pass (after an account was added).
    private var notice: String?
    /// Whether a pass ran since the notice was given.
    private var sawRun = false

    init(center: SyncCenter, now: @escaping () -> Int64, actions: SyncConstructor.Actions) {
        self.center = center
        self.actions = actions
        constructor = SyncConstructor(activity: center.activity.value, needsPassword: { [weak center] in !(center?.hasPassword(for: $0) ?? true) },
                                      now: now, actions: actions)
        super.init()
    }

    override func viewDidLoad() {
        title = "Sync"
        view.style = Theme.live.base
        view.fill(with: tableView, footer: footer, maxWidth: 76)
        constructor.setup(at: tableView, dataSource: delegateDataSource)
        // The rows come and go with the accounts: every kind of cell is known from the start.
        for type in SyncConstructor.cellTypes { tableView.register(type, forCellReuseIdentifier: type.name) }
        observer = center.activity.observe { [weak self] _, new in self?.show(new) }
        show(center.activity.value)
    }

    override var preferredFirstResponder: View? { tableView }

    override func viewWillAppear() {
        super.viewWillAppear()
        center.readAgain()
        show(center.activity.value)
    }

    /// Shows what `SyncCenter` knows now.
    private func show(_ activity: SyncActivity) {
        let selected = tableView.selectedIndexPath?.row
        constructor.activity = activity
        delegateDataSource.reload()
        if let selected, selected < constructor.models.count { tableView.selectRow(at: IndexPath(row: selected, section: 0)) }
        if activity.isRunning {
            sawRun = true
            let read = activity.progress.map { "\($0.done) of \($0.total) cards read" } ?? (activity.sent > 0 ? "\(activity.sent) sent" : "Syncing…")
            // From the first request: an empty bar saying "listing…" until the first cards are read.
            footer.show(fraction: activity.isListing ? 0 : activity.fraction, caption: activity.isListing ? "listing…" : nil,
                        message: read, isError: false)
        } else if let error = activity.lastError {
            footer.show(fraction: nil, message: "Sync failed: " + error, isError: true)
        } else {
            // Once the pass the notice announced has ended, its summary says more.
            if sawRun { notice = nil }
            footer.show(fraction: nil, message: notice ?? activity.lastSummary ?? "", isError: false)
        }
        setNeedsKeyCommandsUpdate()
    }

    /// Says what was done ("Added alice at …; syncing").
    func show(notice: String) {
        self.notice = notice
        sawRun = false
        show(center.activity.value)
    }

    /// The footer's text (tests).
    var footerText: String { footer.text }
    /// What the progress bar says in place of its percentage (tests; nil: no bar, or the percentage).
    var footerBarCaption: String? { footer.barCaption }

    override var keyCommands: [KeyCommand] {
        var commands = [KeyCommand(.character("a"), title: "Add account") { [weak self] in self?.actions.addAccount() }]
        if center.activity.value.isSetUp {
            commands.insert(KeyCommand(.character("n"), title: "Sync now") { [weak self] in self?.actions.syncNow() }, at: 0)
            commands.append(KeyCommand(.character("c"), title: "Conflicts") { [weak self] in self?.actions.conflicts() })
        }
        return commands
    }
}
