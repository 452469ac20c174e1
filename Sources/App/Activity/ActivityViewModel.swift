import Components
import AppServices
import TUIKit

/// The real activity feed: the signed-in user's log from SQLite, a window of
/// events read by keyset (`KeysetPager`) from either end, shown as rows with
/// a heading where the day changes; Enter on a contact's event opens the
/// card if the contact still exists, else says it was deleted.
@MainActor
final class ActivityViewModel: ActivityFeedViewModelProtocol {
    let message = Observable("")
    /// Rows (headings and events) of the window.
    let windowCount = Observable(0)
    private(set) var lastWindowChange: ListWindowChange = .grew
    private let pager: KeysetPager<Int64, ActivityEvent>
    private let now: () -> Int64
    private let ids: () -> ClosedRange<Int64>?
    private let newest: (String) throws(ServiceError) -> Int64?
    /// The oldest and newest event ids, read again with every window change.
    private var idRange: ClosedRange<Int64>?
    private var rows: [ActivityRow] = []
    private let contactExists: (Int64) -> Bool
    private weak var coordinator: Coordination?
    private var observers: [ObserverProtocol] = []

    init(store: ActivityService, now: @escaping () -> Int64, contactExists: @escaping (Int64) -> Bool,
         coordinator: Coordination, scheduler: Scheduler?) {
        self.now = now
        self.contactExists = contactExists
        self.coordinator = coordinator
        ids = { try? store.idRange() }
        newest = { prefix throws(ServiceError) in try store.newestEvent(withSubjectPrefix: prefix) }
        pager = KeysetPager(pageSize: 100, keptPages: 8, scheduler: scheduler, cursor: \.id,
            readAfter: { id, limit throws(ServiceError) in try store.events(before: id, limit: limit) },
            readBefore: { id, limit throws(ServiceError) in try store.events(newerThan: id, limit: limit) })
        observers.append(pager.failure.observe { [weak self] _, failure in if let failure { self?.message.value = failure } })
        observers.append(pager.loadedCount.observe { [weak self] _, _ in self?.rebuildRows() })
    }

    var isLoadingWindow: Observable<Bool> { pager.isLoading }
    var hasMoreBefore: Bool { pager.hasMoreBefore }
    var hasMoreAfter: Bool { pager.hasMoreAfter }
    func loadNextPage() { pager.loadNextPage() }
    func loadPreviousPage() { pager.loadPreviousPage() }
    func showFirstPage() { pager.loadFirstPage() }
    func showLastPage() { pager.loadLastPage() }

    /// Rows for the window as it is now; when events came or went before the
    /// first, the change says how far the rows moved (headings included), so
    /// the selection stays on its event.
    private func rebuildRows() {
        let old = rows
        idRange = ids()
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
    }

    func item(at index: Int) -> ActivityFeedItem? {
        guard rows.indices.contains(index) else { return nil }
        switch rows[index] {
        case .day(let name): return .day(name)
        case .event(let event): return .event(time: ActivityRow.time(event.at), title: event.kind.text, subject: event.subject)
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
        do {
            guard let id = try newest(prefix) else { message.value = "Nothing about “\(prefix)”."; return }
            message.value = ""
            pager.seek(after: id + 1) // the page of events older than id + 1 starts at id
        } catch {
            message.value = error.description
        }
    }

    func selectItem(at index: Int) {
        guard rows.indices.contains(index), case .event(let event) = rows[index] else { return }
        guard event.kind.isAboutAContact, let id = event.contactID else {
            message.value = "\(event.kind.text) — nothing to open."
            return
        }
        if contactExists(id) {
            message.value = ""
            coordinator?.show(.contactDetail(id: id))
        } else {
            message.value = "\(event.subject.isEmpty ? "That contact" : event.subject) was deleted."
        }
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
