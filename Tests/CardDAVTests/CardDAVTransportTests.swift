import Foundation
import TestSupport
import Testing
@testable import CardDAV

/// Requests that get no answer fail with an error that says what to do; HTTP statuses map to
/// the errors a person reads.
struct CardDAVTransportTests {
    static func transport(_ options: CardDAVTransport.Options = .init()) throws -> CardDAVTransport {
        try CardDAVTransport(credentials: .init(user: "alice", password: "pw"), options: options)
    }

    @Test func nothingListeningIsConnectionRefusedAskingWhetherTheServerRuns() throws {
        let url = "http://127.0.0.1:\(LoopbackSocket.closedPort())/"
        let error = try #require(throws: CardDAVError.self) { try Self.transport().send(CardDAVRequest(method: "PROPFIND", url: url)) }
        guard case .connectionRefused(let at, _) = error else { Issue.record("expected connectionRefused, got \(error)"); return }
        #expect(at == url)
        #expect(error.description.contains("Is the server running"))
    }

    @Test func aServerThatNeverAnswersIsGivenUpOnAtTheFirstByteTimeout() throws {
        let (fd, port) = LoopbackSocket.silentListener()
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
        let (fd, port) = LoopbackSocket.bound(listening: 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
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
        let url = "http://127.0.0.1:\(port)/"
        let started = Date()
        let error = try #require(throws: CardDAVError.self) { try Self.transport(.init(limits: limits)).send(CardDAVRequest(method: "GET", url: url)) }
        #expect(error == .limitReached(url: url, limit: .connect(.seconds(1))), "\(error)")
        #expect(error.description.contains("could not be connected to within 1 s (--connect-timeout)"))
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func theRequestsOwnTimeAndThePasssAreEachALimit() throws {
        let (fd, port) = LoopbackSocket.silentListener()
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
        let (fd, port) = LoopbackSocket.silentListener()
        defer { close(fd) }
        let hangUp = Thread { let connection = accept(fd, nil, nil); if connection >= 0 { close(connection) } }
        hangUp.start()
        let error = try #require(throws: CardDAVError.self) { try Self.transport().send(CardDAVRequest(method: "GET", url: "http://127.0.0.1:\(port)/")) }
        guard case .connectionDropped = error else { Issue.record("expected connectionDropped, got \(error)"); return }
        // What was synced before a dropped connection is kept (each batch whole): never "nothing half-done was kept".
        #expect(error.description.contains("What was synced before it is kept"))
        #expect(!error.description.lowercased().contains("nothing half-done"))
    }

    /// A listener that answers the first connection with `answer` and hangs up.
    static func answering(_ answer: String) -> (fd: Int32, port: UInt16, thread: Thread) {
        let (fd, port) = LoopbackSocket.silentListener()
        let thread = Thread {
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { return }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = recv(connection, &request, request.count, 0)
            let bytes = Array(answer.utf8)
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            shutdown(connection, Int32(SHUT_WR))
            _ = recv(connection, &request, request.count, 0)
            close(connection)
        }
        thread.start()
        return (fd, port, thread)
    }

    /// Issue 48: an SSH server (or any other) at the port given says it is not HTTP, not "give an http:// URL".
    @Test func anAnswerThatIsNotHTTPSaysSoAndNotThatTheAddressIsWrong() throws {
        let (fd, port, _) = Self.answering("SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n")
        defer { close(fd) }
        let error = try #require(throws: CardDAVError.self) { try Self.transport().send(CardDAVRequest(method: "PROPFIND", url: "http://127.0.0.1:\(port)/")) }
        guard case .notHTTP = error else { Issue.record("expected notHTTP, got \(error)"); return }
        #expect(error.description.contains("is not a web server") && error.description.contains("Check the port"), "\(error)")
        #expect(!error.description.contains("give an http:// or https:// URL"))
    }

    /// Issue 48: a 500 is the server's own fault: not "Is this a CardDAV address?".
    @Test func aServerErrorSaysItIsTheServersFault() throws {
        let (fd, port, _) = Self.answering("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 5\r\nConnection: close\r\n\r\noops\n")
        defer { close(fd) }
        let error = try #require(throws: CardDAVError.self) {
            try Self.transport().send(CardDAVRequest(method: "PROPFIND", url: "http://127.0.0.1:\(port)/"), expecting: [207])
        }
        guard case .unexpectedStatus(_, 500, "PROPFIND") = error else { Issue.record("expected a 500, got \(error)"); return }
        #expect(error.description.contains("failed on the server's side") && error.description.contains("HTTP 500"), "\(error)")
        #expect(!error.description.contains("Is this a CardDAV address"))
        // Other statuses a CardDAV server should not send still ask.
        #expect(CardDAVError.unexpectedStatus(url: "u", status: 405, method: "REPORT").description.contains("Is this a CardDAV address?"))
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
