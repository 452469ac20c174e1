import Components
import Storage
import TUIKit

/// The real activity feed: the signed-in user's log from SQLite, by keyset
/// pages (`KeysetPager`); Enter on a contact's event opens the card if the
/// contact still exists, else says it was deleted.
@MainActor
final class ActivityViewModel: ActivityFeedViewModelProtocol {
    let message = Observable("")
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
        observers.append(pager.failure.observe { [weak self] _, failure in if let failure { self?.message.value = failure } })
    }

    var loadedCount: Observable<Int> { pager.loadedCount }
    var isLoading: Observable<Bool> { pager.isLoading }
    func loadMore() { pager.loadNextPage() }

    func item(at index: Int) -> ActivityFeedItem? {
        guard let row = pager.item(at: index) else { return nil }
        switch row {
        case .day(let name): return .day(name)
        case .event(let event): return .event(time: ActivityRow.time(event.at), title: event.kind.text, subject: event.subject)
        }
    }

    func selectItem(at index: Int) {
        guard case .event(let event)? = pager.item(at: index) else { return }
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
