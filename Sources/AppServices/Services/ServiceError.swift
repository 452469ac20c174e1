/// Why a store could not do what was asked, whatever the store (the SQLite file, a PostgreSQL
/// server, the kiosk's memory): a `kind` a screen can act on, where it happened, and the store's
/// own words. Stores fill it in; the sentence a person reads is made here (App's words, for any
/// screen) and by the command line (which adds its own advice, such as `--db PATH`).
///
/// ```swift
/// do { try contacts.delete(id: id) } catch {
///     if error.kind == .readOnly { showReadOnlyBanner() } else { show(error.description) }
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

    /// Codes of conditions the stores name themselves (beside SQLite's result codes and PostgreSQL's SQLSTATEs).
    public enum Code {
        /// The file exists but is not an SQLite database.
        public static let notADatabase = "not-a-database"
        /// The path names a folder.
        public static let isAFolder = "is-a-folder"
        /// PostgreSQL's client library (libpq) could not be loaded.
        public static let clientLibraryMissing = "client-library-missing"
        /// The server lacks an extension the directory needs (pg_trgm).
        public static let extensionMissing = "extension-missing"
        /// The connection broke during a statement.
        public static let connectionLost = "connection-lost"
        /// The database named does not exist on the server.
        public static let databaseMissing = "database-missing"
        /// The folder for a file cannot be made or written.
        public static let folderNotWritable = "folder-not-writable"
        /// A contact was changed by someone else after it was read (its revision moved on).
        public static let changedSinceRead = "changed-since-read"
        /// The server asks for a password and none was given (a team directory's member signs in with their own).
        public static let passwordNeeded = "password-needed"
        /// The server's TLS certificate could not be verified (or TLS could not be set up).
        public static let tlsFailed = "tls-failed"
        /// A team directory's members are added by its admin (`switchboard directory add-member`), not by the app.
        public static let membersByAdmin = "members-by-admin"
        /// A wait for a lock another session of the server holds ran out (`detail` says whose, and what to do).
        public static let lockHeld = "lock-held"
    }

    /// What went wrong.
    public var kind: Kind
    /// Where: a file's path, or a server's address without its password; "" when not known.
    public var place: String
    /// The store's own words ("database disk image is malformed", the server's message).
    public var detail: String
    /// The store's code: SQLite's result code ("SQLITE_11"), PostgreSQL's SQLSTATE ("23505"), or one of `Code`; nil when none.
    public var code: String?

    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - place: where (a path, a server's address without its password).
    ///   - detail: the store's own words.
    ///   - code: the store's code, if any.
    public init(_ kind: Kind, place: String = "", detail: String = "", code: String? = nil) {
        self.kind = kind
        self.place = place
        self.detail = detail
        self.code = code
    }

    /// Contact `id` was changed after it was read at `revision` (it is at `stored` now): what every
    /// store answers an update from an older read with.
    public static func changedSinceRead(place: String, id: Int64, revision: Int64, stored: Int64) -> ServiceError {
        ServiceError(.conflict, place: place, detail: "contact \(id) was read at revision \(revision), is at \(stored)", code: Code.changedSinceRead)
    }

    /// Whether this is an error of `kind`.
    public func `is`(_ kind: Kind) -> Bool { self.kind == kind }

    /// Whether the data is on a server (its place is a connection's address).
    public var isOnServer: Bool {
        if place.hasPrefix("postgresql://") || place.hasPrefix("postgres://") { return true }
        // libpq's key=value strings (`host=db dbname=team`).
        guard let eq = place.firstIndex(of: "=") else { return false }
        return ["host", "hostaddr", "port", "dbname", "user", "service", "password", "sslmode", "options"].contains(String(place[..<eq]))
    }

    /// What to tell the person: what is wrong and, where there is one, what to do. Screens show it as it is.
    public var description: String {
        let at = place.isEmpty ? "the data" : place
        let server = isOnServer ? "the PostgreSQL server at \(place)" : at
        switch (kind, code) {
        case (.unavailable, Code.clientLibraryMissing?):
            return "PostgreSQL's client library could not be loaded (\(detail)). Install it (Debian and Ubuntu: apt-get install libpq5) to use a postgresql:// location; SQLite files need nothing more."
        case (.unavailable, Code.connectionLost?):
            return "The connection to \(server) was lost (\(detail)). Nothing half-done was kept; try again when the server is back."
        case (.unavailable, Code.extensionMissing?):
            return "The database at \(at) lacks the pg_trgm extension search needs (\(detail)). Ask its owner to run CREATE EXTENSION pg_trgm, or install the postgresql-contrib package on the server."
        case (.unavailable, Code.folderNotWritable?):
            return "Cannot use the folder \(at): \(detail)."
        case (.unavailable, _):
            if isOnServer { return "Cannot reach \(server) (\(detail)). Is it running, and are the host and port right?" }
            return "Cannot open \(at): \(detail)."
        case (.busy, Code.lockHeld?):
            return "\(server) is busy: \(detail)."
        case (.busy, _):
            return "\(at) is locked by another program (is another switchboard running?). Close it and try again."
        case (.readOnly, _):
            return "\(at) is read-only, so nothing could be saved."
        case (.conflict, Code.changedSinceRead?):
            return "Someone else changed it since you opened it: not saved. ^S shows both versions to pick from."
        case (.conflict, _):
            return "Someone else changed this meanwhile (\(detail)); nothing was overwritten."
        case (.notFound, Code.databaseMissing?):
            return "\(server) has no database “\(detail)”. Create it (createdb \(detail)) or name another."
        case (.notFound, _):
            return "\(at): \(detail.isEmpty ? "not found" : detail)."
        case (.refused, "42501"?):
            return "The server does not let you change that (\(detail)): on a team directory only editors change the team address book, and no one another member's contacts."
        case (.refused, Code.tlsFailed?):
            return "\(server) could not be trusted: its certificate did not check out (\(detail)). Name the CA that signed it with sslrootcert=FILE in the connection string, and keep sslmode=verify-full."
        case (.refused, Code.passwordNeeded?):
            return "\(server) asks for a password and none was given. Type it at Log In, or keep it in ~/.pgpass (or PGPASSWORD)."
        case (.refused, Code.membersByAdmin?):
            return "On a team directory the owner adds members (switchboard directory add-member NAME --db …); ask them for an account."
        case (.refused, _):
            return isOnServer ? "\(server) refused the user name or password (\(detail)). Check the user name and password." : "\(at) refused: \(detail)."
        case (.damaged, Code.notADatabase?):
            return "\(at) is not a switchboard database (it is not an SQLite file); it was not changed."
        case (.damaged, _):
            return "\(at) is damaged or changed by another program (\(detail)). Restore it from a backup; it was not changed."
        case (.foreign, _):
            return "\(at) belongs to another program (\(detail)); it was not changed."
        case (.newerVersion, _):
            return "\(at) was written by a newer switchboard (\(detail)). Update switchboard; it was not changed."
        case (.failed, _):
            if isOnServer, let code { return "The PostgreSQL server refused a statement (\(code)): \(detail)" }
            if let code { return "Database error \(code): \(detail)" }
            return detail.isEmpty ? "The store failed." : detail
        }
    }
}

public extension ServiceError {
    /// Data out of reach, in the store's words.
    static func unavailable(_ detail: String, place: String = "", code: String? = nil) -> ServiceError {
        ServiceError(.unavailable, place: place, detail: detail, code: code)
    }

    /// Anything else the store reported, in its words.
    static func failed(_ detail: String, place: String = "", code: String? = nil) -> ServiceError {
        ServiceError(.failed, place: place, detail: detail, code: code)
    }
}
