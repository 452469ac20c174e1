#if canImport(Glibc)
import Glibc

/// A descriptor that becomes readable when a data file may have been written by someone else:
/// inotify on the file and its `-wal` companion (another connection's commit writes one of them). The run loop waits on it instead of looking on a
/// timer; whoever reads it then asks SQLite's `data_version` whether the change was another's.
final class FileChangeSignal {
    /// The inotify descriptor (non-blocking).
    let descriptor: Int32
    private let names: Set<String>
    private let walPath: String

    /// Watches the file and its `-wal` companion themselves (a folder watch would wake the app for
    /// every file written beside it, in /tmp say); the folder only when the `-wal` is not there yet,
    /// and then only for files made in it. Nil when inotify cannot.
    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let written = UInt32(IN_MODIFY | IN_CLOSE_WRITE)
        guard inotify_add_watch(fd, path, written) >= 0 else { close(fd); return nil }
        if inotify_add_watch(fd, path + "-wal", written) < 0 {
            _ = inotify_add_watch(fd, folder, UInt32(IN_CREATE | IN_MOVED_TO))
        }
        descriptor = fd
        names = [file, file + "-wal", file + "-journal"]
        walPath = path + "-wal"
    }

    deinit { close(descriptor) }

    /// Reads every event waiting; true when one was about the data file or its companions.
    func takeEvents() -> Bool {
        var touched = false
        let capacity = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            if count <= 0 { return touched }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if nameLength == 0 { touched = true } // a watched file itself
                if nameLength > 0 {
                    let start = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: UInt8.self)
                    let bytes = UnsafeBufferPointer(start: start, count: nameLength)
                    let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    if names.contains(name) { touched = true }
                    // The -wal made after the watch began: watched itself from now on.
                    if walPath.hasSuffix("/" + name) || walPath == name {
                        _ = inotify_add_watch(descriptor, walPath, UInt32(IN_MODIFY | IN_CLOSE_WRITE))
                    }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }
}
#endif
