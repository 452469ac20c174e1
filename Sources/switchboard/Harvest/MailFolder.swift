#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of mail the harvest reads: a maildir (a directory with `cur/` and `new/`) or an mbox
/// file, and whether it is a sent folder (named so, or given with `--sent`).
struct MailFolder: Equatable {
    enum Kind: Equatable { case maildir, mbox }
    var path: String
    var kind: Kind
    var isSent: Bool

    /// The names sent folders have in the mail programs and languages people use (the last part of
    /// the path, case aside; Maildir++'s ".Sent" and ".INBOX.Sent" as "sent").
    static let sentNames: Set<String> = ["sent", "sent mail", "sent-mail", "sent_mail", "sentmail", "sent items", "sent messages",
                                         "gesendet", "gesendete objekte", "gesendete elemente", "envoyés", "éléments envoyés",
                                         "enviados", "elementos enviados", "inviata", "posta inviata", "verzonden", "verzonden items",
                                         "skickat", "skickade objekt", "sendt", "wysłane", "отправленные"]

    static func isSentName(_ path: String) -> Bool {
        var last = path.split(separator: "/").last.map(String.init) ?? path
        if last.hasPrefix(".") { last = String(last.split(separator: ".").last ?? "") }
        return sentNames.contains(last.lowercased())
    }

    /// Why a path named on the command line cannot be read as mail.
    enum Refusal: Error, CustomStringConvertible {
        case cannotRead(String, String)
        case notMail(String, String)
        var description: String {
            switch self {
            case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
            case .notMail(let path, let why): return "\(path) is \(why); nothing was read from it"
            }
        }
    }

    /// The folders at `path`: a maildir (and its Maildir++ subfolders), an mbox, or a directory
    /// holding them (walked four levels down; files there that are not mboxes are passed over).
    static func folders(at path: String, sent: Set<String>) throws(Refusal) -> [MailFolder] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotRead(path, String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            var found: [MailFolder] = []
            walk(path, depth: 0, sent: sent, into: &found)
            if found.isEmpty { throw .notMail(path, "neither a maildir (no cur/ and new/) nor a directory with maildirs or mbox files in it") }
            return found
        }
        switch mboxCheck(path) {
        case .mbox: return [MailFolder(path: path, kind: .mbox, isSent: sent.contains(path) || isSentName(path))]
        case .empty: return []
        case .not(let why): throw .notMail(path, why)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isMaildir(_ path: String) -> Bool { isDirectory(path + "/cur") && isDirectory(path + "/new") }

    private static func walk(_ path: String, depth: Int, sent: Set<String>, into found: inout [MailFolder]) {
        if isMaildir(path) {
            found.append(MailFolder(path: path, kind: .maildir, isSent: sent.contains(path) || isSentName(path)))
            // Maildir++: subfolders are the maildirs named ".Name" inside it.
            for name in entries(of: path) where name.hasPrefix(".") && name != "." && name != ".." && isMaildir(path + "/" + name) {
                found.append(MailFolder(path: path + "/" + name, kind: .maildir, isSent: sent.contains(path + "/" + name) || isSentName(name)))
            }
            return
        }
        guard depth < 4 else { return }
        for name in entries(of: path).sorted() where !name.hasPrefix(".") {
            let child = path + "/" + name
            if isDirectory(child) {
                walk(child, depth: depth + 1, sent: sent, into: &found)
            } else if case .mbox = mboxCheck(child) {
                found.append(MailFolder(path: child, kind: .mbox, isSent: sent.contains(child) || isSentName(child)))
            }
        }
    }

    static func entries(of path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    enum MboxCheck { case mbox, empty, not(String) }

    /// Whether the file starts as an mbox does: a "From " line.
    static func mboxCheck(_ path: String) -> MboxCheck {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .not("a file that cannot be read (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var start = [UInt8](repeating: 0, count: 512)
        let n = start.withUnsafeMutableBytes { read(fd, $0.baseAddress, 512) }
        guard n > 0 else { return n == 0 ? .empty : .not("a file that cannot be read") }
        start.removeSubrange(n...)
        if start.starts(with: Array("From ".utf8)) { return .mbox }
        if start.contains(0) { return .not("a binary file, not an mbox (an mbox starts with a “From ” line)") }
        return .not("not an mbox: its first line is not a “From ” line")
    }
}
