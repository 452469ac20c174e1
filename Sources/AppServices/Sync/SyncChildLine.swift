/// One line of what a `switchboard sync --progress` child process prints on its standard output
/// for the app that started it: a word, a tab, then the fields, tab-separated. Both sides use
/// this one type (the command writes `text`, the app reads `init?(line:)`), so they cannot drift
/// apart. Anything else the child prints is not a line of this protocol and is ignored.
///
/// ```
/// book	https://dav.example.com/ada/work/	Work        (sync add --list-addressbooks: one a book)
/// added	Work                                         (sync add: the account is stored)
/// progress	300	2000                                 (cards read so far, of how many)
/// sent	12                                           (local changes sent so far)
/// summary	↓ 12 new, 3 changed, 1 deleted · ↑ 2 sent · 1 conflict
/// error	account	alice	https://dav.example.com/	server	unauthorized	https://…	401	…   (a `SyncFailure`'s fields)
/// error	storage	busy	server	postgresql://…	…	lockHeld	lockWait	5s	4711	bob   (a store's error, with the cause App reads)
/// wipe	Contacts	60	60                           (a pull refused to delete 60 of the book's 60 contacts)
/// ```
public enum SyncChildLine: Equatable, Sendable {
    /// An address book the server lists: its URL and its name as a person knows it.
    case book(url: String, name: String)
    /// The account is stored with these address books.
    case added(books: [String])
    /// Cards read so far of how many, in the address book being pulled.
    case progress(done: Int, total: Int)
    /// Local changes sent so far.
    case sent(Int)
    /// The pass ended: the one-line summary.
    case summary(String)
    /// What went wrong (one account's failure, or the whole run's), as a value: the app makes
    /// the sentence.
    case error(SyncFailure)
    /// A pull stopped before deleting `deleting` of the `of` contacts synced from the address book
    /// `book` (emptied, or made again, on the server): the app asks whether to let it (`sync --allow-wipe`).
    case wipe(book: String, deleting: Int, of: Int)

    /// The line as the child prints it (without the newline); tabs and line ends inside a field
    /// become spaces.
    public var text: String {
        switch self {
        case .book(let url, let name): Self.join("book", [url, name])
        case .added(let books): Self.join("added", books)
        case .progress(let done, let total): Self.join("progress", [String(done), String(total)])
        case .sent(let count): Self.join("sent", [String(count)])
        case .summary(let line): Self.join("summary", [line])
        case .error(let failure): Self.join("error", failure.fields)
        case .wipe(let book, let deleting, let of): Self.join("wipe", [book, String(deleting), String(of)])
        }
    }

    /// Reads one line (nil: not a line of the protocol, or a malformed one).
    public init?(line: some StringProtocol) {
        var fields = String(line).split(separator: Character("\t"), omittingEmptySubsequences: false).map(String.init)
        if fields.last?.hasSuffix("\r") == true { fields[fields.count - 1].removeLast() }
        guard let word = fields.first else { return nil }
        let rest = Array(fields.dropFirst())
        switch word {
        case "book" where rest.count == 2: self = .book(url: rest[0], name: rest[1])
        case "added": self = .added(books: rest)
        case "progress" where rest.count == 2:
            guard let done = Int(rest[0]), let total = Int(rest[1]), done >= 0, total >= 0 else { return nil }
            self = .progress(done: done, total: total)
        case "sent" where rest.count == 1:
            guard let count = Int(rest[0]), count >= 0 else { return nil }
            self = .sent(count)
        case "summary" where rest.count == 1: self = .summary(rest[0])
        case "error":
            guard let failure = SyncFailure(fields: rest) else { return nil }
            self = .error(failure)
        case "wipe" where rest.count == 3:
            guard let deleting = Int(rest[1]), let of = Int(rest[2]), deleting >= 0, of >= 0 else { return nil }
            self = .wipe(book: rest[0], deleting: deleting, of: of)
        default: return nil
        }
    }

    private static func join(_ word: String, _ fields: [String]) -> String {
        ([word] + fields.map(clean)).joined(separator: "\t")
    }

    private static func clean(_ field: String) -> String { SyncFailure.clean(field) }
}
