/// One HTTP request to a CardDAV server.
public struct CardDAVRequest: Equatable, Sendable {
    /// "PROPFIND", "REPORT", "PUT", "DELETE", "MKCOL", "GET".
    public var method: String
    /// The full URL (http:// or https://).
    public var url: String
    /// Extra header fields, in order ("Depth", "If-Match", "Content-Type", …).
    public var headers: [Header]
    /// The body; empty for none.
    public var body: [UInt8]

    /// A header field.
    public struct Header: Equatable, Sendable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) { self.name = name; self.value = value }
    }

    public init(method: String, url: String, headers: [Header] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The server's answer to a `CardDAVRequest`.
public struct CardDAVResponse: Equatable, Sendable {
    /// The HTTP status (207, 201, 412…).
    public var status: Int
    /// The header fields of the final answer, in order, names as the server wrote them.
    public var headers: [CardDAVRequest.Header]
    public var body: [UInt8]
    /// Where a redirect (3xx with Location) points, resolved to a full URL by libcurl (with no user
    /// name or password in it); nil otherwise.
    public var redirectURL: String?

    public init(status: Int, headers: [CardDAVRequest.Header] = [], body: [UInt8] = [], redirectURL: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.redirectURL = redirectURL
    }

    /// The value of the first header field `name` (case-insensitive), nil when absent.
    public func header(_ name: String) -> String? {
        let wanted = Self.lowercased(name)
        return headers.first { Self.lowercased($0.name) == wanted }?.value
    }

    private static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
