import Components
import AppServices
import TUIKit

/// The real activity feed: the signed-in user's log, a window of events
/// read by keyset (`KeysetPager`) from either end, shown as rows with a
/// heading where the day changes; Enter on a contact's event opens the card
/// if the contact still exists, else says it was deleted. Every store call
/// (pages, the id range, type-ahead's seek, the look for the contact) is a
/// job on the directory's work: off the main loop on a server, at once for a file.
@MainActor
final class ActivityViewModel: ActivityFeedViewModelProtocol {
    let message = Observable("")
    /// Rows (headings and events) of the window.
    let windowCount = Observable(0)
    private(set) var lastWindowChange: ListWindowChange = .grew
    private let pager: KeysetPager<Int64, ActivityEvent>
    private let now: () -> Int64
    private let activity: ServiceWork<ActivityService>
    private let contacts: ContactsWork
    /// The oldest and newest event ids, read again with every window change.
    private var idRange: ClosedRange<Int64>?
    /// Counts the id-range reads: only the last one's answer is taken.
    private var rangeReads = 0
    /// Whether the rows of the window were announced before the id range's answer came.
    private var rowsAnnounced = false
    /// The failure the message line shows (it goes when a read answers again).
    private var failureShown: String?
    /// Counts type-ahead seeks (and the jumps that cancel them): only the last one's answer moves the window.
    private var seeks = 0
    private var rows: [ActivityRow] = []
    private weak var coordinator: Coordination?
    private var observers: [ObserverProtocol] = []

    /// - Parameters:
    ///   - activity: the account's log, and where its reads run.
    ///   - contacts: the account's contacts (whether an event's contact still exists), on the same work.
    init(activity: ServiceWork<ActivityService>, contacts: ContactsWork, now: @escaping () -> Int64,
         coordinator: Coordination, scheduler: Scheduler?) {
        self.now = now
        self.activity = activity
        self.contacts = contacts
        self.coordinator = coordinator
        pager = KeysetPager(pageSize: 100, keptPages: 8, scheduler: scheduler, work: activity, cursor: { $0.id },
            readAfter: { store, id, limit throws(ServiceError) in try store.events(before: id, limit: limit) },
            readBefore: { store, id, limit throws(ServiceError) in try store.events(newerThan: id, limit: limit) })
        observers.append(pager.failure.observe { [weak self] _, failure in self?.show(failure: failure) })
        observers.append(pager.loadedCount.observe { [weak self] _, _ in self?.rebuildRows() })
    }

    /// A log and contacts that answer at once, on the main loop (a file, a test's store).
    convenience init(store: ActivityService, contacts: ContactsService, now: @escaping () -> Int64,
                     coordinator: Coordination, scheduler: Scheduler?) {
        self.init(activity: .inline(store), contacts: .inline(contacts), now: now, coordinator: coordinator, scheduler: scheduler)
    }

    /// Puts a read's failure on the message line; a read that answers (nil) takes one shown away.
    private func show(failure: String?) {
        if let failure {
            message.value = failure
            failureShown = failure
        } else if let shown = failureShown {
            failureShown = nil
            if message.value == shown { message.value = "" }
        }
    }

    var isLoadingWindow: Observable<Bool> { pager.isLoading }
    var hasMoreBefore: Bool { pager.hasMoreBefore }
    var hasMoreAfter: Bool { pager.hasMoreAfter }
    func loadNextPage() { pager.loadNextPage() }
    func loadPreviousPage() { pager.loadPreviousPage() }
    func showFirstPage() {
        seeks += 1 // Home wins over a type-ahead still out
        pager.loadFirstPage()
    }
    func showLastPage() {
        seeks += 1 // End wins over a type-ahead still out
        pager.loadLastPage()
    }

