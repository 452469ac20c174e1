import CCurl

/// Sends one HTTP request at a time to a CardDAV server through libcurl, with Basic
/// authentication, and gives back the answer whatever its status. TLS certificates are always
/// verified (against the system's CAs, or the CA file given); there is no way to turn that off.
/// The connection is kept between requests. Not for use from two threads at once.
///
/// ```swift
/// let transport = try CardDAVTransport(credentials: .init(user: "alice", password: pw))
/// let answer = try transport.send(CardDAVRequest(method: "PROPFIND", url: url, headers: [.init("Depth", "0")]))
/// ```
public final class CardDAVTransport {
    /// Who signs in.
    public struct Credentials: Equatable, Sendable {
        public var user: String
        public var password: String
        public init(user: String, password: String) { self.user = user; self.password = password }
    }

    /// How long to wait, how much to read, and whom to trust.
    public struct Options: Equatable, Sendable {
        /// The timeouts and sizes a person picks (`switchboard sync --connect-timeout …`).
        public var limits: CardDAVLimits
        /// When the whole pass must be over (`limits.passTimeout` after it began; nil: no end): each
        /// request's time is cut to what is left, and none starts after it.
        public var passDeadline: ContinuousClock.Instant?
        /// Give up when fewer than `lowSpeedBytesPerSecond` arrive for this many seconds.
        public var lowSpeedSeconds: Int
        public var lowSpeedBytesPerSecond: Int
        /// A PEM file of CA certificates to verify the server with instead of the system's.
        public var caFile: String?

        public init(limits: CardDAVLimits = CardDAVLimits(), passDeadline: ContinuousClock.Instant? = nil,
                    lowSpeedSeconds: Int = 120, lowSpeedBytesPerSecond: Int = 1, caFile: String? = nil) {
            self.limits = limits
            self.passDeadline = passDeadline
            self.lowSpeedSeconds = lowSpeedSeconds
            self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
            self.caFile = caFile
        }
    }

    public let credentials: Credentials
    public let options: Options
    let library: CurlLibrary
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(SB_CURL_ERROR_SIZE))
    /// How many requests were sent (for tests and benchmarks: "a sync with nothing new is ≤ 2 requests").
    public private(set) var requestCount = 0
    /// How long the requests took from sending to the last byte of their answers (the server's
    /// time and the network's), in milliseconds: what a sync's time is made of beside its own work.
    public var serverMilliseconds: Int {
        Int(waited.components.seconds * 1000 + waited.components.attoseconds / 1_000_000_000_000_000)
    }
    private var waited = Duration.zero

    /// What answers a request instead of the network (see `init(answering:)`).
    public typealias Answering = (CardDAVRequest) -> Result<CardDAVResponse, CardDAVError>
    private let answering: Answering?

    /// Opens libcurl (the error says how to install it when it is missing).
    public init(credentials: Credentials, options: Options = Options()) throws(CardDAVError) {
        library = try CurlLibrary.shared()
        guard let handle = withUnsafePointer(to: library.curl, { sb_curl_easy_init($0) }) else {
            throw .transferFailed(url: "", code: 2, detail: "curl_easy_init failed")
        }
        self.handle = handle
        self.credentials = credentials
        self.options = options
        answering = nil
    }

    /// A transport whose answers come from `answering` instead of a server: for feeding the
    /// client and the sync engine server answers as bytes (the seeded fuzz of `SyncFuzzTests`).
    /// Nothing is sent anywhere; libcurl is still opened, for its URL parser.
    public init(credentials: Credentials, answering: @escaping Answering) throws(CardDAVError) {
        library = try CurlLibrary.shared()
        guard let handle = withUnsafePointer(to: library.curl, { sb_curl_easy_init($0) }) else {
            throw .transferFailed(url: "", code: 2, detail: "curl_easy_init failed")
        }
        self.handle = handle
        self.credentials = credentials
        options = Options()
        self.answering = answering
    }

    deinit {
        withUnsafePointer(to: library.curl) { sb_curl_easy_cleanup($0, handle) }
        errorBuffer.deallocate()
    }

    /// Sends `request` and returns the answer, whatever its HTTP status; throws when no answer
    /// came (refused, timed out, TLS not trusted, connection broken). Redirects are not followed:
    /// the answer's `redirectURL` says where one points.
    public func send(_ request: CardDAVRequest) throws(CardDAVError) -> CardDAVResponse {
        try perform(request, multistatus: nil)
    }

    /// Sends `request`; when the answer is a 207 (a multistatus), its body goes to `multistatus`
    /// piece by piece as it arrives instead of being kept (the answer's `body` is then empty), so
    /// a listing of any size costs no more memory than its biggest piece. `multistatus` returns
    /// false to stop the transfer (the send then throws).
    public func send(_ request: CardDAVRequest, multistatus: (UnsafeRawBufferPointer) -> Bool) throws(CardDAVError) -> CardDAVResponse {
        try withoutActuallyEscaping(multistatus) { sink throws(CardDAVError) in try perform(request, multistatus: sink) }
    }

    /// An answer from `answering`: a 207's body given to `sink` in pieces of changing sizes, as a network would.
    private func answer(_ request: CardDAVRequest, _ answering: Answering, sink: ((UnsafeRawBufferPointer) -> Bool)?) throws(CardDAVError) -> CardDAVResponse {
        var response = try answering(request).get()
        guard let sink, response.status == 207 else { return response }
        let body = response.body
        response.body = []
        var at = 0, piece = 1 + (requestCount * 7919) % 3000
        let taken = body.withUnsafeBytes { bytes in
            while at < bytes.count {
                let end = min(bytes.count, at + piece)
                guard sink(UnsafeRawBufferPointer(rebasing: bytes[at..<end])) else { return false }
                at = end
                piece = piece % 3 == 0 ? 1 : piece * 2 + 1
            }
            return true
        }
        guard taken else { throw .transferFailed(url: request.url, code: 23, detail: "the answer was not taken") }
        return response
    }

    private func perform(_ request: CardDAVRequest, multistatus sink: ((UnsafeRawBufferPointer) -> Bool)?) throws(CardDAVError) -> CardDAVResponse {
        requestCount += 1
        if let answering { return try answer(request, answering, sink: sink) }
        let limits = options.limits
        let started = ContinuousClock.now
        // The request's own time, cut to what is left of the pass.
        var budget = limits.requestTimeout, budgetLimit = CardDAVLimit.request(limits.requestTimeout)
        if let deadline = options.passDeadline {
            guard deadline > started else { throw .limitReached(url: request.url, limit: .pass(limits.passTimeout)) }
            if deadline - started < budget { budget = deadline - started; budgetLimit = .pass(limits.passTimeout) }
        }
        let received = Received()
        received.multistatus = sink
        received.maximumBytes = sink == nil ? min(limits.maximumAnswerBytes, CardDAVLimits.heldWholeBytes) : limits.maximumAnswerBytes
        received.sizeLimit = sink == nil && received.maximumBytes < limits.maximumAnswerBytes
            ? .wholeAnswerSize(received.maximumBytes) : .answerSize(received.maximumBytes)
        received.firstByteTimeout = limits.firstByteTimeout
        received.firstByteBy = started + limits.firstByteTimeout
        defer { received.multistatus = nil }
        var headerList: UnsafeMutableRawPointer? = nil
        defer { withUnsafePointer(to: library.curl) { sb_curl_slist_free_all($0, headerList) } }
        let code: Int32 = withUnsafePointer(to: library.curl) { curl in
            sb_curl_easy_reset(curl, handle)
            errorBuffer[0] = 0
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_ERRORBUFFER, errorBuffer)
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_URL, request.url)
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_PROTOCOLS_STR, "http,https")
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_NOSIGNAL, 1)
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_FOLLOWLOCATION, 0)
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_SSL_VERIFYPEER, 1)
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_SSL_VERIFYHOST, 2)
            if let caFile = options.caFile { sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_CAINFO, caFile) }
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_CONNECTTIMEOUT_MS, CardDAVLimits.milliseconds(limits.connectTimeout))
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_TIMEOUT_MS, max(1, CardDAVLimits.milliseconds(budget)))
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_LOW_SPEED_LIMIT, options.lowSpeedBytesPerSecond)
            // Never before the first-byte timeout: a silence before the answer begins is that one's to report.
            let firstByteSeconds = Int(limits.firstByteTimeout.components.seconds) + 2
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_LOW_SPEED_TIME, max(options.lowSpeedSeconds, firstByteSeconds))
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_HTTPAUTH, Int(SB_CURLAUTH_BASIC))
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_USERNAME, credentials.user)
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_PASSWORD, credentials.password)
            // No "Expect: 100-continue" round trip before a body.
            for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
                headerList = sb_curl_slist_append(curl, headerList, line)
            }
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_HTTPHEADER, headerList)
            let context = Unmanaged.passUnretained(received).toOpaque()
            sb_curl_setopt_callback(curl, handle, SB_CURLOPT_WRITEFUNCTION, { data, size, count, context in
                let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
                return received.bodyBytes(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
            })
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_WRITEDATA, context)
            sb_curl_setopt_callback(curl, handle, SB_CURLOPT_HEADERFUNCTION, { data, size, count, context in
                let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
                return received.headerLine(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
            })
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_HEADERDATA, context)
            // Called about once a second while nothing comes: the first-byte timeout.
            sb_curl_setopt_long(curl, handle, SB_CURLOPT_NOPROGRESS, 0)
            sb_curl_setopt_progress(curl, handle) { context, _, _, _, _ in
                Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue().stillWaiting() ? 0 : 1
            }
            sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_XFERINFODATA, context)
            if request.method != "GET" {
                sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_CUSTOMREQUEST, request.method)
            }
            return request.body.withUnsafeBufferPointer { body in
                if !body.isEmpty || request.method == "PUT" {
                    // The body goes as is: libcurl reads it from here during perform, which is why it is set last.
                    if let bytes = body.baseAddress {
                        sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_POSTFIELDS, bytes)
                    } else {
                        sb_curl_setopt_pointer(curl, handle, SB_CURLOPT_POSTFIELDS, "")
                    }
                    sb_curl_setopt_off(curl, handle, SB_CURLOPT_POSTFIELDSIZE_LARGE, Int64(body.count))
                }
                defer { waited += ContinuousClock.now - started }
                return sb_curl_easy_perform(curl, handle)
            }
        }
        if let limit = received.stopped { throw .limitReached(url: request.url, limit: limit) }
        if code == SB_CURLE_OPERATION_TIMEDOUT {
            // The request's (or the pass's) time ran out; else, with nothing heard, connecting took too
            // long (the low-speed limit starts only after the first-byte one, which the callback keeps);
            // else the answer slowed to a stop (`timedOut`).
            if ContinuousClock.now - started + .milliseconds(200) >= budget { throw .limitReached(url: request.url, limit: budgetLimit) }
            if !received.heard { throw .limitReached(url: request.url, limit: .connect(limits.connectTimeout)) }
        }
        if code != SB_CURLE_OK { throw error(code, url: request.url) }
        var status = 0
        var redirect: String?
        withUnsafePointer(to: library.curl) { curl in
            sb_curl_getinfo_long(curl, handle, SB_CURLINFO_RESPONSE_CODE, &status)
            var text: UnsafePointer<CChar>? = nil
            if sb_curl_getinfo_string(curl, handle, SB_CURLINFO_REDIRECT_URL, &text) == SB_CURLE_OK, let text {
                redirect = String(cString: text)
            }
        }
        // libcurl 7.88 puts the user name and password into the redirect's URL: they are taken out,
        // so no URL kept anywhere holds the password.
        return CardDAVResponse(status: status, headers: received.headers, body: received.body,
                               redirectURL: redirect.flatMap { library.resolve($0, against: request.url) })
    }

    /// Sends `request` and returns the answer when its status is one of `expected`; otherwise
    /// throws what the status means (401 `unauthorized`, 412 `changedOnServer`, …).
    public func send(_ request: CardDAVRequest, expecting expected: Set<Int>) throws(CardDAVError) -> CardDAVResponse {
        let response = try send(request)
        guard expected.contains(response.status) else {
            throw CardDAVError.forStatus(response.status, method: request.method, url: request.url)
                ?? .unexpectedStatus(url: request.url, status: response.status, method: request.method)
        }
        return response
    }

    /// What libcurl's `code` means for a person (with libcurl's own words for the details).
    private func error(_ code: Int32, url: String) -> CardDAVError {
        var detail = String(cString: errorBuffer)
        if detail.isEmpty { detail = withUnsafePointer(to: library.curl) { String(cString: sb_curl_easy_strerror($0, code)) } }
        switch code {
        case SB_CURLE_UNSUPPORTED_PROTOCOL, SB_CURLE_URL_MALFORMAT: return .invalidURL(url)
        case SB_CURLE_COULDNT_RESOLVE_HOST: return .hostNotFound(url: url, detail: detail)
        case SB_CURLE_COULDNT_CONNECT: return .connectionRefused(url: url, detail: detail)
        case SB_CURLE_OPERATION_TIMEDOUT: return .timedOut(url: url, detail: detail)
        case SB_CURLE_GOT_NOTHING, SB_CURLE_SEND_ERROR, SB_CURLE_RECV_ERROR, SB_CURLE_PARTIAL_FILE:
            return .connectionDropped(url: url, detail: detail)
        case SB_CURLE_PEER_FAILED_VERIFICATION, SB_CURLE_SSL_CONNECT_ERROR, SB_CURLE_SSL_CERTPROBLEM:
            return .tlsVerificationFailed(url: url, detail: detail)
        case SB_CURLE_SSL_CACERT_BADFILE: return .caFileUnreadable(path: options.caFile ?? "", detail: detail)
        default: return .transferFailed(url: url, code: Int(code), detail: detail)
        }
    }
}

