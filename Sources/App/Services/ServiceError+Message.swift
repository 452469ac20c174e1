import AppServices

public extension ServiceError {
    /// What to tell the person: what is wrong and, where there is one, what to do (App's words;
    /// the command line adds its own advice). Screens show it as it is.
    var message: String {
        let at = place == .unknown ? "the data" : place.description
        let server = isOnServer ? "the PostgreSQL server at \(place)" : at
        switch (kind, code) {
        case (.unavailable, .clientLibraryMissing?):
            return "PostgreSQL's client library could not be loaded (\(detail)). Install it (Debian and Ubuntu: apt-get install libpq5) to use a postgresql:// location; SQLite files need nothing more."
        case (.unavailable, .connectionLost?):
            return "The connection to \(server) was lost (\(detail)). Nothing half-done was kept; try again when the server is back."
        case (.unavailable, .extensionMissing?):
            return "The database at \(at) lacks the pg_trgm extension search needs (\(detail)). Ask its owner to run CREATE EXTENSION pg_trgm, or install the postgresql-contrib package on the server."
        case (.unavailable, .noSchema?):
            return "The connection to \(server) names no schema that exists in its search_path, so there is nowhere to keep the data. Create the schema (CREATE SCHEMA), or name another in the connection string (options=-c search_path=…)."
        case (.unavailable, .folderNotWritable?):
            return "Cannot use the folder \(at): \(detail)."
        case (.unavailable, _):
            if isOnServer { return "Cannot reach \(server) (\(detail)). Is it running, and are the host and port right?" }
            return "Cannot open \(at): \(detail)."
        case (.busy, .lockHeld?):
            return lockHeldMessage(server)
        case (.busy, _):
            return "\(at) is locked by another program (is another switchboard running?). Close it and try again."
        case (.readOnly, .upgradeNeedsWrite?):
            return "\(at) was made by an older switchboard (\(detail)). This one must bring it up to date once before it can read it, which writes it: make it writable for one start, or open it with the switchboard that made it. It was not changed."
        case (.readOnly, _):
            return "\(at) is read-only, so nothing could be saved."
        case (.conflict, .changedSinceRead?):
            return "Someone else changed it since you opened it: not saved. ^S shows both versions to pick from."
        case (.conflict, .roleTaken?):
            return "\(server) already has a role named “\(detail)”: pick another name for the member."
        case (.conflict, _):
            return "Someone else changed this meanwhile (\(detail)); nothing was overwritten."
        case (.notFound, .databaseMissing?):
            return "\(server) has no database “\(detail)”. Create it (createdb \(detail)) or name another."
        case (.notFound, _):
            return "\(at): \(detail.isEmpty ? "not found" : detail)."
        case (.refused, .sqlState("42501")?):
            return "The server does not let you change that (\(detail)): on a team directory only editors change the team address book, and no one another member's contacts."
        case (.refused, .tlsFailed?):
            return "\(server) could not be trusted: its certificate did not check out (\(detail)). Name the CA that signed it with sslrootcert=FILE in the connection string, and keep sslmode=verify-full."
        case (.refused, .passwordNeeded?):
            return "\(server) asks for a password and none was given. Type it at Log In, or keep it in ~/.pgpass (or PGPASSWORD)."
        case (.refused, .membersByAdmin?):
            return "On a team directory the owner adds members (switchboard directory add-member NAME --db …); ask them for an account."
        case (.refused, .memberNameInvalid?):
            return "“\(detail)” cannot be a member's name: use letters, digits, '.', '-' or '_' (up to 63)."
        case (.refused, .notATeamDirectory?):
            return "\(server) is not set up for a team, so its server's roles are not its members. Use it with the server's own password (in ~/.pgpass or PGPASSWORD), or ask its owner to set it up for a team."
        case (.refused, .schemaNeedsOwner?):
            return "The directory at \(server) was made by an older switchboard, and only its owner may bring it up to date: ask them to run switchboard directory init once (\(detail))."
        case (.refused, _):
            return isOnServer ? "\(server) refused the user name or password (\(detail)). Check the user name and password." : "\(at) refused: \(detail)."
        case (.damaged, .notADatabase?):
            return "\(at) is not a switchboard database (it is not an SQLite file); it was not changed."
        case (.damaged, _):
            return "\(at) is damaged or changed by another program (\(detail)). Restore it from a backup; it was not changed."
        case (.foreign, _) where isOnServer:
            return "The schema at \(at) holds what switchboard did not make (\(detail)); it was not changed. Use an empty database, or a schema of its own."
        case (.foreign, _):
            return "\(at) belongs to another program (\(detail)); it was not changed."
        case (.newerVersion, _):
            return "\(at) was written by a newer switchboard (\(detail)). Update switchboard; it was not changed."
        case (.failed, _):
            switch code {
            case .sqlState(let state)? where isOnServer: return "The PostgreSQL server refused a statement (\(state)): \(detail)"
            case .sqlState(let state)?: return "Database error \(state): \(detail)"
            case .sqlite(let result)?: return "Database error SQLITE_\(result): \(detail)"
            case let other?: return "Database error \(other): \(detail)"
            case nil: break
            }
            return detail.isEmpty ? "The store failed." : detail
        }
    }

    /// A server's lock wait that ran out: whose lock (`LockWait`, the cause; a sync child's line
    /// carries it too) and what to do; from the words alone where no cause came along (a line
    /// or a kept last error of an older build).
    private func lockHeldMessage(_ server: String) -> String {
        let finish = "Ask them to finish (a LOCK TABLE or a transaction left open in psql ends with COMMIT or ROLLBACK), then try again"
        guard let wait = cause as? LockWait else {
            return "\(server) is busy (\(detail)), and nothing was changed. Ask whoever holds the lock to finish, then try again."
        }
        let named = wait.holders.prefix(3).map { $0.role.isEmpty ? "session \($0.pid)" : "\($0.role) (session \($0.pid))" }
        let who = named.isEmpty ? "another session" : named.joined(separator: ", ")
        let end = wait.holders.first.map { "; the directory's owner can end it: SELECT pg_terminate_backend(\($0.pid))" } ?? ""
        return "\(server) is busy: it waited \(wait.waited) for a lock held by \(who), and gave up; nothing was changed. \(finish)\(end)."
    }
}
