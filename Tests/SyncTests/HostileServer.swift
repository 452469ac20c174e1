import TestSupport
import Foundation

/// A small HTTP server of the tests' own on 127.0.0.1 that answers badly, as a broken or hostile
/// CardDAV server would: a 207 whose chunked body never ends, a body trickled at 2 bytes a second,
/// a connection taken and never answered, a card of megabytes, bytes that are not XML, a 500, an
/// HTML page. Each connection is served on a thread of its own; the whole of it is bounded: at most
/// `maximumConnections` are taken, and everything stops at `stop()` or once `lifetime` has passed.
final class HostileServer: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// 207, chunked, sync-collection members without end, as fast as they can go.
        case endless
        /// 207, chunked, the start of a multistatus at 2 bytes a second.
        case trickle
        /// The connection is taken and the request read; nothing is ever sent.
        case silent
        /// A working server with two cards: a small one, and one of `cardBytes`.
        case hugeCard(cardBytes: Int)
        /// 207 with bytes that are not XML.
        case garbage
        /// 500 Internal Server Error, with a short page.
        case serverError
        /// 200 with an HTML page, whatever was asked.
        case html
    }

    let behaviour: Behaviour
    let port: UInt16
    var url: String { "http://127.0.0.1:\(port)/" }
    var bookURL: String { url + "alice/book/" }
    private let listener: Int32
    private let deadline: ContinuousClock.Instant
    private let maximumConnections: Int
    private let lock = NSLock()
    private var isStopped = false
    private var connections: [Int32] = []
    private var requestLines: [String] = []

    /// Starts listening on a free port of 127.0.0.1.
    init(_ behaviour: Behaviour, lifetime: Duration = .seconds(60), maximumConnections: Int = 20) {
        self.behaviour = behaviour
        self.maximumConnections = maximumConnections
        deadline = .now + lifetime
        (listener, port) = LoopbackSocket.bound(listening: 16)
        let acceptor = Thread { [self] in acceptLoop() }
        acceptor.start()
    }

    deinit { stop() }

    /// Stops taking connections and ends every one there is.
    func stop() {
        lock.lock()
        let open = connections
        let wasStopped = isStopped
        isStopped = true
        connections = []
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// The request lines served so far ("PROPFIND /alice/book/ HTTP/1.1").
    var requests: [String] { lock.lock(); defer { lock.unlock() }; return requestLines }

    private var running: Bool {
        lock.lock(); defer { lock.unlock() }
        return !isStopped && ContinuousClock.now < deadline
    }

    private func acceptLoop() {
        var taken = 0
        while running && taken < maximumConnections {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }
            taken += 1
            lock.lock()
            connections.append(fd)
            lock.unlock()
            Thread { [self] in serve(fd); close(fd) }.start()
        }
    }

    // MARK: One connection

    /// Reads requests and answers them as `behaviour` says, while the connection and the server last.
    private func serve(_ fd: Int32) {
        var buffered: [UInt8] = []
        while running, let request = readRequest(fd, &buffered) {
            lock.lock()
            requestLines.append(request.line)
            lock.unlock()
            guard answer(request, on: fd) else { return }
        }
    }

    struct Request {
        var line: String
        var method: String { String(line.split(separator: " ").first ?? "") }
        var path: String { line.split(separator: " ").dropFirst().first.map(String.init) ?? "/" }
        var body: String
    }

    /// The next request (its line and body), nil when the connection ends or the server stops.
    private func readRequest(_ fd: Int32, _ buffered: inout [UInt8]) -> Request? {
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let at = buffered.firstRange(of: end) {
                let head = String(decoding: buffered[..<at.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let length = lines.compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                while buffered.count < at.upperBound + length {
                    guard receive(fd, &buffered) else { return nil }
                }
                let body = String(decoding: buffered[at.upperBound..<(at.upperBound + length)], as: UTF8.self)
                buffered.removeSubrange(..<(at.upperBound + length))
                return Request(line: lines.first ?? "", body: body)
            }
            guard receive(fd, &buffered) else { return nil }
        }
    }

    /// Waits (100 ms at a time, while the server runs) for bytes, and appends them; false at the end.
    private func receive(_ fd: Int32, _ buffered: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while running {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { return false }
            buffered += chunk[0..<n]
            return true
        }
        return false
    }

    /// Sends all of `bytes`; false when the other side has gone (or the server stopped).
    private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var at = 0
        while at < bytes.count {
            guard running else { return false }
            let n = bytes[at...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            at += n
        }
        return true
    }

    private func send(_ fd: Int32, _ text: String) -> Bool { send(fd, Array(text.utf8)) }

    /// One chunk of a chunked body.
    private func chunk(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return send(fd, String(bytes.count, radix: 16) + "\r\n") && send(fd, bytes) && send(fd, "\r\n")
    }

    private func whole(_ fd: Int32, status: String, type: String, _ body: String) -> Bool {
        send(fd, "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
    }

    /// Answers `request`; false ends the connection.
    private func answer(_ request: Request, on fd: Int32) -> Bool {
        let chunkedHead = "HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n"
        let start = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:carddav\">"
        switch behaviour {
        case .endless:
            guard send(fd, chunkedHead), chunk(fd, start) else { return false }
            var number = 0
            while true {
                var piece = ""
                for _ in 0..<100 {
                    number += 1
                    piece += "<D:response><D:href>/alice/book/\(number).vcf</D:href><D:propstat><D:prop><D:getetag>\"\(number)\"</D:getetag>"
                        + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
                }
                guard chunk(fd, piece) else { return false }
            }
        case .trickle:
            guard send(fd, chunkedHead) else { return false }
            for byte in (start + String(repeating: " ", count: 10_000)).utf8 {
                // 2 bytes a second: a byte every half second, waited for on the socket (so a client gone ends it at once).
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 500) > 0 { var b: UInt8 = 0; if recv(fd, &b, 1, Int32(MSG_PEEK)) <= 0 { return false } }
                guard chunk(fd, String(UnicodeScalar(byte))) else { return false }
            }
            return false
        case .silent:
            var ignored: [UInt8] = []
            while receive(fd, &ignored) { ignored = [] }
            return false
        case .garbage:
            _ = whole(fd, status: "207 Multi-Status", type: "application/xml", "<D:multistatus xmlns:D=\"DAV:\"><D:response>&&<<\u{0}not xml at all")
            return false
        case .serverError:
            _ = whole(fd, status: "500 Internal Server Error", type: "text/plain", "Internal Server Error: something broke")
            return false
        case .html:
            _ = whole(fd, status: "200 OK", type: "text/html", "<!DOCTYPE html><html><head><title>Welcome</title></head><body><p>It works!<br></body></html>")
            return false
        case .hugeCard(let cardBytes):
            return answerAsABook(request, on: fd, cardBytes: cardBytes, start: start)
        }
    }

    /// A working address book at /alice/book/ with small.vcf and huge.vcf (its NOTE `cardBytes` long).
    private func answerAsABook(_ request: Request, on fd: Int32, cardBytes: Int, start: String) -> Bool {
        let small = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:small\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
        let member = { (name: String, etag: String, data: String?) -> String in
            "<D:response><D:href>/alice/book/\(name)</D:href><D:propstat><D:prop><D:getetag>\"\(etag)\"</D:getetag>"
                + (data.map { "<C:address-data>\($0)</C:address-data>" } ?? "")
                + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        }
        switch request.method {
        case "REPORT" where request.body.contains("sync-collection"):
            return whole(fd, status: "207 Multi-Status", type: "application/xml; charset=utf-8",
                         start + member("small.vcf", "s1", nil) + member("huge.vcf", "h1", nil) + "<D:sync-token>http://hostile/t1</D:sync-token></D:multistatus>")
        case "REPORT":
            // The multiget: chunked, the huge card in pieces as a real server sends a big answer.
            let head = "HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n"
            guard send(fd, head), chunk(fd, start + member("small.vcf", "s1", small)) else { return false }
            guard chunk(fd, "<D:response><D:href>/alice/book/huge.vcf</D:href><D:propstat><D:prop><D:getetag>\"h1\"</D:getetag>"
                        + "<C:address-data>BEGIN:VCARD\r\nVERSION:3.0\r\nUID:huge\r\nFN:Huge Card\r\nNOTE:") else { return false }
            let line = String(repeating: "x", count: 65536)
            var sent = 0
            while sent < cardBytes {
                guard chunk(fd, String(line.prefix(min(line.count, cardBytes - sent)))) else { return false }
                sent += min(line.count, cardBytes - sent)
            }
            return chunk(fd, "\r\nEND:VCARD\r\n</C:address-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>")
                && send(fd, "0\r\n\r\n")
        case "PROPFIND":
            return whole(fd, status: "207 Multi-Status", type: "application/xml; charset=utf-8",
                         start + "<D:response><D:href>/alice/book/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>"
                         + "<D:displayname>Book</D:displayname></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>")
        default:
            return whole(fd, status: "404 Not Found", type: "text/plain", "not here")
        }
    }
}
