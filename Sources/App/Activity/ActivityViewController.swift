import Storage
import TUIKit

/// Activity: the signed-in user's log, newest first, grouped by day; paged
/// from SQLite like the friends list. Enter on a contact's event opens the
/// card if the contact still exists, else says it was deleted.
@MainActor
final class ActivityViewController: ViewController {
    private let list = ListView()
    private let message = Label("")
    private let pager: KeysetPager<ActivityRow.Cursor, ActivityRow>
    private let contactExists: (Int64) -> Bool
    private weak var coordinator: Coordination?
    private var observers: [ObserverProtocol] = []

    init(store: ActivityStore, now: @escaping () -> Int64, contactExists: @escaping (Int64) -> Bool,
         coordinator: Coordination, scheduler: Scheduler?) {
        self.contactExists = contactExists
        self.coordinator = coordinator
        pager = KeysetPager(pageSize: 100, keptPages: 8, scheduler: scheduler,
            readAfter: { cursor, limit throws(StorageError) in
                let events = try store.events(before: cursor?.id, limit: limit)
                let (rows, lastDay) = ActivityRow.rows(for: events, after: cursor?.day, now: now())
                let last = events.last.map { ActivityRow.Cursor(id: $0.id, day: lastDay ?? "") }
                return .init(items: rows, last: last, isFull: events.count == limit)
            },
            readBetween: { after, last throws(StorageError) in
                ActivityRow.rows(for: try store.events(before: after?.id, through: last.id), after: after?.day, now: now()).rows
            })
        super.init()
    }

    override func viewDidLoad() {
        title = "Activity"
        view.style = Theme.current.base
        message.textStyle = Theme.current.secondary
        list.emptyText = "Nothing has happened yet."
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        list.onNearEnd = { [weak self] in self?.pager.loadNextPage() }
        list.onSelect = { [weak self] index in self?.open(index) }
        FormLayout.fill(list, above: message, in: view)
        observers.append(pager.loadedCount.observe { [weak self] _, _ in self?.reload() })
        observers.append(pager.isLoading.observe { [weak self] _, _ in self?.reload() })
        observers.append(pager.failure.observe { [weak self] _, failure in if let failure { self?.message.text = failure } })
        pager.loadNextPage()
        reload()
    }

    override var preferredFirstResponder: View? { list }

    private var rowCount: Int { pager.loadedCount.value + (pager.isLoading.value && pager.loadedCount.value > 0 ? 1 : 0) }

    private func reload() {
        list.emptyText = pager.isLoading.value ? "Loading…" : "Nothing has happened yet."
        list.reloadData(numberOfRows: rowCount)
        // Land on the first event, not on the heading above it.
        if let s = list.selectedIndex, case .day = pager.item(at: s) ?? .day(""), s + 1 < pager.loadedCount.value { list.select(s + 1) }
    }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let label = row as? ListRowLabel else { return }
        guard let item = pager.item(at: index) else { label.configure(text: "  loading…", selected: false); return }
        switch item {
        case .day(let name):
            label.configure(text: " " + name.uppercased(), selected: false)
            label.style = Theme.current.emphasis
        case .event(let event):
            let subject = event.subject.isEmpty ? "" : " · " + event.subject
            label.configure(text: "   \(ActivityRow.time(event.at))  \(event.kind.text)\(subject)", selected: selected)
        }
    }

    private func open(_ index: Int) {
        guard case .event(let event)? = pager.item(at: index) else { return }
        guard event.kind.isAboutAContact, let id = event.contactID else {
            message.text = "\(event.kind.text) — nothing to open."
            return
        }
        if contactExists(id) {
            message.text = ""
            coordinator?.show(.contactDetail(id: id))
        } else {
            message.text = "\(event.subject.isEmpty ? "That contact" : event.subject) was deleted."
        }
    }

    /// The status message under the list.
    var messageText: String { message.text }
}