/// What libcurl's callbacks collect during one request, and the limits they hold it to.
private final class Received {
    var body: [UInt8] = []
    var headers: [CardDAVRequest.Header] = []
    /// The status of the answer whose header lines are being read (the final one's once the body comes).
    var status = 0
    /// Where a 207's body goes instead of `body`.
    var multistatus: ((UnsafeRawBufferPointer) -> Bool)?
    /// Of any other answer to a request that streams its 207, this much of the body is kept (an error page says enough in its start).
    static let keptBodyBytes = 4 << 20
    /// The most bytes of body read before the transfer is stopped (`CardDAVLimits.maximumAnswerBytes`),
    /// and what is reported when that happens.
    var maximumBytes = Int.max
    var sizeLimit = CardDAVLimit.answerSize(Int.max)
    /// The body's bytes so far.
    var bodyCount = 0
    /// How long the first byte of the answer may take, and when that is.
    var firstByteTimeout = Duration.zero
    var firstByteBy = ContinuousClock.Instant.now
    /// Whether any byte of the answer came.
    var heard = false
    /// The limit the callbacks stopped the transfer at, if they did.
    var stopped: CardDAVLimit?

    /// A piece of the body; false stops the transfer.
    func bodyBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        heard = true
        bodyCount += bytes.count
        guard bodyCount <= maximumBytes else { stopped = sizeLimit; return false }
        guard let multistatus else { body.append(contentsOf: bytes); return true }
        if status == 207 { return multistatus(bytes) }
        if body.count < Self.keptBodyBytes { body.append(contentsOf: bytes.prefix(Self.keptBodyBytes - body.count)) }
        return true
    }

    /// libcurl's "how is it going" (`CURLOPT_XFERINFOFUNCTION`); false stops the transfer.
    func stillWaiting() -> Bool {
        guard !heard, ContinuousClock.now > firstByteBy else { return true }
        stopped = .firstByte(firstByteTimeout)
        return false
    }

    /// One header line; a status line starts a new answer (after a 100 Continue), so the fields
    /// kept are the final answer's.
    /// false stops the transfer: the final answer's Content-Length is over `maximumBytes`.
    func headerLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        heard = true
        var line = Array(bytes)
        while let last = line.last, last == 13 || last == 10 { line.removeLast() }
        if line.starts(with: Array("HTTP/".utf8)) {
            headers = []
            let words = line.split(separator: 32)
            status = words.count > 1 ? Int(String(decoding: words[1], as: UTF8.self)) ?? 0 : 0
            return true
        }
        guard let colon = line.firstIndex(of: 58) else { return true }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        var value = line[(colon + 1)...]
        while let first = value.first, first == 32 || first == 9 { value.removeFirst() }
        let field = CardDAVRequest.Header(name, String(decoding: value, as: UTF8.self))
        headers.append(field)
        // An answer that says at once it is too large is not read at all.
        if status >= 200, CardDAVResponse(status: status, headers: [field]).header("Content-Length").flatMap(Int.init) ?? 0 > maximumBytes {
            stopped = sizeLimit
            return false
        }
        return true
    }
}
