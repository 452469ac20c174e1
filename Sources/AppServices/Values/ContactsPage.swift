/// A page of contacts matching a search, and how many match it counted no further than a cap
/// (`count == cap` means "at least that many"): what a list needs for one window, read at once.
public struct ContactsPage: Equatable, Sendable {
    /// How many contacts match, counted no further than the cap asked for.
    public var count: Int
    /// The page's contacts, in list order.
    public var rows: [ContactSummary]

    public init(count: Int, rows: [ContactSummary]) {
        self.count = count
        self.rows = rows
    }
}
