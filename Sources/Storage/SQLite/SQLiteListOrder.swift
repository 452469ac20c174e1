import AppServices
/// The contacts' list order — account, then sort key, then id — kept as one
/// integer per contact (`contacts.sort_rank`), which is also the contact's row
/// id in the search index. The index hands back its matches in row-id order,
/// so a search reads its first page in list order without sorting, and the
/// ranks of one account form one interval, so a search never looks at another
/// account's contacts.
///
/// Ranks are spaced (an order-maintenance list): a new contact takes a rank
/// between its neighbours'; when they are adjacent, a small window around it
/// is spread out again ("relabelled"), moving those contacts' index entries.
struct SQLiteListOrder {
    let db: SQLiteDatabase

    /// The distance between neighbours' ranks after a bulk insert, and after a
    /// contact appended at the end. Small on purpose: the search index stores
    /// each match's rank as a varint delta from the previous match, so wide
    /// gaps would cost bytes in every posting (2^10 keeps most deltas at two
    /// bytes) — while still leaving room for ten inserts at one place before a
    /// window is spread out again.
    static let gap: Int64 = 1 << 6
    /// A relabelled window spreads its ranks at least this far apart.
    static let minimumSpread: Int64 = 1 << 2

    /// Where a contact sits in the order.
    struct Position {
        let accountID: Int64
        let sortKey: String
        let id: Int64
    }

    /// A neighbour in the order; `rank` is nil only for rows not yet ranked (mid-populate).
    struct Neighbour {
        let id: Int64
        let rank: Int64?
    }

    // MARK: Neighbours

    /// Up to `limit` contacts after `position` (any account), nearest first.
    func after(_ p: Position, limit: Int) throws(ServiceError) -> [Neighbour] {
        try neighbours(p, limit: limit, stages: [
            "SELECT id, sort_rank FROM contacts WHERE account_id = ?1 AND sort_key = ?2 AND id > ?3 ORDER BY id LIMIT ?4",
            "SELECT id, sort_rank FROM contacts WHERE account_id = ?1 AND sort_key > ?2 ORDER BY sort_key, id LIMIT ?4",
            "SELECT id, sort_rank FROM contacts WHERE account_id > ?1 ORDER BY account_id, sort_key, id LIMIT ?4",
        ])
    }

    /// Up to `limit` contacts before `position` (any account), nearest first.
    func before(_ p: Position, limit: Int) throws(ServiceError) -> [Neighbour] {
        try neighbours(p, limit: limit, stages: [
            "SELECT id, sort_rank FROM contacts WHERE account_id = ?1 AND sort_key = ?2 AND id < ?3 ORDER BY id DESC LIMIT ?4",
            "SELECT id, sort_rank FROM contacts WHERE account_id = ?1 AND sort_key < ?2 ORDER BY sort_key DESC, id DESC LIMIT ?4",
            "SELECT id, sort_rank FROM contacts WHERE account_id < ?1 ORDER BY account_id DESC, sort_key DESC, id DESC LIMIT ?4",
        ])
    }

    /// Each stage reaches further (same key, same account, other accounts),
    /// every one an exact range of the `contacts_by_name` index.
    private func neighbours(_ p: Position, limit: Int, stages: [String]) throws(ServiceError) -> [Neighbour] {
        var found: [Neighbour] = []
        for sql in stages where found.count < limit {
            let s = try db.prepare(sql)
            s.bind(1, p.accountID).bind(2, p.sortKey).bind(3, p.id).bind(4, limit - found.count)
            while try s.step() { found.append(Neighbour(id: s.int64(0), rank: s.isNull(1) ? nil : s.int64(1))) }
            s.reset()
        }
        return found
    }

    // MARK: Placing one contact

    /// Gives the contact at `position` (already stored with its new sort key,
    /// and without an index entry) a rank between its neighbours', relabelling
    /// a window when there is no room. Returns the rank.
    func place(_ p: Position) throws(ServiceError) -> Int64 {
        let low = try before(p, limit: 1).first?.rank ?? 0
        let high = try after(p, limit: 1).first?.rank ?? Int64.max
        let room = high - low
        let rank: Int64
        if room > 2 * Self.gap { rank = low + Self.gap }
        else if room >= 2 { rank = low + room / 2 }
        else { return try relabel(around: p) }
        try setRank(rank, of: p.id)
        return rank
    }

    /// Spreads the ranks of a window around `p` (growing it until the spread
    /// is comfortable) and moves the window's index entries with them.
    private func relabel(around p: Position) throws(ServiceError) -> Int64 {
        var width = 8
        while true {
            let before = try self.before(p, limit: width + 1), after = try self.after(p, limit: width + 1)
            let low = before.count > width ? before[width].rank ?? 0 : 0
            let high = after.count > width ? after[width].rank ?? Int64.max : Int64.max
            let window = before.prefix(width).reversed() + [Neighbour(id: p.id, rank: nil)] + after.prefix(width)
            let spread = (high - low) / Int64(window.count + 1)
            let reachedBothEnds = before.count <= width && after.count <= width
            if spread < Self.minimumSpread && !reachedBothEnds { width *= 4; continue }
            return try assign(window: Array(window), from: low, spread: spread, returning: p.id)
        }
    }

    private func assign(window: [Neighbour], from low: Int64, spread: Int64, returning id: Int64) throws(ServiceError) -> Int64 {
        // Take the window's index entries out first, so no new rank meets an old one.
        var entries: [Int64: String] = [:]
        let read = try db.prepare("SELECT text FROM contact_search WHERE rowid = ?")
        let remove = try db.prepare("DELETE FROM contact_search WHERE rowid = ?")
        for n in window {
            guard let old = n.rank else { continue }
            read.bind(1, old)
            if try read.step() { entries[n.id] = read.text(0) }
            read.reset()
            remove.bind(1, old)
            try remove.run()
        }
        let insert = try db.prepare("INSERT INTO contact_search (rowid, text, contact_id) VALUES (?, ?, ?)")
        var placed: Int64 = 0
        for (i, n) in window.enumerated() {
            let rank = low + spread * Int64(i + 1)
            try setRank(rank, of: n.id)
            if n.id == id { placed = rank }
            if let text = entries[n.id] {
                insert.bind(1, rank).bind(2, text).bind(3, n.id)
                try insert.run()
            }
        }
        return placed
    }

    private func setRank(_ rank: Int64, of id: Int64) throws(ServiceError) {
        let s = try db.prepare("UPDATE contacts SET sort_rank = ? WHERE id = ?")
        s.bind(1, rank).bind(2, id)
        try s.run()
    }

    // MARK: A whole account

    /// The open interval of ranks an account's contacts may use: after every
    /// earlier account's, before every later one's.
    func interval(of accountID: Int64) throws(ServiceError) -> (low: Int64, high: Int64) {
        let low = try before(Position(accountID: accountID, sortKey: "", id: Int64.min), limit: 1).first?.rank ?? 0
        let high = try after(Position(accountID: accountID, sortKey: "\u{10FFFF}\u{10FFFF}", id: Int64.max), limit: 1).first?.rank ?? Int64.max
        return (low, high)
    }

    /// The ranks of an account's first and last contact (nil when it has none).
    func bounds(of accountID: Int64) throws(ServiceError) -> (first: Int64, last: Int64)? {
        let first = try db.prepare("SELECT sort_rank FROM contacts WHERE account_id = ? ORDER BY sort_key, id LIMIT 1")
        first.bind(1, accountID)
        defer { first.reset() }
        guard try first.step() else { return nil }
        let low = first.int64(0)
        let last = try db.prepare("SELECT sort_rank FROM contacts WHERE account_id = ? ORDER BY sort_key DESC, id DESC LIMIT 1")
        last.bind(1, accountID)
        defer { last.reset() }
        guard try last.step() else { return nil }
        return (low, last.int64(0))
    }

    /// Ranks every contact of an account afresh, evenly over its interval, and
    /// rebuilds its search entries in rank order from the contacts' tables.
    /// For bulk inserts: one pass instead of a relabel per contact.
    func renumber(accountID: Int64) throws(ServiceError) {
        let (low, high) = try interval(of: accountID)
        let total = try db.prepare("SELECT count(*) FROM contacts WHERE account_id = ?")
        total.bind(1, accountID)
        _ = try total.step()
        let count = Int64(total.int(0))
        total.reset()
        guard count > 0 else { return }
        let spread = min(Self.gap, (high - low) / (count + 1))
        // No room between the neighbouring accounts: everyone is ranked afresh.
        guard spread >= Self.minimumSpread else { try renumberEveryone(); return }
        let clear = try db.prepare("DELETE FROM contact_search WHERE rowid > ? AND rowid < ?")
        clear.bind(1, low).bind(2, high)
        try clear.run()
        try rerank(accountID: accountID, from: low, spread: spread)
    }

    /// Ranks every contact of every account afresh, `gap` apart, and rebuilds the whole search index.
    func renumberEveryone() throws(ServiceError) {
        try db.execute("DELETE FROM contact_search")
        try rerank(accountID: nil, from: 0, spread: Self.gap)
    }

    /// Gives the contacts of one account (nil: of all) ranks `spread` apart
    /// after `low`, in list order, then writes their search entries in rank
    /// order (so the index only ever appends). Their old entries must be gone.
    private func rerank(accountID: Int64?, from low: Int64, spread: Int64) throws(ServiceError) {
        let only = accountID == nil ? "" : "WHERE c.account_id = ?1"
        // One statement: each contact's place in the order, numbered by a window over the name index.
        let rank = try db.prepare("""
            UPDATE contacts SET sort_rank = ?2 + ?3 * r.place FROM
            (SELECT c.id, row_number() OVER (ORDER BY c.account_id, c.sort_key, c.id) AS place FROM contacts c \(only)) r
            WHERE contacts.id = r.id
            """)
        if let accountID { rank.bind(1, accountID) } else { rank.bind(1, 0) }
        rank.bind(2, low).bind(3, spread)
        try rank.run()
        let rebuild = try db.prepare("""
            INSERT INTO contact_search (rowid, text, contact_id)
            SELECT c.sort_rank, \(SearchDocumentFunction.documentOfContactC), c.id FROM contacts c \(only)
            ORDER BY c.account_id, c.sort_key, c.id
            """)
        if let accountID { rebuild.bind(1, accountID) }
        try rebuild.run()
    }
}
