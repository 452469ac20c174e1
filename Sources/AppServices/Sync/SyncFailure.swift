/// Why a sync, or setting one up, did not go through: what a `switchboard sync --progress` child
/// says on its `error` line (`SyncChildLine.error`), what the data keeps as an account's last
/// error (`SyncAccountStatus.lastError`), and what the app makes its sentence of. Values, not
/// words: the sentence is made where it is shown (App, the command line).
///
/// ```swift
/// .account(user: "alice", url: "https://dav.example.com/", .server(SyncServerFailure(.unauthorized, url: …, status: 401, detail: …)))
/// ```
public enum SyncFailure: Error, Equatable, Sendable {
    /// The CardDAV server, or the way to it.
    case server(SyncServerFailure)
    /// The data the sync reads and writes (the file, the shared directory).
    case storage(ServiceError)
    /// A pull would delete `deleting` of the `of` contacts synced from the address book `book`
    /// (emptied, or deleted and made again, on the server): none was deleted, nothing was sent.
    case wipeRefused(book: String, deleting: Int, of: Int)
    /// The account's password is typed in the app, and none was typed this run.
    case passwordNotTyped
    /// The account's password command gave no password (it failed, printed nothing, took too long).
    case passwordCommandFailed(PasswordCommandFailure)
    /// The account's password could not be had, in the command line's words (none was given; an
    /// older build's failed command).
    case passwordUnavailable(String)
    /// The password command kept on this machine was kept for `user` at `url`; the directory's
    /// account names another since, so it was not run. `team`: the team book's account.
    case passwordCommandStale(user: String, url: String, team: Bool)
    /// The server lists no address books for the account.
    case noAddressBooks
    /// The server has several address books (`books`) and none was chosen: nothing was added.
    case addressBookNotChosen(books: [ListedAddressBook])
    /// The server has no address book `name` (by its name or URL); it has `books`: nothing was added.
    case noSuchAddressBook(String, books: [ListedAddressBook])
    /// The address book `book` (`url`) is synced already, by `user` at `server`: one account an
    /// address book, so nothing was added.
    case alreadySynced(book: String, url: String, user: String, server: String)
    /// No CardDAV account is set up in `place`.
    case noAccounts(place: String)
    /// The data holds no account to sync as asked (`--user` names none, the team directory's
    /// member is another): nothing was synced.
    case noAccount(AccountLookupFailure)
    /// One account's failure: its user name and server (never another account's failure).
    indirect case account(user: String, url: String, SyncFailure)
    /// The child process ended with `exitCode` without saying why; nil: it could not be started.
    case stopped(exitCode: Int32?)
    /// The words of an older build (an `error` line, or the text it kept as an account's last
    /// error): shown as they are. This build writes none (its only words are `passwordUnavailable`'s,
    /// the command line's own case).
    case other(String)

    /// The failure itself, without the account it happened to.
    public var reason: SyncFailure {
        if case .account(_, _, let inner) = self { return inner.reason }
        return self
    }
}

/// An address book a server lists: its name as a person knows it, and its URL.
public struct ListedAddressBook: Hashable, Sendable {
    public var name: String
    public var url: String

    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    /// `books` as fields: each one's name, then its URL.
    static func fields(_ books: [ListedAddressBook]) -> [String] { books.flatMap { [$0.name, $0.url] } }

    /// Reads `fields` back (names and URLs in turn); nil when one lacks its URL.
    static func books(_ fields: some Collection<String>) -> [ListedAddressBook]? {
        guard fields.count % 2 == 0 else { return nil }
        let list = Array(fields)
        return stride(from: 0, to: list.count, by: 2).map { ListedAddressBook(name: list[$0], url: list[$0 + 1]) }
    }
}

/// What went wrong with a CardDAV server, as the app can act on it; CardDAV's own words in
/// `detail` (what happened, what to do: CardDAV's `CardDAVError` says it).
public struct SyncServerFailure: Hashable, Sendable {
    /// What went wrong, as far as a screen can act on it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Nothing answers at the address (a name not known, refused, not a web server).
        case unreachable
        /// The server took too long, or a limit a person sets was reached.
        case timedOut
        /// The connection broke during the request.
        case connectionDropped
        /// The server's TLS certificate did not check out, or the CA file could not be read.
        case untrusted
        /// HTTP 401: the user name or password was refused.
        case unauthorized
        /// HTTP 403: signed in, but not allowed.
        case forbidden
        /// HTTP 404 or 410: nothing at the address.
        case notFound
        /// HTTP 412: changed on the server since it was read.
        case changedOnServer
        /// HTTP 507: the server has no room left.
        case insufficientStorage
        /// The address is not a CardDAV server's (not a URL, no address books found, a bad
        /// redirect, an answer that is not WebDAV's).
        case notCardDAV
        /// libcurl or libxml2 could not be loaded.
        case libraryMissing
        /// Anything else (an HTTP status the request does not expect, a transfer that failed).
        case failed
    }

    public var kind: Kind
    /// The address asked (never with a password in it).
    public var url: String
    /// The HTTP status the server answered with, when that was the failure.
    public var status: Int?
    /// CardDAV's words: what happened and what to do.
    public var detail: String

    public init(_ kind: Kind, url: String, status: Int? = nil, detail: String) {
        self.kind = kind
        self.url = url
        self.status = status
        self.detail = detail
    }
}

