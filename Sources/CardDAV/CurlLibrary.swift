import CCurl

/// libcurl, opened at the first CardDAV request (dlopen) — not linked: a person who never syncs
/// never maps it, nor OpenSSL and the rest it brings. `curl.curl_easy_init()` and the rest are
/// libcurl's own functions; Modules/CCurl/shim.h's `sb_curl_*` call the variadic ones.
/// Unchecked Sendable: its one property is a table of C function pointers, never changed after
/// it is filled (Swift does not see a variadic C function's pointer as Sendable).
final class CurlLibrary: @unchecked Sendable {
    /// libcurl's functions.
    let curl: SBCurl

    /// The file opened: the name of libcurl's run-time package's library (libcurl4).
    #if os(macOS)
    static let fileName = "libcurl.4.dylib"
    #else
    static let fileName = "libcurl.so.4"
    #endif

    /// libcurl, opened once for the process (the error says how to install it).
    static func shared() throws(CardDAVError) -> CurlLibrary { try loaded.get() }

    private static let loaded: Result<CurlLibrary, CardDAVError> = Result { () throws(CardDAVError) in try open(fileName) }

    /// Opens `file` (a name looked up the way the dynamic linker does, or a path).
    static func open(_ file: String) throws(CardDAVError) -> CurlLibrary {
        let table = UnsafeMutablePointer<SBCurl>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let why = sb_curl_open(file, table) {
            throw .libraryMissing(file: file, detail: String(cString: why))
        }
        return CurlLibrary(curl: table.pointee)
    }

    private init(curl: SBCurl) { self.curl = curl }

    /// `reference` (an href such as `/alice/book/`) resolved against `base`, by libcurl's URL
    /// parser (RFC 3986); nil when either does not parse.
    func resolve(_ reference: String, against base: String) -> String? {
        withUnsafePointer(to: curl) { table in
            guard let text = sb_curl_resolve(table, base, reference) else { return nil }
            defer { sb_curl_free(table, text) }
            return String(cString: text)
        }
    }
}
