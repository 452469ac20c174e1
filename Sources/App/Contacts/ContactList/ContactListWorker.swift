import AppServices

/// Talks to the contacts store for the list scene, off the main loop where the store is a
/// server (seed 001's worker: how the data is fetched is its business): each call is one job
/// whose answer comes back on the main loop.
///
/// A search is read where it never holds up the keys: on `reads` (a file's reading connection on a
/// thread of its own, a server's work), one at a time — while one is out only the reads of the newest
/// search asked for wait (those of the searches typed between are dropped), and the one out is
/// stopped where `reads` runs nothing else.
@MainActor
class ContactListWorker {
    let contacts: ContactsWork
    /// Where a search's windows and counts are read (`contacts` unless given).
    let reads: ContactsWork
    /// Whether a search out on `reads` that a newer one replaced is stopped there (a file's reads
    /// work runs only reads; a server's runs the saves too, which are never stopped for a key).
    private let stopsStaleReads: Bool
    /// The search read out on `reads` (nil: none), and the reads asked for since, waiting for it
    /// (all of one search: the newest).
    private var searchOut: String?
    private var waiting: [(search: String, start: () -> Void)] = []
    /// The contacts of the people written to most (`bestMatchCandidates`), read with the first
    /// search and kept for the next ones; nil again when the list is shown without a search.
    private var bestCandidates: [ContactSummary]?

