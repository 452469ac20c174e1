#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read a chunk at a time (stdin for "-"), for the streaming readers.
final class InputFile {
    private let handle: UnsafeMutablePointer<FILE>
    private let ownsHandle: Bool
    static let chunkSize = 1 << 16

    /// Opens `path`; nil with the system's reason when it cannot be read.
    init(path: String) throws(InputFileError) {
        if path == "-", let h = fdopen(0, "rb") {
            handle = h
            ownsHandle = false
            return
        }
        guard let h = fopen(path, "rb") else { throw InputFileError(path: path, reason: String(cString: strerror(errno))) }
        handle = h
        ownsHandle = true
    }

    deinit { if ownsHandle { fclose(handle) } }

    /// The next chunk, or nil at the end.
    func read() throws(InputFileError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, Self.chunkSize, handle) }
        if n == 0 {
            if ferror(handle) != 0 { throw InputFileError(path: "", reason: String(cString: strerror(errno))) }
            return nil
        }
        buffer.removeSubrange(n...)
        return buffer
    }
}

/// A file that could not be read, with the system's reason.
struct InputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { path.isEmpty ? "read error: \(reason)" : "cannot read \(path): \(reason)" }
}
