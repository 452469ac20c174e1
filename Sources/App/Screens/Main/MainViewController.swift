import TUIKit

/// "Main", the home: who is signed in, their own things — each part with its
/// key and, where it has one, how many there are — and the last few things
/// that happened. Log Out on the left of the title bar, Activity on the right.
/// The counts are read again each time the screen appears, and when the
/// run loop's look for changes made elsewhere finds one
/// (`ReloadsOnChangesElsewhere`), so a contact added by another program on
/// the same data shows without a key. A read's answer may come later (on a
/// server it is read off the main loop): until the first, the counts show
/// "…"; one that fails keeps what is shown.
@MainActor
final class MainViewController: ViewController {
    struct MenuItem {
        let title: String
        /// The key that opens it from here ("" for none).
        let key: String
        let screen: Screen
    }

    static let allItems: [MenuItem] = [
        MenuItem(title: "Friends", key: "F", screen: .friendsList),
        MenuItem(title: "Contacts", key: "C", screen: .contactList),
        MenuItem(title: "Team contacts", key: "T", screen: .teamContactList),
        MenuItem(title: "Birthdays", key: "B", screen: .birthdays),
        MenuItem(title: "People you write to", key: "W", screen: .correspondents),
        MenuItem(title: "Settings", key: "S", screen: .settings),
        MenuItem(title: "About", key: "A", screen: .about),
        MenuItem(title: "Activity", key: "^T", screen: .activity),
        // The text-input screens and seed 000's demo use-case on made-up friends are not the
        // user's things: they are reached by link only (switchboard://text-input, friends-demo).
    ]

    /// What the home shows of the user's data, read when it appears.
    struct Summary: Equatable {
        var contacts: Int?
        /// nil: not read (the kiosk gives its made-up friends' count, `AppConfiguration.demoFriendsCount`).
        var friends: Int?
        /// The last few activity entries, newest first ("10:42 Added Ada Lovelace").
        var recent: [String] = []
    }

    /// The menu: the demo use-case only when the app was given demo view models.
    let menu: [MenuItem]
    private weak var coordinator: Coordination?
    private let username: String
    /// A team's directory: the team address book has a row and a key (T).
    private let hasTeamBook: Bool
    private let onLogOut: () -> Void
    private let readSummary: (_ deliver: @escaping @MainActor (Summary?) -> Void) -> Void
    private(set) var summary = Summary()
    /// Whether a summary has come (until then the counts say "…").
    private(set) var summaryIsRead = false
    /// A read is out / another is wanted once it is back.
    private var summaryOut = false
    private var summaryWanted = false
    private let list = ListView()
    private let banner = Label("")
    private let recentLabel = Label("")
    /// Sync, where the data syncs: a line saying when it last synced, what is pending and any
    /// error (the progress while a pass runs), and `Y` to sync now.
    private let sync: SyncCenter?
    private let syncLabel = Label("")
    private var syncObserver: ObserverProtocol?
    /// Whether Y (Sync now) was offered when the key commands were last worked out.
    private var offersSyncNow = false
    private let now: () -> Int64

    /// - Parameter summary: reads the summary and hands it over (nil: it could not be read),
    ///   at once or later; one read at a time is asked for.
    init(username: String, coordinator: Coordination, offersDemo: Bool = false, hasTeamBook: Bool = false,
         summary: @escaping (_ deliver: @escaping @MainActor (Summary?) -> Void) -> Void = { $0(Summary()) },
         sync: SyncCenter? = nil, now: @escaping () -> Int64 = { 0 },
         onLogOut: @escaping () -> Void) {
        self.sync = sync
        self.now = now
        menu = Self.allItems.filter { (offersDemo || $0.screen != .friendsListDemo) && (hasTeamBook || $0.screen != .teamContactList) }
        self.hasTeamBook = hasTeamBook
        self.username = username
        self.coordinator = coordinator
        self.readSummary = summary
        self.onLogOut = onLogOut
        super.init()
    }

    override func viewDidLoad() {
        title = "Main"
        view.style = Theme.live.base
        navigationItem.setLeftBarButton(BarButtonItem(title: "Log Out", key: .ctrl("o")) { [weak self] in self?.onLogOut() })
        navigationItem.setRightBarButton(BarButtonItem(title: "Activity", key: .ctrl("t")) { [weak self] in
            self?.coordinator?.show(.activity)
        })
        let greeting = Label("Signed in as \(username)", style: Theme.live.emphasis)
        banner.textStyle = Theme.live.error
        banner.wrapsText = true
        recentLabel.textStyle = Theme.live.secondary
        recentLabel.wrapsText = false
        list.configureRow = { [weak self] row, index, selected in
            guard let self else { return }
            (row as? ListRowLabel)?.configure(text: self.rowText(self.menu[index]), selected: selected)
        }
        let menu = self.menu
        list.onSelect = { [weak self] index in self?.coordinator?.show(menu[index].screen) }
        list.reloadData(numberOfRows: self.menu.count)
        syncLabel.textStyle = Theme.live.secondary
        syncLabel.wrapsText = true
        FormLayout.stack([(greeting, 1), (list, self.menu.count), (banner, 1)] + (sync == nil ? [] : [(syncLabel, 2)]) + [(recentLabel, 4)],
                         in: view, width: 76)
        offersSyncNow = sync?.activity.value.isSetUp == true
        syncObserver = sync?.activity.observeNewAndCall { [weak self] activity in
            guard let self else { return }
            let text = activity.homeText(now: self.now())
            self.syncLabel.text = text.isEmpty ? "" : "Sync: " + text
            self.syncLabel.textStyle = activity.error != nil && !activity.isRunning ? Theme.live.error : Theme.live.secondary
            // Y (Sync now) is a key once an account is set up (perhaps by another process on the file).
            if activity.isSetUp != self.offersSyncNow { self.offersSyncNow = activity.isSetUp; self.setNeedsKeyCommandsUpdate() }
        }
        showSummary()
        refresh()
    }