    /// - Parameter reads: where searches are read off the main loop when `contacts` answers at
    ///   once on it (a file); nil: on `contacts` (a server's work, memory, a spy).
    init(contacts: ContactsWork, reads: ContactsWork? = nil) {
        self.contacts = contacts
        self.reads = reads ?? contacts
        stopsStaleReads = reads != nil
    }
    /// Contacts that answer at once (a spy, memory, a file).
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }

    /// A window of the list as one job read it.
    struct Window: Sendable, Equatable {
        var total: Int
        var countIsPartial: Bool
        var offset: Int
        var rows: [ContactSummary]
        /// The sort key of the row before the window, to know whether its first row starts a section.
        var previousSortKey: String?
        /// Where the contact asked to be shown stands (nil: not asked, or a search hides it).
        var selectedIndex: Int?
        /// Whether the contacts sync with address books (the rows' details then name each one's).
        var hasAddressBooks = false
        /// How many rows the list starts with that are the search's best matches (the people written
        /// to most, `bestMatches`): the list is those, then every match in its order (`total` counts both).
        var bestCount = 0
        /// The best matches' candidates as read for this search (to keep for the next).
        var candidates: [ContactSummary]?
    }

    /// Reads `limit` contacts from `offset` matching `search`, and how many match (a search
    /// counts only `lookahead` past the window: its exact count could mean walking every
    /// match). With `showing`, the window is centred on that contact instead.
    /// With `group`, only its contacts are listed, counted exactly; with `addressBook`, only
    /// those on that book (or on none), counted exactly. A search of all contacts starts with its
    /// best matches (up to `bestMatchLimit` of the people written to most), then every match.
    func fetchWindow(search: String, group: String? = nil, addressBook: AddressBookFilter? = nil, order: ContactListOrder = .lastName,
                     offset: Int, limit: Int, lookahead: Int, showing: Int64?,
                     then deliver: @escaping @MainActor (Result<Window, ServiceError>) -> Void) {
        let searching = !search.trimmedSpaces.isEmpty
        let ranksByMail = searching && group == nil && addressBook == nil
        let known = bestCandidates, now = Self.secondsNow()
        let body: @Sendable (ContactsService) throws(ServiceError) -> Window = { store throws(ServiceError) -> Window in
            var best: [ContactSummary] = [], candidates = known
            if ranksByMail {
                if candidates == nil { candidates = try Self.bestMatchCandidates(in: store, now: now) }
                best = try Self.bestMatches(of: search, among: candidates ?? [], in: store)
            }
            let virtualOffset = offset
            var offset = max(0, offset - best.count) // the best matches come before the store's rows
            let limit = limit - min(limit, max(0, best.count - virtualOffset))
            var selected: Int?
            if let id = showing, !searching, group == nil, addressBook == nil, let index = try? store.listIndex(ofContact: id, in: order) {
                selected = index
                offset = max(0, index - limit / 2)
            }
            let cap = searching && group == nil && addressBook == nil ? offset + limit + lookahead : Int.max
            let start = max(0, offset - 1) // one row before, for the section of the first
            let page = if let group {
                try store.page(inGroup: group, matching: search, in: order, offset: start, limit: limit + (offset - start), countingUpTo: cap)
            } else if let addressBook {
                try store.page(in: addressBook, matching: search, in: order, offset: start, limit: limit + (offset - start), countingUpTo: cap)
            } else {
                try store.page(matching: search, in: order, offset: start, limit: limit + (offset - start), countingUpTo: cap)
            }
            let total = page.count
            var rows = page.rows
            var previous: String?
            if start < offset, !rows.isEmpty { previous = rows.removeFirst().sortKey }
            if !best.isEmpty {
                rows = Array(best.dropFirst(min(virtualOffset, best.count))) + rows
                offset = virtualOffset
            }
            // The e-mail, phone and company beside each name (one read by id for the window).
            if !rows.isEmpty {
                let details = try store.rowDetails(of: rows.map(\.id))
                for i in rows.indices { rows[i].details = details[rows[i].id] ?? ContactRowDetails() }
            }
            return Window(total: total + best.count, countIsPartial: total == cap, offset: offset, rows: rows,
                          previousSortKey: previous, selectedIndex: selected,
                          hasAddressBooks: !(try store.addressBooks(counted: false).books.isEmpty),
                          bestCount: best.count, candidates: ranksByMail ? candidates : nil)
        }
        if searching {
            readLatest(search: search, body) { [weak self] result in
                if case .success(let window) = result, let candidates = window.candidates { self?.bestCandidates = candidates }
                deliver(result)
            }
        } else {
            bestCandidates = nil // read again at the next search (a harvest may have run since)
            if searchOut != nil { // the list without a search: what was out or waiting is stale
                waiting = []
                stopSearchOut()
            }
            contacts.run(body, then: deliver)
        }
    }

    /// Runs `body` for `search` on `reads` now, or, while another read is out there, when that one
    /// and those asked for before answer — unless another search is asked for first (then this one
    /// is dropped: `deliver` is never called).
    private func readLatest<T: Sendable>(search: String, _ body: @escaping @Sendable (ContactsService) throws(ServiceError) -> T,
                                         then deliver: @escaping @MainActor (Result<T, ServiceError>) -> Void) {
        let start: () -> Void = { [weak self] in
            guard let self else { return }
            self.searchOut = search
            self.reads.run(body) { [weak self] result in
                deliver(result)
                guard let self else { return }
                self.searchOut = nil
                if !self.waiting.isEmpty { self.waiting.removeFirst().start() }
            }
        }
        guard let out = searchOut else { start(); return }
        waiting.removeAll { $0.search != search }
        waiting.append((search, start))
        if out != search { stopSearchOut() }
    }

    /// Stops the search read out on `reads` where only reads run there (its answer, a failure, is
    /// then not shown: another search was asked for since).
    private func stopSearchOut() {
        if stopsStaleReads { reads.stopRunningCall() }
    }

    /// The address books the contacts sync with, with how many are on each and on none.
    func addressBooks(then deliver: @escaping @MainActor (Result<ContactAddressBooks, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.addressBooks(counted: true) }, then: deliver)
    }

    /// How many contacts match `search`, exactly (a walk over every match: asked for once the
    /// person stops typing, never in the way of a key).
    func countExactly(search: String, then deliver: @escaping @MainActor (Result<Int, ServiceError>) -> Void) {
        readLatest(search: search, { store throws(ServiceError) in try store.count(matching: search) }, then: deliver)
    }

    /// The groups there are, with their counts.
    func groups(then deliver: @escaping @MainActor (Result<[ContactGroup], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.groups() }, then: deliver)
    }

    func setFriend(id: Int64, _ isFriend: Bool, then deliver: @escaping @MainActor (Result<Bool, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.setFriend(id: id, isFriend) }, then: deliver)
    }

    func restoreLastDeleted(then deliver: @escaping @MainActor (Result<ContactRecord?, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.restoreLastDeleted() }, then: deliver)
    }

    func delete(id: Int64, then deliver: @escaping @MainActor (Result<Bool, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in try store.delete(id: id) }, then: deliver)
    }
}
