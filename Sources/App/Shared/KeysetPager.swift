import Components
import AppServices
import TUIKit

/// A window onto a long list read from the store a page at a time by keyset
/// — each page after the last row's cursor or before the first's, never by
/// OFFSET — so rows added or removed elsewhere cannot make a page repeat or
/// skip anything, and either end of a list of any length is one seek away.
///
/// The window holds at most `keptPages` pages: a page read at one end drops
/// the pages farthest from it at the other, which are read again when
/// scrolled back to. Every read (next, earlier, first, last, a seek) is sent
/// after the next frame when there is a scheduler — never inside layout — so
/// the "loading…" row the list shows meanwhile reaches the screen for at
/// least one frame, and keys stay live. A read is a fetch, a job on the
/// directory's work (off the main loop on a server, at once for a file), and
/// an apply on the main loop when its answer comes; a jump asked for while a
/// fetch is out wins over it (that answer is dropped), and a failed fetch
/// keeps the window and says why in `failure`. The friends list and the
/// activity log both page this way.
@MainActor
final class KeysetPager<Cursor: Equatable & Sendable, Item: Sendable> {
    /// Items in the window.
    let loadedCount = Observable(0)
    /// A read is asked for or out.
    let isLoading = Observable(false)
    /// A person-readable message when the last read failed.
    let failure = Observable<String?>(nil)
    /// How the window moved with the last change (read it when `loadedCount` is announced).
    private(set) var lastChange: ListWindowChange = .grew
    /// More rows before the window's first / after its last.
    private(set) var hasMoreBefore = false
    private(set) var hasMoreAfter = true
    /// The window's first item's index in the whole list, while it is known
    /// (the window was reached from the start); nil after a seek or End.
    private(set) var firstIndex: Int? = 0

    let pageSize: Int
    let keptPages: Int
    private weak var scheduler: Scheduler?
    private let cursor: @Sendable (Item) -> Cursor
    /// Runs a fetch on the work's service, then hands its answer back on the main loop.
    private let send: (_ fetch: @escaping @Sendable (Reads) throws(ServiceError) -> Fetched,
                       _ deliver: @escaping @MainActor (Result<Fetched, ServiceError>) -> Void) -> Void
    private var items: [Item] = []

    /// The store's two reads, as a fetch sees them (on the work's thread).
    struct Reads {
        /// The first `limit` rows after a cursor (from the start when nil), in list order.
        let after: (Cursor?, Int) throws(ServiceError) -> [Item]
        /// The last `limit` rows before a cursor (up to the end when nil), in list order.
        let before: (Cursor?, Int) throws(ServiceError) -> [Item]
    }

    /// What a fetch brought back, for its apply.
    struct Fetched: Sendable {
        var rows: [Item]
        /// How many rows were asked for.
        var asked: Int
        /// Whether rows come before `rows` (a seek, a refresh).
        var moreBefore = false
    }

    /// The reads a window can ask for.
    private enum Read {
        case next, previous, last, seek(Cursor?), refresh
        /// A jump replaces the window (and wins over a read still out); a next or previous page extends it.
        var isJump: Bool {
            switch self {
            case .next, .previous: false
            case .last, .seek, .refresh: true
            }
        }
    }

    /// - Parameters:
    ///   - work: the service the pages are read from, and where those reads run.
    ///   - readAfter: `(service, c, limit)`: the first `limit` rows after `c` (from the start when nil), in list order.
    ///   - readBefore: `(service, c, limit)`: the last `limit` rows before `c` (up to the end when nil), in list order.
    init<Service>(pageSize: Int, keptPages: Int, scheduler: Scheduler?, work: ServiceWork<Service>,
                  cursor: @escaping @Sendable (Item) -> Cursor,
                  readAfter: @escaping @Sendable (Service, Cursor?, Int) throws(ServiceError) -> [Item],
                  readBefore: @escaping @Sendable (Service, Cursor?, Int) throws(ServiceError) -> [Item]) {
        self.pageSize = max(1, pageSize)
        self.keptPages = max(2, keptPages)
        self.scheduler = scheduler
        self.cursor = cursor
        send = { fetch, deliver in
            work.run({ service throws(ServiceError) in
                try fetch(Reads(after: { c, limit throws(ServiceError) in try readAfter(service, c, limit) },
                                before: { c, limit throws(ServiceError) in try readBefore(service, c, limit) }))
            }, then: deliver)
        }
    }

    var window: [Item] { items }

    func item(at index: Int) -> Item? { items.indices.contains(index) ? items[index] : nil }

    /// The next page after the window (or the first page of an empty one).
    func loadNextPage() {
        guard hasMoreAfter else { return }
        ask(.next)
    }

    /// The page before the window.
    func loadPreviousPage() {
        guard hasMoreBefore, items.first != nil else { return }
        ask(.previous)
    }

    /// The window becomes the first page (Home).
    func loadFirstPage() { seek(after: nil) }

    /// The window becomes the last page (End): one seek from the end, at any length.
    func loadLastPage() { ask(.last) }

    /// The window starts at the first row after `position` (type-ahead: the first name at or after a prefix).
    func seek(after position: Cursor?) { ask(.seek(position)) }

    /// Reads the window again as it is now, from its first row on (after a
    /// change elsewhere); more may then follow it.
    func refresh() { ask(.refresh) }

