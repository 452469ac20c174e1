import AppServices

/// Whose contacts one store reads: one account's book, or a team member's own book and the
/// team's as one list. A query with no order to keep across the books is written once, over the
/// scope's accounts (`accounts(_:_:)`); the list's pages, which walk each book's
/// `(account_id, key, id)` index, read each book and merge them (`PostgresContactsStore+BothBooks`).
extension PostgresContactsStore {
    /// The books a store reads. A team's address book alone is one account's book too: its store
    /// is `.book(team)`, and only `.both` marks rows (`ContactSummary.inTeamBook`).
    public enum Scope: Sendable, Equatable {
        /// One account's contacts (a person's own, or a team's address book).
        case book(Int64)
        /// A team member's own contacts and the team book's as one list: each team row marked, a
        /// change going to the book its contact is in, a new contact to the member's own.
        case both(own: Int64, team: Int64)

        /// The account a new contact goes to (the member's own in `.both`).
        var home: Int64 {
            switch self {
            case .book(let id): id
            case .both(let own, _): own
            }
        }

        /// Every account the scope reads, the home first.
        var accounts: [Int64] {
            switch self {
            case .book(let id): [id]
            case .both(let own, let team): [own, team]
            }
        }

        /// The team book's account in `.both` (its rows are marked); nil for one book.
        var markedTeam: Int64? {
            if case .both(_, let team) = self { return team }
            return nil
        }
    }

    /// `column` among the scope's accounts as SQL, with `$n` its parameter (`accountsValue`):
    /// `column = $n` for one book (the statement one account's store always ran), `column = ANY($n::bigint[])` for both.
    func accounts(_ column: String, _ n: Int) -> String {
        if case .book = scope { return "\(column) = $\(n)" }
        return "\(column) = ANY($\(n)::bigint[])"
    }

    /// The parameter `accounts(_:_:)` names: the account, or the array of both.
    var accountsValue: any PostgresValue {
        if case .book(let id) = scope { return id }
        return "{" + scope.accounts.map(String.init).joined(separator: ",") + "}"
    }

    /// Whether a row of `account` is marked as the team book's (only in `.both`).
    func isTeamRow(_ account: Int64) -> Bool { scope.markedTeam == account }

    /// The one-book store (on the same connection) that holds contact `id`: this store for one
    /// book; in `.both`, the book the contact is in (nil when it is in neither).
    func book(of id: Int64) throws(ServiceError) -> PostgresContactsStore? {
        guard case .both = scope else { return self }
        guard let account = try pg.scalarInt("SELECT account_id FROM contacts WHERE id = $1 AND \(accounts("account_id", 2))",
                                             [id, accountsValue]) else { return nil }
        return book(account: account)
    }

    /// The one-book store of `account` (one of the scope's).
    func book(account: Int64) -> PostgresContactsStore {
        books.first { $0.accountID == account } ?? self
    }
}
