import AppServices
import CPostgres

/// libpq, the PostgreSQL client library, opened at the first PostgreSQL connection (dlopen) —
/// not linked: an SQLite user never maps it, nor libcrypto, gnutls, krb5, ldap… that it brings
/// (BENCHMARKS.md has the memory). `pq.PQexec(…)` and the rest are libpq's own functions.
final class PostgresLibrary: Sendable {
    /// libpq's functions.
    let pq: SBLibPQ

    /// The file opened: the name of libpq's run-time package's library.
    #if os(macOS)
    static let fileName = "libpq.5.dylib"
    #else
    static let fileName = "libpq.so.5"
    #endif

    /// libpq, opened once for the process (the error says how to install it).
    static func shared() throws(ServiceError) -> PostgresLibrary {
        try loaded.get()
    }

    private static let loaded: Result<PostgresLibrary, ServiceError> = Result { () throws(ServiceError) in try open(fileName) }

    /// Opens `file` (a name looked up the way the dynamic linker does, or a path).
    static func open(_ file: String) throws(ServiceError) -> PostgresLibrary {
        let table = UnsafeMutablePointer<SBLibPQ>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let why = sb_libpq_open(file, table) {
            throw .server(.clientLibraryMissing(file: file, detail: String(cString: why)))
        }
        return PostgresLibrary(pq: table.pointee)
    }

    private init(pq: SBLibPQ) { self.pq = pq }
}
