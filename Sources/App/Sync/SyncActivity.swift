import AppServices

/// What the app knows of sync at a moment: the accounts as last read from the data file, and
/// the child process under way (if any). The Sync screen, the home and the status line show it.
struct SyncActivity: Equatable {
    /// The signed-in person's CardDAV accounts (empty: sync is not set up).
    var accounts: [SyncAccountStatus] = []
    /// Conflicts waiting for the person.
    var conflicts = 0
    /// Whether a sync child process is under way.
    var isRunning = false
    /// Cards read of how many, in the pull under way (nil: none reported yet).
    var progress: (done: Int, total: Int)?
    /// Local changes sent so far in the pass under way.
    var sent = 0
    /// The last pass's summary line, this run.
    var lastSummary: String?
    /// What stopped the last pass, this run, in the order the child said it (the data keeps each
    /// account's too).
    var failures: [SyncFailure] = []
    /// The address book whose contacts the last pass would not delete (emptied, or made again, on
    /// the server): the Sync screen asks whether to delete them here too.
    var wipe: SyncWipe?

    static func == (a: SyncActivity, b: SyncActivity) -> Bool {
        a.accounts == b.accounts && a.conflicts == b.conflicts && a.isRunning == b.isRunning && a.progress?.done == b.progress?.done
            && a.progress?.total == b.progress?.total && a.sent == b.sent && a.lastSummary == b.lastSummary && a.failures == b.failures
            && a.wipe == b.wipe
    }

    var isSetUp: Bool { !accounts.isEmpty }
    var pending: Int { accounts.reduce(0) { $0 + $1.pending } }
    /// The newest time any account synced.
    var lastSyncAt: Int64? { accounts.compactMap(\.lastSyncAt).max() }
    /// This run's failures in words (nil: none).
    var lastError: String? { failures.isEmpty ? nil : failures.map { $0.message() }.joined(separator: "; ") }
    /// The error to show, in words: this run's, else an account's as kept.
    var error: String? { lastError ?? accounts.lazy.compactMap(\.lastError).first?.message() }

    /// A pass has started and nothing has been read or sent yet: the server is listing its cards
    /// (on a first sync of thousands, that takes seconds).
    var isListing: Bool { isRunning && progress == nil && sent == 0 }

    /// How far the pull under way is, from 0 to 1 (nil: nothing to show a bar for).
    var fraction: Double? {
        guard isRunning, let progress, progress.total > 0 else { return nil }
        return Double(progress.done) / Double(progress.total)
    }

    /// The status line's few words: "⟳ sync 45%", "synced 14:02 · 3 pending", "sync failed".
    func statusText(now: Int64) -> String? {
        guard isSetUp else { return nil }
        if isRunning {
            if let fraction { return "⟳ sync \(Int((fraction * 100).rounded(.down)))%" }
            return "⟳ syncing"
        }
        var parts: [String] = []
        if wipe != nil { parts.append("sync asks: contacts gone from the server") }
        else if error != nil { parts.append("sync failed") }
        else if let at = lastSyncAt { parts.append("synced " + Self.when(at, now: now)) }
        else { parts.append("not synced yet") }
        if pending > 0 { parts.append("\(pending) pending") }
        if conflicts > 0 { parts.append("\(conflicts) conflict\(conflicts == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    /// The home's line: when it last synced, what is pending and any error, in words.
    func homeText(now: Int64) -> String {
        guard isSetUp else { return "" }
        if isRunning {
            if let progress, progress.total > 0 { return "Syncing: \(progress.done) of \(progress.total) cards read" }
            return sent > 0 ? "Syncing: \(sent) sent" : "Syncing: listing the server's cards…"
        }
        var text = lastSyncAt.map { "Last synced " + Self.when($0, now: now) } ?? "Not synced yet"
        text += pending == 0 ? ", nothing pending" : ", \(pending) change\(pending == 1 ? "" : "s") pending"
        if conflicts > 0 { text += ", \(conflicts) conflict\(conflicts == 1 ? "" : "s")" }
        if let error { text += ". Sync failed: " + error }
        return text
    }

    /// "14:02" today, "Mon 14:02" another day.
    static func when(_ at: Int64, now: Int64) -> String {
        let day = ActivityRow.dayName(at, now: now)
        return day == "Today" ? ActivityRow.time(at) : "\(day) \(ActivityRow.time(at))"
    }
}

/// A pull that stopped before deleting most of an address book's contacts here (`sync` refuses
/// it without `--allow-wipe`): the book, how many it would delete, of how many synced from it.
struct SyncWipe: Equatable {
    var book: String
    var deleting: Int
    var of: Int

    /// "“Contacts” on the server has none of its 60 contacts left".
    var headline: String {
        "“\(book)” on the server has " + (deleting >= of ? "none of its \(of) contact\(of == 1 ? "" : "s")" : "lost \(deleting) of its \(of) contacts") + " left"
    }
}