    /// Rows for the window as it is now; when events came or went before the
    /// first, the change says how far the rows moved (headings included), so
    /// the selection stays on its event.
    private func rebuildRows() {
        let old = rows
        rowsAnnounced = false
        readIDRange()
        rows = ActivityRow.rows(for: pager.window, after: nil, now: now()).rows
        switch pager.lastChange {
        case .shifted(let events):
            // An event in both windows: the old first one when events came, the new first when some went.
            let anchor = events >= 0 ? old.firstEventID : rows.firstEventID
            if let anchor, let before = old.row(ofEvent: anchor), let after = rows.row(ofEvent: anchor) {
                lastWindowChange = .shifted(by: after - before)
            } else {
                lastWindowChange = .shifted(by: 0)
            }
        case let change:
            lastWindowChange = change
        }
        windowCount.value = rows.count
        rowsAnnounced = true
    }

    /// Reads the id range again (for the scroll mark); when it comes after the rows were
    /// announced and differs, the same rows are announced again, so the mark moves.
    private func readIDRange() {
        rangeReads += 1
        let asked = rangeReads
        activity.run({ store throws(ServiceError) in try store.idRange() }, then: { [weak self] result in
            guard let self, asked == self.rangeReads else { return }
            let range: ClosedRange<Int64>? = (try? result.get()) ?? nil
            guard range != self.idRange else { return }
            self.idRange = range
            guard self.rowsAnnounced else { return }
            self.lastWindowChange = .shifted(by: 0)
            self.windowCount.value = self.rows.count
        })
    }

    func item(at index: Int) -> ActivityFeedItem? {
        guard rows.indices.contains(index) else { return nil }
        switch rows[index] {
        case .day(let name): return .day(name)
        case .event(let event): return .event(time: ActivityRow.time(event.at), title: event.kind.text, subject: event.subjectWithActor)
        }
    }

    /// An event's place between the newest (0) and the oldest (1) by its id (ids grow with time).
    func position(ofItem index: Int) -> Double? {
        guard let range = idRange, range.upperBound > range.lowerBound, !rows.isEmpty,
              let id = rows[min(max(0, index), rows.count - 1)...].firstEventID ?? rows.firstEventID else { return nil }
        return Double(range.upperBound - id) / Double(range.upperBound - range.lowerBound)
    }

    /// One range of the subject index finds the event; the window then starts at it.
    func seek(toPrefix prefix: String) {
        seeks += 1
        let asked = seeks
        activity.run({ store throws(ServiceError) in try store.newestEvent(withSubjectPrefix: prefix) }, then: { [weak self] result in
            // Typed over since, or Home or End pressed: a later wish wins.
            guard let self, asked == self.seeks else { return }
            switch result {
            case .success(let id?):
                self.message.value = ""
                self.pager.seek(after: id + 1) // the page of events older than id + 1 starts at id
            case .success(nil):
                self.message.value = "Nothing about “\(prefix)”."
            case .failure(let error):
                self.show(failure: error.message)
            }
        })
    }

    func selectItem(at index: Int) {
        guard rows.indices.contains(index), case .event(let event) = rows[index] else { return }
        guard event.kind.isAboutAContact, let id = event.contactID else {
            message.value = "\(event.kind.text) — nothing to open."
            return
        }
        contacts.run({ store throws(ServiceError) in try store.contact(id: id) != nil }, then: { [weak self] result in
            guard let self else { return }
            // Could not look (damaged, out of reach): the card opens and says so itself.
            if (try? result.get()) ?? true {
                self.message.value = ""
                self.coordinator?.show(.contactDetail(id: id))
            } else {
                self.message.value = "\(event.subject.isEmpty ? "That contact" : event.subject) was deleted."
            }
        })
    }
}

extension Collection where Element == ActivityRow, Index == Int {
    /// The id of the first event among these rows.
    var firstEventID: Int64? {
        for row in self { if case .event(let e) = row { return e.id } }
        return nil
    }

    /// The index of the row that shows event `id`.
    func row(ofEvent id: Int64) -> Int? {
        firstIndex { if case .event(let e) = $0 { return e.id == id } else { return false } }
    }
}

extension ActivityViewModel: ReloadsOnChangesElsewhere {
    /// At the top of the feed, the newest events (what happened elsewhere comes in there);
    /// further down, the window as it is now.
    func reloadForChangesElsewhere() {
        if pager.hasMoreBefore { pager.refresh() } else { pager.loadFirstPage() }
    }
}
