/// A CardDAV collection's address as the command line and the app compare them: the same
/// address book whether written as a URL or as its path alone, with or without the slash at the end.
public enum CollectionAddress {
    /// Whether `a` and `b` name the same collection: the same path (trailing slashes, a query
    /// and a fragment aside) on the same host (any host, when one of them is a path alone).
    public static func same(_ a: String, _ b: String) -> Bool {
        let x = parts(a), y = parts(b)
        return x.path == y.path && (x.host == nil || y.host == nil || x.host == y.host)
    }

    /// The host (lower-cased, with its port) and the path of an address.
    static func parts(_ url: String) -> (host: String?, path: String) {
        var rest = Substring(url)
        var host: String?
        let bytes = Array(url.utf8)
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count > colon + 2,
           bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") {
            rest = Substring(String(decoding: bytes[(colon + 3)...], as: UTF8.self))
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            host = String(rest[..<slash]).lowercased()
            rest = rest[slash...]
        }
        var path = String(rest.prefix { $0 != "?" && $0 != "#" })
        while path.hasSuffix("/") { path.removeLast() }
        return (host, path)
    }
}