    // MARK: - Reads

    /// The read asked for and not sent yet (it waits for the frame that shows "loading…").
    private var pending: Read?
    private var scheduled = false
    /// Counts the reads asked for: an answer to any but the last is stale.
    private var generation = 0
    /// The generation of the read out, while its answer is still wanted.
    private var out: Int?

    /// Asks for a read, sent once the frame that shows "loading…" has been drawn (at once
    /// without a scheduler). A jump (first, last, seek, refresh) replaces a read still
    /// waiting and makes the answer of one out stale; a next or previous page waits for
    /// nothing and is dropped while another read waits or is out (the list asks again once
    /// the window has moved).
    private func ask(_ read: Read) {
        guard read.isJump || (pending == nil && out == nil) else { return }
        generation += 1
        out = nil
        pending = read
        isLoading.value = true
        guard let scheduler else { sendPending(); return }
        guard !scheduled else { return }
        scheduled = true
        scheduler.afterNextFrame { [weak self] in self?.sendPending() }
    }

    private func sendPending() {
        scheduled = false
        guard let read = pending else { return }
        pending = nil
        let sent = generation
        out = sent
        send(fetch(for: read)) { [weak self] result in
            // A read asked for since replaced this one: its answer is not shown.
            guard let self, self.generation == sent else { return }
            self.out = nil
            switch result {
            case .success(let fetched):
                self.apply(read, fetched)
                self.failure.value = nil
                self.loadedCount.value = self.items.count
            case .failure(let error):
                self.failure.value = error.message // the window stays as it was
            }
            self.isLoading.value = self.pending != nil || self.out != nil
        }
    }

    /// What `read` fetches, from the window as it is now (the fetch runs on the work's thread:
    /// it sees only the cursors taken here and the store's reads).
    private func fetch(for read: Read) -> @Sendable (Reads) throws(ServiceError) -> Fetched {
        let size = pageSize, cursor = self.cursor
        switch read {
        case .next:
            let last = items.last.map(cursor)
            return { reads throws(ServiceError) in Fetched(rows: try reads.after(last, size), asked: size) }
        case .previous:
            let first = items.first.map(cursor)
            return { reads throws(ServiceError) in
                guard let first else { return Fetched(rows: [], asked: size) }
                return Fetched(rows: try reads.before(first, size), asked: size)
            }
        case .last:
            return { reads throws(ServiceError) in Fetched(rows: try reads.before(nil, size), asked: size) }
        case .seek(let position):
            return { reads throws(ServiceError) in
                let page = try reads.after(position, size)
                var more = false
                if let first = page.first { more = try !reads.before(cursor(first), 1).isEmpty }
                return Fetched(rows: page, asked: size, moreBefore: more)
            }
        case .refresh:
            guard let first = items.first.map(cursor) else {
                return { reads throws(ServiceError) in Fetched(rows: try reads.after(nil, size), asked: size) }
            }
            let count = max(size, items.count)
            return { reads throws(ServiceError) in
                let before = try reads.before(first, 1).last
                return Fetched(rows: try reads.after(before.map(cursor), count), asked: count, moreBefore: before != nil)
            }
        }
    }

    /// Puts a fetch's rows in the window (the window is as it was when the fetch was sent:
    /// only the last read's answer is applied).
    private func apply(_ read: Read, _ fetched: Fetched) {
        let page = fetched.rows
        switch read {
        case .next:
            hasMoreAfter = page.count == pageSize
            items.append(contentsOf: page)
            let dropped = trim(fromFront: true)
            firstIndex = firstIndex.map { $0 + dropped }
            lastChange = dropped > 0 ? .shifted(by: -dropped) : .grew
        case .previous:
            guard !items.isEmpty else { return }
            hasMoreBefore = page.count == pageSize
            items.insert(contentsOf: page, at: 0)
            firstIndex = hasMoreBefore ? firstIndex.map { $0 - page.count } : 0
            _ = trim(fromFront: false)
            lastChange = .shifted(by: page.count)
        case .last:
            items = page
            hasMoreBefore = page.count == pageSize
            hasMoreAfter = false
            firstIndex = hasMoreBefore ? nil : 0
            lastChange = .jumped(to: .last)
        case .seek:
            hasMoreAfter = page.count == pageSize
            hasMoreBefore = fetched.moreBefore
            items = page
            firstIndex = hasMoreBefore ? nil : 0
            lastChange = .jumped(to: .first)
        case .refresh:
            if items.isEmpty {
                items = page
                hasMoreAfter = page.count == pageSize
                lastChange = .grew
            } else {
                hasMoreBefore = fetched.moreBefore
                if !fetched.moreBefore { firstIndex = 0 }
                hasMoreAfter = page.count == fetched.asked
                items = page
                lastChange = .shifted(by: 0)
            }
        }
    }

    /// Drops whole pages past `keptPages` from one end; returns how many rows went.
    private func trim(fromFront: Bool) -> Int {
        let excess = items.count - keptPages * pageSize
        guard excess > 0 else { return 0 }
        let drop = (excess + pageSize - 1) / pageSize * pageSize
        if fromFront {
            items.removeFirst(drop)
            hasMoreBefore = true
        } else {
            items.removeLast(drop)
            hasMoreAfter = true
        }
        return drop
    }
}
