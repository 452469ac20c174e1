#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// Who is signed in to a shared directory, kept on this machine for this user — never in
/// the shared database, where one row would sign everyone in as one person. One small file
/// per server and database under `$XDG_STATE_HOME/switchboard/sessions/` (else
/// `~/.local/state/switchboard/sessions/`), folder 0700, file 0600, holding the account id.
public struct LocalSessionFile: Sendable {
    /// The file's path.
    public let path: String

    /// The session file for a connection string (its password is not part of the name).
    public init(server uri: String, environment: [String: String]) throws(ServiceError) {
        guard let folder = Self.folder(environment: environment) else {
            throw .folderNotWritable(path: "~/.local/state/switchboard", reason: "neither XDG_STATE_HOME nor HOME is set")
        }
        path = folder + "/sessions/" + Self.fileName(for: PostgresConnection.redacted(uri))
    }

    static func folder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/switchboard" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/switchboard" }
        return nil
    }

    /// The connection string with everything but letters, digits, `.`, `-` and `_` as `_`.
    static func fileName(for server: String) -> String {
        var name = ""
        for scalar in SearchText.replacing("***", with: "", in: server).unicodeScalars {
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._".unicodeScalars.contains(scalar))
            name.unicodeScalars.append(ok ? scalar : "_")
        }
        return String(name.prefix(200)) + ".session"
    }

    /// The saved account id, if any.
    public func read() -> Int64? {
        guard let text = PrivateFile.read(path) else { return nil }
        return Int64(SearchText.trimmed(text).filter { !$0.isNewline })
    }

    /// Saves `accountID` as signed in: a new file written whole, then renamed over the old one.
    public func write(accountID: Int64) throws(ServiceError) {
        try PrivateFile.write("\(accountID)\n", to: path, what: "the session file")
    }

    /// Forgets the session (log out).
    public func clear() {
        unlink(path)
    }
}