// MARK: - Fields (the line protocol's, and the data's last error)

extension SyncFailure {
    /// The failure as tab-free fields: a word naming the case, then its values.
    public var fields: [String] {
        switch self {
        case .server(let f): ["server", f.kind.rawValue, f.url, f.status.map(String.init) ?? "", f.detail]
        case .storage(let e):
            ["storage", e.kind.rawValue, Self.placeWord(e.place), e.place.description, e.detail, e.code.map(Self.codeWord) ?? ""] + Self.causeFields(e.cause)
        case .wipeRefused(let book, let deleting, let of): ["wipeRefused", book, String(deleting), String(of)]
        case .passwordNotTyped: ["passwordNotTyped"]
        case .passwordCommandFailed(let why): ["passwordCommandFailed"] + why.fields
        case .passwordUnavailable(let text): ["passwordUnavailable", text]
        case .passwordCommandStale(let user, let url, let team): ["passwordCommandStale", user, url, team ? "team" : ""]
        case .noAddressBooks: ["noAddressBooks"]
        case .addressBookNotChosen(let books): ["addressBookNotChosen"] + ListedAddressBook.fields(books)
        case .noSuchAddressBook(let name, let books): ["noSuchAddressBook", name] + ListedAddressBook.fields(books)
        case .alreadySynced(let book, let url, let user, let server): ["alreadySynced", book, url, user, server]
        case .noAccounts(let place): ["noAccounts", place]
        case .noAccount(let why): ["noAccount"] + why.fields
        case .account(let user, let url, let inner): ["account", user, url] + inner.fields
        case .stopped(let code): ["stopped", code.map(String.init) ?? ""]
        case .other(let text): ["other", text]
        }
    }

    /// Reads `fields` back; a lone field that names no case is the words of an older build (`other`).
    public init?(fields: [String]) {
        guard let word = fields.first else { return nil }
        let rest = Array(fields.dropFirst())
        switch (word, rest.count) {
        case ("server", 4):
            guard let kind = SyncServerFailure.Kind(rawValue: rest[0]) else { return nil }
            let status: Int? = rest[2].isEmpty ? nil : Int(rest[2])
            if !rest[2].isEmpty && status == nil { return nil }
            self = .server(SyncServerFailure(kind, url: rest[1], status: status, detail: rest[3]))
        case ("storage", 5...):
            guard let kind = ServiceError.Kind(rawValue: rest[0]), let place = Self.place(rest[1], rest[2]) else { return nil }
            var code: ServiceError.Code?
            if !rest[4].isEmpty {
                guard let read = Self.code(rest[4]) else { return nil }
                code = read
            }
            var cause: (any Error & Sendable)?
            if rest.count > 5 {
                guard let read = Self.cause(Array(rest.dropFirst(5))) else { return nil }
                cause = read
            }
            self = .storage(ServiceError(kind, place: place, detail: rest[3], code: code, cause: cause))
        case ("wipeRefused", 3):
            guard let deleting = Int(rest[1]), let of = Int(rest[2]), deleting >= 0, of >= 0 else { return nil }
            self = .wipeRefused(book: rest[0], deleting: deleting, of: of)
        case ("passwordNotTyped", 0): self = .passwordNotTyped
        case ("passwordCommandFailed", 1...):
            guard let why = PasswordCommandFailure(fields: rest) else { return nil }
            self = .passwordCommandFailed(why)
        case ("passwordUnavailable", 1): self = .passwordUnavailable(rest[0])
        case ("passwordCommandStale", 3): self = .passwordCommandStale(user: rest[0], url: rest[1], team: rest[2] == "team")
        case ("noAddressBooks", 0): self = .noAddressBooks
        case ("addressBookNotChosen", 2...):
            guard let books = ListedAddressBook.books(rest) else { return nil }
            self = .addressBookNotChosen(books: books)
        case ("noSuchAddressBook", 1...):
            guard let books = ListedAddressBook.books(rest.dropFirst()) else { return nil }
            self = .noSuchAddressBook(rest[0], books: books)
        case ("alreadySynced", 4): self = .alreadySynced(book: rest[0], url: rest[1], user: rest[2], server: rest[3])
        case ("noAccounts", 1): self = .noAccounts(place: rest[0])
        case ("noAccount", 2...):
            guard let why = AccountLookupFailure(fields: rest) else { return nil }
            self = .noAccount(why)
        case ("account", 3...):
            // One account's failure is never another account's: no build writes one inside another,
            // and a line of thousands would be read thousands deep.
            guard rest[2] != "account", let inner = SyncFailure(fields: Array(rest.dropFirst(2))) else { return nil }
            self = .account(user: rest[0], url: rest[1], inner)
        case ("stopped", 1):
            if rest[0].isEmpty { self = .stopped(exitCode: nil); return }
            guard let code = Int32(rest[0]) else { return nil }
            self = .stopped(exitCode: code)
        case ("other", 1): self = .other(rest[0])
        case (_, 0): self = .other(word)
        default: return nil
        }
    }

