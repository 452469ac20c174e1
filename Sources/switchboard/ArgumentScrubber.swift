#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Storage

/// Takes passwords out of the process's own argument list once they are read, so `ps` and
/// `/proc/PID/cmdline` show `postgresql://ada:***@…` for the rest of the session (as mysql and
/// others do): each argument holding a connection URI with a password is overwritten in place
/// with its redacted form, padded with NULs where it got shorter.
enum ArgumentScrubber {
    /// Scrubs `argv[1..<argc]` in place; returns how many arguments it changed.
    @discardableResult
    static func scrub(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int {
        var changed = 0
        for i in 1..<Int(max(argc, 1)) {
            guard let argument = argv[i] else { continue }
            let length = strlen(argument)
            let original = String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: length), as: UTF8.self)
            let redacted = PostgresConnection.redacted(original)
            guard redacted != original else { continue }
            let bytes = Array(redacted.utf8.prefix(length))
            for (j, byte) in bytes.enumerated() { argument[j] = CChar(bitPattern: byte) }
            for j in bytes.count..<length { argument[j] = 0 }
            changed += 1
        }
        return changed
    }
}