    /// Reads the summary again, unless a read is out already (it was asked for just now).
    override func viewWillAppear() {
        guard !summaryOut else { return }
        refresh()
    }

    /// Reads the summary (once the read out now is back, if one is); draws only what changed.
    func refresh() {
        sync?.readAgain()
        guard !summaryOut else { summaryWanted = true; return }
        summaryOut = true
        readSummary { [weak self] fresh in
            guard let self else { return }
            self.summaryOut = false
            self.take(fresh)
            if self.summaryWanted {
                self.summaryWanted = false
                self.refresh()
            }
        }
    }

    /// Shows a summary read (nil: the read failed; what is shown stays, and a first read shows no counts).
    private func take(_ fresh: Summary?) {
        let wasRead = summaryIsRead
        summaryIsRead = true
        guard let fresh else {
            if !wasRead { showSummary() }
            return
        }
        guard fresh != summary || !wasRead else { return }
        summary = fresh
        showSummary()
    }

    /// "  C   Contacts      1,234": the key first, so narrow screens never cut it.
    func rowText(_ item: MenuItem) -> String {
        let key = String(item.key.prefix(3)).padding(toLength: 3)
        // Names are padded to line up the counts; a longer one (the demo row, which has no count) stays whole.
        let name = item.title.count > 13 ? item.title : item.title.padding(toLength: 13)
        let count: Int? = switch item.screen {
        case .contactList: summary.contacts
        case .friendsList: summary.friends
        default: nil
        }
        let counted = item.screen == .contactList || item.screen == .friendsList
        let countText = !summaryIsRead && counted ? "…".leftPadded(to: 9) : count.map { Self.grouped($0).leftPadded(to: 9) } ?? ""
        return " \(key) \(name)\(countText)".trimmingTrailingSpaces
    }

    private func showSummary() {
        list.reloadData(numberOfRows: menu.count)
        recentLabel.text = summary.recent.isEmpty ? "" : (["Lately"] + summary.recent.prefix(3)).joined(separator: "\n")
    }

    /// 1234567 → "1,234,567" (the locale's separator: `CountText`).
    static func grouped(_ n: Int) -> String { CountText.grouped(n) }

    override var preferredFirstResponder: View? { list }

    override var keyCommands: [KeyCommand] {
        [KeyCommand(.character("C"), title: "Contacts") { [weak self] in self?.coordinator?.show(.contactList) },
         KeyCommand(.character("F"), title: "Friends") { [weak self] in self?.coordinator?.show(.friendsList) }]
        + (hasTeamBook ? [KeyCommand(.character("T"), title: "Team") { [weak self] in self?.coordinator?.show(.teamContactList) }] : [])
        + [
         KeyCommand(.character("B"), title: "Birthdays") { [weak self] in self?.coordinator?.show(.birthdays) },
         KeyCommand(.character("W"), title: "Written to") { [weak self] in self?.coordinator?.show(.correspondents) },
         KeyCommand(.character("S"), title: "Settings") { [weak self] in self?.coordinator?.show(.settings) },
         KeyCommand(.character("A"), title: "About") { [weak self] in self?.coordinator?.show(.about) }]
        + (sync?.activity.value.isSetUp == true ? [KeyCommand(.character("Y"), title: "Sync now") { [weak self] in self?.sync?.syncNow() }] : [])
        + [
         KeyCommand(.up, alternatives: [.character("k")], title: "Move", showsInStatusLine: false) { [weak self] in
             _ = self?.list.handleKey(.up) },
         KeyCommand(.down, alternatives: [.character("j")], title: "Move", showsInStatusLine: false) { [weak self] in
             _ = self?.list.handleKey(.down) },
         KeyCommand(.enter, title: "Open", showsInStatusLine: false) { [weak self] in
             guard let self, let index = self.list.selectedIndex else { return }
             self.coordinator?.show(self.menu[index].screen) }]
    }

    /// Shows a message (a deep link that could not open) until the next one.
    func show(message: String) { banner.text = message }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

extension MainViewController: ReloadsOnChangesElsewhere {
    /// The counts and "Lately" as they are now.
    func reloadForChangesElsewhere() { refresh() }
}