    /// The failure as one line of text (its fields, tab-separated; tabs and line ends inside a
    /// field become spaces): how the data keeps an account's last error.
    public var encoded: String { fields.map(Self.clean).joined(separator: "\t") }

    /// Reads `encoded` back; text an older build kept (a sentence) is `other`.
    public init(encoded text: String) {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        self = SyncFailure(fields: fields) ?? .other(text)
    }

    static func clean(_ field: String) -> String {
        String(field.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }

    /// A store error's cause as fields after its code: a word naming it, then its values. Only a
    /// cause App reads crosses (the `LockWait` it names the lock's holders from); any other (a
    /// Storage type such as `PostgresProblem`, whose code and words are the error's own already)
    /// stays in the process that caught it: no fields.
    private static func causeFields(_ cause: (any Error & Sendable)?) -> [String] {
        guard let wait = cause as? ServiceError.LockWait else { return [] }
        return ["lockWait"] + wait.fields
    }

    private static func cause(_ fields: [String]) -> (any Error & Sendable)? {
        guard fields.first == "lockWait", let wait = ServiceError.LockWait(fields: Array(fields.dropFirst())) else { return nil }
        return wait
    }

    private static func placeWord(_ place: ServiceError.Place) -> String {
        switch place {
        case .unknown: "unknown"
        case .file: "file"
        case .server: "server"
        case .memory: "memory"
        }
    }

    private static func place(_ word: String, _ text: String) -> ServiceError.Place? {
        switch word {
        case "unknown": .unknown
        case "file": .file(text)
        case "server": .server(text)
        case "memory": .memory
        default: nil
        }
    }

    /// The codes the stores name themselves, by the word a line carries. Both switches are
    /// exhaustive, so a code added to `ServiceError.Code` does not compile until it has its word
    /// here (it would cross the line as no code).
    private enum NamedCode: String {
        case notADatabase, clientLibraryMissing, extensionMissing, connectionLost, databaseMissing, folderNotWritable, changedSinceRead, passwordNeeded, tlsFailed, membersByAdmin, lockHeld, memberNameInvalid, roleTaken, notATeamDirectory, schemaNeedsOwner, noSchema, upgradeNeedsWrite

        var code: ServiceError.Code {
            switch self {
            case .notADatabase: .notADatabase
            case .clientLibraryMissing: .clientLibraryMissing
            case .extensionMissing: .extensionMissing
            case .connectionLost: .connectionLost
            case .databaseMissing: .databaseMissing
            case .folderNotWritable: .folderNotWritable
            case .changedSinceRead: .changedSinceRead
            case .passwordNeeded: .passwordNeeded
            case .tlsFailed: .tlsFailed
            case .membersByAdmin: .membersByAdmin
            case .lockHeld: .lockHeld
            case .memberNameInvalid: .memberNameInvalid
            case .roleTaken: .roleTaken
            case .notATeamDirectory: .notATeamDirectory
            case .schemaNeedsOwner: .schemaNeedsOwner
            case .noSchema: .noSchema
            case .upgradeNeedsWrite: .upgradeNeedsWrite
            }
        }
    }

    private static func codeWord(_ code: ServiceError.Code) -> String {
        let named: NamedCode
        switch code {
        case .sqlite(let result): return "sqlite:\(result)"
        case .sqlState(let state): return "sqlState:\(state)"
        case .notADatabase: named = .notADatabase
        case .clientLibraryMissing: named = .clientLibraryMissing
        case .extensionMissing: named = .extensionMissing
        case .connectionLost: named = .connectionLost
        case .databaseMissing: named = .databaseMissing
        case .folderNotWritable: named = .folderNotWritable
        case .changedSinceRead: named = .changedSinceRead
        case .passwordNeeded: named = .passwordNeeded
        case .tlsFailed: named = .tlsFailed
        case .membersByAdmin: named = .membersByAdmin
        case .lockHeld: named = .lockHeld
        case .memberNameInvalid: named = .memberNameInvalid
        case .roleTaken: named = .roleTaken
        case .notATeamDirectory: named = .notATeamDirectory
        case .schemaNeedsOwner: named = .schemaNeedsOwner
        case .noSchema: named = .noSchema
        case .upgradeNeedsWrite: named = .upgradeNeedsWrite
        }
        return named.rawValue
    }

    private static func code(_ word: String) -> ServiceError.Code? {
        if word.hasPrefix("sqlite:") { return Int32(word.dropFirst(7)).map { .sqlite($0) } }
        if word.hasPrefix("sqlState:") { return .sqlState(String(word.dropFirst(9))) }
        return NamedCode(rawValue: word)?.code
    }
}
