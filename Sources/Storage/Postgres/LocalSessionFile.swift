import AppServices
import Foundation

/// Who is signed in to a shared directory, kept on this machine for this user — never in
/// the shared database, where one row would sign everyone in as one person. One small file
/// per server and database under `$XDG_STATE_HOME/switchboard/sessions/` (else
/// `~/.local/state/switchboard/sessions/`), folder 0700, file 0600, holding the account id.
public struct LocalSessionFile: Sendable {
    /// The file's path.
    public let path: String

    /// The session file for a connection string (its password is not part of the name).
    public init(server uri: String, environment: [String: String]) throws(StorageError) {
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
        for scalar in server.replacingOccurrences(of: "***", with: "").unicodeScalars {
            let ok = (scalar.value < 0x80) && (CharacterSet.alphanumerics.contains(scalar) || "-._".unicodeScalars.contains(scalar))
            name.unicodeScalars.append(ok ? scalar : "_")
        }
        return String(name.prefix(200)) + ".session"
    }

    /// The saved account id, if any.
    public func read() -> Int64? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return Int64(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    public func write(accountID: Int64) throws(StorageError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let temporary = path + ".new"
            guard FileManager.default.createFile(atPath: temporary, contents: Data("\(accountID)\n".utf8), attributes: [.posixPermissions: 0o600]) else {
                throw StorageError.folderNotWritable(path: folder, reason: "the session file could not be written")
            }
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        } catch let error as StorageError {
            throw error
        } catch {
            throw .folderNotWritable(path: folder, reason: error.localizedDescription)
        }
    }

    public func clear() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
