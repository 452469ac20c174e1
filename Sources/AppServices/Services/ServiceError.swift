/// Why a store could not do what was asked, whatever the store (the SQLite file, a PostgreSQL
/// server, the kiosk's memory): a `kind` a screen can act on, where it happened (a value: a file,
/// a server, memory), the store's own words, its code, and the error it was made from. Stores
/// fill it in; the sentence a person reads is made by App (`ServiceError.message`, for any
/// screen) and by the command line (which adds its own advice, such as `--db PATH`).
///
/// ```swift
/// do { try contacts.delete(id: id) } catch {
///     if error.kind == .readOnly { showReadOnlyBanner() } else { show(error.message) }
/// }
/// ```
public struct ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, as far as a screen can act on it.
    public enum Kind: String, Equatable, Sendable {
        /// The data cannot be reached: a server down or gone, a file or folder out of reach, a
        /// library missing. Trying again later may work.
        case unavailable
        /// Someone else holds the data for now (a lock); trying again later may work.
        case busy
        /// The data can be read but not changed, so nothing was saved.
        case readOnly
        /// Someone else changed the same data meanwhile, or a unique value is taken.
        case conflict
        /// What was named is not there (a database, a record).
        case notFound
        /// The store refused: wrong credentials, no permission.
        case refused
        /// The data is damaged, or is not what it should be (not a database, changed by another program).
        case damaged
        /// The data belongs to another program.
        case foreign
        /// The data was written by a newer build of switchboard.
        case newerVersion
        /// Anything else the store reported.
        case failed
    }

    /// The store's code for what went wrong: SQLite's result code, PostgreSQL's SQLSTATE, or a
    /// condition the stores name themselves.
    public enum Code: Hashable, Sendable {
        /// SQLite's (extended) result code (`SQLITE_CORRUPT` is 11).
        case sqlite(Int32)
        /// PostgreSQL's five-character SQLSTATE ("23505": a unique value taken).
        case sqlState(String)
        /// The file exists but is not an SQLite database.
        case notADatabase
        /// PostgreSQL's client library (libpq) could not be loaded.
        case clientLibraryMissing
        /// The server lacks an extension the directory needs (pg_trgm).
        case extensionMissing
        /// The connection broke during a statement.
        case connectionLost
        /// The database named does not exist on the server.
        case databaseMissing
        /// The folder for a file cannot be made or written.
        case folderNotWritable
        /// A contact was changed by someone else after it was read (its revision moved on).
        case changedSinceRead
        /// The server asks for a password and none was given (a team directory's member signs in with their own).
        case passwordNeeded
        /// The server's TLS certificate could not be verified (or TLS could not be set up).
        case tlsFailed
        /// A team directory's members are added by its admin (`switchboard directory add-member`), not by the app.
        case membersByAdmin
        /// A wait for a lock another session of the server holds ran out (`cause`: the
        /// `LockWait`, whose lock it was; `detail` says the same for a log).
        case lockHeld
        /// A name that cannot be a team member's (a server role's): `detail` is the name.
        case memberNameInvalid
        /// The server has a role of that name already (a member's name is their role's): `detail` is the name.
        case roleTaken
        /// The directory is not set up for a team (its owner has not run `directory init`), so the
        /// server's roles are not its members.
        case notATeamDirectory
        /// The directory's schema is older than this build, and only its owner may bring it up to
        /// date (a member's connection cannot change the schema).
        case schemaNeedsOwner
        /// The connection's search_path names no schema that exists (nowhere to make the tables).
        case noSchema
        /// The data file was made by an older switchboard and must be brought up to date before
        /// this build can read it, which writes it, but it cannot be written (`detail`: the
        /// versions and why).
        case upgradeNeedsWrite
    }

    /// Where it happened: what the data is, so a screen knows whether a server is involved
    /// without reading the words.
    public enum Place: Hashable, Sendable, CustomStringConvertible {
        /// Not known (a library, say, before any data was opened).
        case unknown
        /// A file, by its path: the SQLite data file, or a file beside the data.
        case file(String)
        /// A PostgreSQL server, by its connection string without its password.
        case server(String)
        /// The kiosk's memory (nothing is stored): in words, “the demo”.
        case memory

        /// The path or the address as given ("" when not known, "the demo" for memory).
        public var description: String {
            switch self {
            case .unknown: ""
            case .file(let path): path
            case .server(let address): address
            case .memory: "the demo"
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// Where: a file, a server (its address without its password), memory.
    public var place: Place
    /// The store's own words ("database disk image is malformed", the server's message).
    public var detail: String
    /// The store's code, nil when none.
    public var code: Code?
    /// What the store caught, when this was made from another error (the connection's
    /// `PostgresProblem`, an error a store's call threw): kept for whoever looks closer.
    public var cause: (any Error & Sendable)?

    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - place: where (a file, a server).
    ///   - detail: the store's own words.
    ///   - code: the store's code, if any.
    ///   - cause: the error this was made from, if any.
    public init(_ kind: Kind, place: Place = .unknown, detail: String = "", code: Code? = nil, cause: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.place = place
        self.detail = detail
        self.code = code
        self.cause = cause
    }

    /// Equal when kind, place, words and code are; causes are compared by what they print.
    public static func == (a: ServiceError, b: ServiceError) -> Bool {
        a.kind == b.kind && a.place == b.place && a.detail == b.detail && a.code == b.code
            && a.cause.map { String(reflecting: $0) } == b.cause.map { String(reflecting: $0) }
    }

    /// Contact `id` was changed after it was read at `revision` (it is at `stored` now): what every
    /// store answers an update from an older read with.
    public static func changedSinceRead(place: Place, id: Int64, revision: Int64, stored: Int64) -> ServiceError {
        ServiceError(.conflict, place: place, detail: "contact \(id) was read at revision \(revision), is at \(stored)", code: .changedSinceRead)
    }

    /// Whether this is an error of `kind`.
    public func `is`(_ kind: Kind) -> Bool { self.kind == kind }

    /// Whether the data is on a server.
    public var isOnServer: Bool {
        if case .server = place { return true }
        return false
    }

    /// The error as a line for a log or a test: its kind, place, words and code. What a person
    /// reads is made by App (`message`) and the command line, not here.
    public var description: String {
        let at = place == .unknown ? "" : " at \(place)"
        let words = detail.isEmpty ? "" : ": \(detail)"
        let coded = code.map { " (\($0))" } ?? ""
        return "\(kind)\(at)\(words)\(coded)"
    }
}

public extension ServiceError {
    /// Data out of reach, in the store's words.
    static func unavailable(_ detail: String, place: Place = .unknown, code: Code? = nil) -> ServiceError {
        ServiceError(.unavailable, place: place, detail: detail, code: code)
    }

    /// Anything else the store reported, in its words.
    static func failed(_ detail: String, place: Place = .unknown, code: Code? = nil) -> ServiceError {
        ServiceError(.failed, place: place, detail: detail, code: code)
    }
}
