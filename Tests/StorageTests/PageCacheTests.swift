import TestSupport
import Testing
@testable import Storage

/// A directory's connection keeps at most the page cache it was given (the interactive app's is
/// small: issue 52, the app's peak memory); without one, SQLite's default.
@Suite("SQLite page cache size")
struct PageCacheTests {
    @Test func aDirectoryOpensWithThePageCacheItWasGiven() throws {
        let tmp = TempFolder()
        let path = tmp.file("cache.sqlite3")
        let small = SQLiteDirectory(path: path, passwordCost: 1, pageCacheKiB: 128, now: { 1 })
        _ = try small.open()
        #expect(try small.database?.scalarInt("PRAGMA cache_size") == -128)
        let plain = SQLiteDirectory(path: path, passwordCost: 1, now: { 1 })
        _ = try plain.open()
        #expect(try plain.database?.scalarInt("PRAGMA cache_size") == -2000)
    }
}
