import AppServices

/// A link taken apart as RFC 3986 does (`scheme://host/path?query#fragment`),
/// host, path and query percent-decoded. Nil when the text is not a link: no
/// scheme, a character a link cannot hold (a space, say), or a broken `%` escape.
struct LinkParts {
    var scheme: String
    var host: String
    var path: String
    /// `name=value` pairs of the query, in order (a name without `=` has an empty value).
    var queryItems: [(String, String)]

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, Self.isLetter(bytes[0]),
              bytes[..<colon].allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
              bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F && !Self.disallowed.contains($0) }) else { return nil }
        scheme = String(decoding: bytes[..<colon], as: UTF8.self)
        var rest = bytes[(colon + 1)...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var query: ArraySlice<UInt8>?
        if let mark = rest.firstIndex(of: UInt8(ascii: "?")) { query = rest[(mark + 1)...]; rest = rest[..<mark] }
        var hostBytes: ArraySlice<UInt8> = []
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            hostBytes = rest[..<end]
            rest = rest[end...]
            if let at = hostBytes.lastIndex(of: UInt8(ascii: "@")) { hostBytes = hostBytes[(at + 1)...] }
            if let port = hostBytes.lastIndex(of: UInt8(ascii: ":")) { hostBytes = hostBytes[..<port] }
        }
        guard let host = Self.decode(hostBytes), let path = Self.decode(rest) else { return nil }
        self.host = host
        self.path = path
        queryItems = []
        if let query, !query.isEmpty {
            for item in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let eq = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
                guard let name = Self.decode(item[..<eq]),
                      let value = Self.decode(eq < item.endIndex ? item[(eq + 1)...] : []) else { return nil }
                queryItems.append((name, value))
            }
        }
    }

    /// Characters no link holds as they are (RFC 3986 has no place for them).
    private static let disallowed: Set<UInt8> = Set("\"<>\\^`{|}".utf8)

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// `%XX` escapes decoded; nil for a broken escape or bytes that are not UTF-8.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> String? { PercentEncoding.decoded(bytes) }
}
