#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app's background sync ends with the app (`sync --lifeline-fd N`): the app starts the
/// child with the read end of a pipe as descriptor N and keeps the write end, never writing to
/// it. When the app ends — quit, killed, crashed — the kernel closes the write end, the read here
/// sees the end of the pipe, and the child leaves at once (`_exit`), in the middle of whatever it
/// was waiting for: a transaction not yet committed is rolled back by SQLite (or PostgreSQL), and
/// nothing is written after. A stopped server that comes back later finds no one to answer.
enum SyncLifeline {
    /// The exit status when the app has gone (nobody reads it).
    static let exitStatus: Int32 = 3

    /// Watches `descriptor` on a thread of its own for as long as the process runs.
    static func watch(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) // not handed on to a password command
        // The descriptor travels as the thread's argument (plus one: never a null pointer).
        let context = UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let descriptor = Int32(Int(bitPattern: context) - 1)
            var byte: UInt8 = 0
            while true {
                let n = read(descriptor, &byte, 1)
                if n > 0 || (n < 0 && errno == EINTR) { continue }
                if n < 0 && errno == EBADF {
                    let text = Array("switchboard: sync: --lifeline-fd \(descriptor) is not an open descriptor (the option is the app's, for its sync child); stopped\n".utf8)
                    _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                    _exit(2)
                }
                // The end of the pipe (or no pipe at all): the app is not there any more.
                _exit(SyncLifeline.exitStatus)
            }
        }, context)
        if started == 0 { pthread_detach(thread) }
    }
}
