#if canImport(Glibc)
import Glibc

/// A descriptor that becomes readable when a data file may have been written by someone else:
/// inotify on its folder, for the file and its `-wal` and `-journal` companions (another
/// connection's commit writes one of them). The run loop waits on it instead of looking on a
/// timer; whoever reads it then asks SQLite's `data_version` whether the change was another's.
final class FileChangeSignal {
    /// The inotify descriptor (non-blocking).
    let descriptor: Int32
    private let names: Set<String>

    /// Watches the folder of `path`; nil when inotify cannot (no such folder, no more watches).
    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE)
        guard inotify_add_watch(fd, folder, mask) >= 0 else { close(fd); return nil }
        descriptor = fd
        names = [file, file + "-wal", file + "-journal"]
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
                if nameLength > 0 {
                    let start = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: UInt8.self)
                    let bytes = UnsafeBufferPointer(start: start, count: nameLength)
                    let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    if names.contains(name) { touched = true }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }
}
#endif
