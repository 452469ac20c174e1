#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// A small file of this user's on this machine (a shared directory's session, its password
/// commands): read whole, and written whole as a new file (0600, its folder 0700) renamed over
/// the old one, so a reader never sees half of it.
enum PrivateFile {
    /// The file's text, nil when it cannot be read.
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` as the file at `path`; `what` names it in the error ("the session file").
    static func write(_ text: String, to path: String, what: String) throws(ServiceError) {
        let folder = FolderPath.of(path)
        try FolderPath.make(folder)
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .folderNotWritable(path: folder, reason: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
        let closed = close(fd)
        guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .folderNotWritable(path: folder, reason: "\(what) could not be written (\(reason))")
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#else
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif
