/// A WebDAV 207 Multi-Status answer (RFC 4918 §13), as CardDAV uses it: one `Response` per
/// resource, and the collection's new sync-token for a sync-collection report (RFC 6578).
struct Multistatus: Equatable, Sendable {
    /// What the server says of one resource.
    struct Response: Equatable, Sendable {
        /// The resource's href, as the server wrote it (a path, percent-encoded, or a full URL).
        var href: String
        /// The response's own status (sync-collection's 404 for a deleted member), nil when it has propstats instead.
        var status: Int?
        /// The properties the server found (status 200), each as its element.
        var properties: [DAVElement]
        /// The properties it did not have, or could not give (any other status).
        var missing: [DAVElement]

        /// The found property `name` in `namespace`.
        func property(_ namespace: String, _ name: String) -> DAVElement? {
            properties.first { $0.is(namespace, name) }
        }
    }

    var responses: [Response]
    /// DAV:sync-token at the top level, nil when absent.
    var syncToken: String?

    /// Reads `root`, the answer's root element; throws when it is no DAV:multistatus.
    init(_ root: DAVElement, url: String) throws(CardDAVError) {
        guard root.is(DAVNamespace.dav, "multistatus") else {
            throw .malformedAnswer(url: url, detail: "its root element is <\(root.name)> in “\(root.namespace)”, not DAV:multistatus")
        }
        responses = root.children(DAVNamespace.dav, "response").compactMap(Self.response)
        syncToken = root.child(DAVNamespace.dav, "sync-token").map(\.trimmedText)
    }

    /// One DAV:response element read; nil when it names no href.
    static func response(_ element: DAVElement) -> Response? {
        guard let href = element.child(DAVNamespace.dav, "href")?.trimmedText, !href.isEmpty else { return nil }
        var response = Response(href: href, status: element.child(DAVNamespace.dav, "status").flatMap { Self.status($0.trimmedText) },
                                properties: [], missing: [])
        for propstat in element.children(DAVNamespace.dav, "propstat") {
            let properties = propstat.child(DAVNamespace.dav, "prop")?.children ?? []
            let status = propstat.child(DAVNamespace.dav, "status").flatMap { Self.status($0.trimmedText) }
            if status.map({ (200..<300).contains($0) }) ?? false {
                response.properties += properties
            } else {
                response.missing += properties
            }
        }
        return response
    }

    /// The code in a status line ("HTTP/1.1 404 Not Found" → 404); nil when there is none.
    static func status(_ line: String) -> Int? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2, words[0].hasPrefix("HTTP/"), let code = Int(words[1]), (100...599).contains(code) else { return nil }
        return code
    }
}
