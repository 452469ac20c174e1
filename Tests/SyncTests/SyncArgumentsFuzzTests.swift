import CardDAV
import TestSupport
import Testing
@testable import switchboard

/// The sync command's new inputs, fuzzed with a seed: a server address is never kept or shown with
/// the user name and password written into it, whatever else is in it; the limits' values are read
/// into their range or refused as a usage error, never anything between.
struct SyncArgumentsFuzzTests {
    static let pieces = ["http://", "https://", "alice", "bob", ":", "@", "/", "?", "#", "%20", "pw", "host", "127.0.0.1", ":5232",
                         "dav.example.com", "~", "é", "[::1]", "", " ", "//", "@@", "x"]

    @Test(arguments: [UInt64(1), 2, 3]) func anAddressNeverKeepsItsUserInfo(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<3000 {
            let scheme = Self.pieces[Int(random.next() % 2)]
            // A user name as a URL can hold one: no "@", and nothing that ends the authority ("/", "?", "#").
            let user = String(Self.pieces[Int(random.next() % UInt64(Self.pieces.count))].filter { !"@/?#".contains($0) })
            let secret = "S\(random.next() % 1_000_000)"
            let tail = (0..<Int(random.next() % 6)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            let host = Self.pieces[8 + Int(random.next() % 3)]
            let withSecret = scheme + user + ":" + secret + "@" + host.replacingOccurrences(of: "/", with: "") + "/" + tail
            let address = ServerAddress(withSecret)
            #expect(address.hasUserInfo && address.hasPassword, "\(withSecret)")
            #expect(!address.url.contains(secret) && !address.refusal.contains(secret), "\(withSecret) → \(address.url)")
            #expect(throws: UsageError.self) { try SyncCommand.parse(["add", withSecret, "--username", "alice"]) }
            // Without an @ before the path, nothing is taken out.
            let plain = scheme + host.replacingOccurrences(of: "/", with: "") + "/" + tail
            #expect(ServerAddress(plain).url == plain && !ServerAddress(plain).hasUserInfo, "\(plain)")
        }
    }

    @Test(arguments: [UInt64(4), 5]) func aLimitIsReadIntoItsRangeOrRefused(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let characters = Array("0123456789.-+KMGkmgx e")
        for _ in 0..<5000 {
            let text = String((0..<Int(1 + random.next() % 8)).map { _ in characters[Int(random.next() % UInt64(characters.count))] })
            if let seconds = try? SyncLimitArguments.seconds(text, "--request-timeout") {
                #expect(seconds >= .milliseconds(100) && seconds <= .seconds(86_400), "\(text) → \(seconds)")
            }
            if let size = try? SyncLimitArguments.size(text, "--max-card-size") {
                #expect(size >= 1 << 10 && size <= 16 << 30, "\(text) → \(size)")
            }
        }
        #expect(try SyncLimitArguments.size("1k", "--max-card-size") == 1024)
        #expect(try SyncLimitArguments.seconds(".5", "--connect-timeout") == .milliseconds(500))
    }
}
