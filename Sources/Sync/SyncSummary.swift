/// What one sync did, for the one line `switchboard sync` prints.
public struct SyncSummary: Equatable, Sendable {
    /// Contacts the servers had that are new here, changed here, deleted here.
    public var new = 0, changed = 0, deleted = 0
    /// Local changes sent (adds, edits, deletes).
    public var sent = 0
    /// Conflicts kept for the person to settle.
    public var conflicts = 0
    /// Cards left on the server because they could not be read (each listed with its reason).
    public var unreadable = 0
    /// Local changes the server refused (kept here and in the queue).
    public var refused = 0
    /// What each refused or unreadable card was, one line each ("href: reason").
    public var notes: [String] = []

    public init() {}

    /// "↓ 12 new, 3 changed, 1 deleted · ↑ 2 sent · 1 conflict", then what was left alone.
    public var line: String {
        var text = "↓ \(new) new, \(changed) changed, \(deleted) deleted · ↑ \(sent) sent · \(conflicts) conflict\(conflicts == 1 ? "" : "s")"
        if unreadable > 0 { text += " · \(unreadable) unreadable card\(unreadable == 1 ? "" : "s") left on the server" }
        if refused > 0 { text += " · \(refused) refused by the server" }
        return text
    }

    /// Adds another account's numbers.
    public mutating func add(_ other: SyncSummary) {
        new += other.new; changed += other.changed; deleted += other.deleted; sent += other.sent
        conflicts += other.conflicts; unreadable += other.unreadable; refused += other.refused; notes += other.notes
    }
}
