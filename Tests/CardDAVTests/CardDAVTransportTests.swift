import Foundation
import Testing
@testable import CardDAV

/// Requests that get no answer fail with an error that says what to do; HTTP statuses map to
/// the errors a person reads.
struct CardDAVTransportTests {
    /// A port on 127.0.0.1 that nothing listens on (bound, then closed).
    static func closedPort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }

    /// A socket on 127.0.0.1 that takes connections (the kernel's backlog) and never answers.
    static func silentListener() -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = listen(fd, 4)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    static func transport(_ options: CardDAVTransport.Options = .init()) throws -> CardDAVTransport {
        try CardDAVTransport(credentials: .init(user: "alice", password: "pw"), options: options)
    }

    @Test func nothingListeningIsConnectionRefusedAskingWhetherTheServerRuns() throws {
        let url = "http://127.0.0.1:\(Self.closedPort())/"
        let error = try #require(throws: CardDAVError.self) { try Self.transport().send(CardDAVRequest(method: "PROPFIND", url: url)) }
        guard case .connectionRefused(let at, _) = error else { Issue.record("expected connectionRefused, got \(error)"); return }
        #expect(at == url)
        #expect(error.description.contains("Is the server running"))
    }

    @Test func aServerThatNeverAnswersIsGivenUpOnAtTheFirstByteTimeout() throws {
        let (fd, port) = Self.silentListener()
        defer { close(fd) }
        var limits = CardDAVLimits()
        limits.firstByteTimeout = .seconds(1)
        let transport = try Self.transport(.init(limits: limits))
        let started = Date()
        let url = "http://127.0.0.1:\(port)/"
        let error = try #require(throws: CardDAVError.self) { try transport.send(CardDAVRequest(method: "GET", url: url)) }
        #expect(error == .limitReached(url: url, limit: .firstByte(.seconds(1))))
        #expect(Date().timeIntervalSince(started) < 4)
        #expect(error.description.contains("sent nothing back for 1 s (--first-byte-timeout)"), "\(error)")
    }

    @Test func aServerWhoseQueueIsFullIsGivenUpOnAtTheConnectTimeout() throws {
        // A listener that never accepts, its queue filled: the kernel drops the next SYN, so connecting hangs.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = listen(fd, 0)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        var fillers: [Int32] = []
        defer { for filler in fillers { close(filler) } }
        for _ in 0..<4 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(filler, F_SETFL, O_NONBLOCK)
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) } }
            fillers.append(filler)
        }
        var limits = CardDAVLimits()
        limits.connectTimeout = .seconds(1)
        let url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/"
        let started = Date()
        let error = try #require(throws: CardDAVError.self) { try Self.transport(.init(limits: limits)).send(CardDAVRequest(method: "GET", url: url)) }
        #expect(error == .limitReached(url: url, limit: .connect(.seconds(1))), "\(error)")
        #expect(error.description.contains("could not be connected to within 1 s (--connect-timeout)"))
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func theRequestsOwnTimeAndThePasssAreEachALimit() throws {
        let (fd, port) = Self.silentListener()
        defer { close(fd) }
        let url = "http://127.0.0.1:\(port)/"
        var limits = CardDAVLimits()
        limits.requestTimeout = .milliseconds(700)
        let request = try #require(throws: CardDAVError.self) { try Self.transport(.init(limits: limits)).send(CardDAVRequest(method: "GET", url: url)) }
        #expect(request == .limitReached(url: url, limit: .request(.milliseconds(700))), "\(request)")
        limits.passTimeout = .seconds(30)
        let pass = try Self.transport(.init(limits: limits, passDeadline: .now + .milliseconds(300)))
        let cut = try #require(throws: CardDAVError.self) { try pass.send(CardDAVRequest(method: "GET", url: url)) }
        #expect(cut == .limitReached(url: url, limit: .pass(.seconds(30))), "the pass's end comes first: \(cut)")
        #expect(cut.description.contains("--sync-timeout") && cut.description.contains("the next sync goes on from there"))
        // Once the pass is over, no request starts.
        let over = try Self.transport(.init(limits: limits, passDeadline: .now - .seconds(1)))
        #expect(throws: CardDAVError.limitReached(url: url, limit: .pass(.seconds(30)))) { try over.send(CardDAVRequest(method: "GET", url: url)) }
    }

    @Test func sizesAndDurationsReadAsAPersonWritesThem() {
        #expect(CardDAVLimits.sizeText(1) == "1 byte" && CardDAVLimits.sizeText(512) == "512 bytes")
        #expect(CardDAVLimits.sizeText(256 << 10) == "256 KB" && CardDAVLimits.sizeText(3 << 19) == "1.5 MB" && CardDAVLimits.sizeText(1 << 30) == "1 GB")
        #expect(CardDAVLimits.durationText(.seconds(2)) == "2 s" && CardDAVLimits.durationText(.milliseconds(1500)) == "1.5 s")
        #expect(CardDAVLimits.durationText(.milliseconds(250)) == "250 ms")
    }

    @Test func aServerThatHangsUpIsADroppedConnection() throws {
        let (fd, port) = Self.silentListener()
        defer { close(fd) }
        let hangUp = Thread { let connection = accept(fd, nil, nil); if connection >= 0 { close(connection) } }
        hangUp.start()
        let error = try #require(throws: CardDAVError.self) { try Self.transport().send(CardDAVRequest(method: "GET", url: "http://127.0.0.1:\(port)/")) }
        guard case .connectionDropped = error else { Issue.record("expected connectionDropped, got \(error)"); return }
        #expect(error.description.contains("Nothing half-done was kept"))
    }

    @Test func addressesThatAreNotHTTPAreRefusedBeforeAnythingIsSent() throws {
        for url in ["ftp://127.0.0.1/", "file:///etc/passwd", "not a url"] {
            let error = try #require(throws: CardDAVError.self) { try Self.transport().send(CardDAVRequest(method: "GET", url: url)) }
            guard case .invalidURL = error else { Issue.record("\(url): expected invalidURL, got \(error)"); continue }
        }
        let client = CardDAVClient(transport: try Self.transport())
        #expect(throws: CardDAVError.invalidURL("dav.example.com")) { try client.discover(from: "dav.example.com") }
    }

    @Test func statusesMapToErrorsThatSayWhatToDo() {
        let url = "https://dav.example.com/alice/book/x.vcf"
        #expect(CardDAVError.forStatus(204, method: "PUT", url: url) == nil)
        #expect(CardDAVError.forStatus(401, method: "PUT", url: url) == .unauthorized(url: url))
        #expect(CardDAVError.forStatus(403, method: "PUT", url: url) == .forbidden(url: url))
        #expect(CardDAVError.forStatus(404, method: "PUT", url: url) == .notFound(url: url))
        #expect(CardDAVError.forStatus(412, method: "PUT", url: url) == .changedOnServer(url: url))
        #expect(CardDAVError.forStatus(507, method: "PUT", url: url) == .insufficientStorage(url: url))
        #expect(CardDAVError.forStatus(500, method: "PUT", url: url) == .unexpectedStatus(url: url, status: 500, method: "PUT"))
        #expect(CardDAVError.insufficientStorage(url: url).description.contains("quota"))
        #expect(CardDAVError.forbidden(url: url).description.contains("HTTP 403"))
    }

    @Test func hrefsAreResolvedAgainstTheServersURLByLibcurl() throws {
        let client = CardDAVClient(transport: try Self.transport())
        #expect(client.resolve("/alice/", against: "http://127.0.0.1:5232/.well-known/carddav") == "http://127.0.0.1:5232/alice/")
        #expect(client.resolve("book/", against: "https://h/alice/") == "https://h/alice/book/")
        #expect(client.resolve("https://other/x", against: "https://h/alice/") == "https://other/x")
    }
}
