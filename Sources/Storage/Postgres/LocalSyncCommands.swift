#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// The password commands of a shared directory's CardDAV accounts, kept on this machine for this
/// user — never in the shared database, where anyone who may change a sync account (a team's
/// editors, for the team book's) would choose the command every other member's `sync` runs.
/// One file per directory and signed-in role under `$XDG_CONFIG_HOME/switchboard/sync/` (else
/// `~/.config/switchboard/sync/`), folder 0700, file 0600; a line per sync account:
/// `ID<TAB>URL<TAB>USER<TAB>COMMAND`. A command is run only for the address and user it was set
/// for: when the directory's account names another server or user since, it is not run (a changed
/// address is someone else's doing until this machine's user says otherwise).
public struct LocalSyncCommands: Sendable {
    /// The file's path.
    public let path: String

    /// What this machine keeps for one sync account.
    public struct Entry: Equatable, Sendable {
        public var syncAccountID: Int64
        public var url: String
        public var username: String
        public var command: String
    }

    /// The file for the directory `connection` is connected to (server, port, database and
    /// options as libpq reads them, so the app's child sees the same) and the role it signed in as.
    public init(connection: PostgresConnection, environment: [String: String]) throws(ServiceError) {
        guard let folder = Self.folder(environment: environment) else {
            throw .folderNotWritable(path: "~/.config/switchboard", reason: "neither XDG_CONFIG_HOME nor HOME is set")
        }
        let values = PostgresConnection.parsed(connection.uri) ?? [:]
        let parts = [connection.role, values["host"] ?? values["hostaddr"] ?? "", values["port"] ?? "", values["dbname"] ?? "", values["options"] ?? ""]
        path = folder + "/sync/" + LocalSessionFile.fileName(for: parts.joined(separator: "@")).replacingSuffix(".session", with: ".commands")
    }

    static func folder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/switchboard" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/switchboard" }
        return nil
    }

    /// Every entry in the file (none when there is no file).
    public func entries() -> [Entry] {
        guard let text = PrivateFile.read(path) else { return [] }
        return text.split(separator: "\n").compactMap { line -> Entry? in
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map { Self.unescaped(String($0)) }
            guard fields.count == 4, let id = Int64(fields[0]) else { return nil }
            return Entry(syncAccountID: id, url: fields[1], username: fields[2], command: fields[3])
        }
    }

    /// The command for `account` when it was set for its address and user as they are now.
    public func command(for account: SyncAccountRow) -> String? {
        guard let entry = entries().first(where: { $0.syncAccountID == account.id }),
              entry.url == account.url, entry.username == account.username else { return nil }
        return entry.command
    }

    /// The entry kept for `account` whose address or user is no longer the account's (nil: none, or it matches).
    public func stale(for account: SyncAccountRow) -> Entry? {
        guard let entry = entries().first(where: { $0.syncAccountID == account.id }),
              entry.url != account.url || entry.username != account.username else { return nil }
        return entry
    }

    /// Keeps `command` for the sync account (nil: forgets it): the file written whole, then renamed over the old one.
    public func set(_ command: String?, syncAccountID: Int64, url: String, username: String) throws(ServiceError) {
        if let command, command.contains(where: { $0 == "\n" || $0 == "\r" }) {
            throw ServiceError(.refused, place: .file(path), detail: "a password command is one line")
        }
        var kept = entries().filter { $0.syncAccountID != syncAccountID }
        if let command { kept.append(Entry(syncAccountID: syncAccountID, url: url, username: username, command: command)) }
        let text = kept.map { e in
            [String(e.syncAccountID), e.url, e.username, e.command].map(Self.escaped).joined(separator: "\t") + "\n"
        }.joined()
        try PrivateFile.write(text, to: path, what: "the password commands")
    }

    static func escaped(_ field: String) -> String {
        var out = ""
        for c in field {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    static func unescaped(_ field: String) -> String {
        var out = "", escaping = false
        for c in field {
            if escaping {
                out.append(c == "t" ? "\t" : c == "n" ? "\n" : c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}

private extension String {
    func replacingSuffix(_ suffix: String, with other: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + other : self + other
    }
}
