import Foundation

/// Sockets on 127.0.0.1 for the tests that play a server: a port nothing listens on, and a
/// listener the test accepts on (or never does). The one place the tests bind a socket.
public enum LoopbackSocket {
    /// A TCP socket bound to a free port on 127.0.0.1, listening with `backlog` when given
    /// (`SO_REUSEADDR` set); the descriptor (the caller closes it) and the port.
    public static func bound(listening backlog: Int32? = nil) -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        if let backlog { _ = listen(fd, backlog) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, then closed).
    public static func closedPort() -> UInt16 {
        let (fd, port) = bound()
        close(fd)
        return port
    }

    /// A socket on 127.0.0.1 that takes connections (the kernel's backlog) and never answers.
    public static func silentListener() -> (fd: Int32, port: UInt16) { bound(listening: 4) }
}
