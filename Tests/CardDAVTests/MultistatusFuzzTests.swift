import TestSupport
import Testing
@testable import CardDAV

/// Mutated server answers (bytes flipped, cut, repeated, tags and entities thrown in) are read
/// without crashing: each is either refused as not well-formed or not a multistatus, or read.
struct MultistatusFuzzTests {

    static let pieces: [[UInt8]] = ["<", ">", "</", "/>", "&", "&amp;", "&#0;", "&#x110000;", "<![CDATA[", "]]>",
                                    "<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\">]>", "&a;", "xmlns:x=\"DAV:\"", "<x:href>",
                                    "\u{0}", "\u{FEFF}", "é", "\r\n", "<D:response>", "HTTP/1.1 ", "<?xml version=\"1.0\"?>"].map { Array($0.utf8) }

    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !bytes.isEmpty else { bytes = pieces.randomElement(using: &random)!; continue }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            case 2: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
            case 3: bytes = Array(bytes[..<at])
            case 4: let end = min(bytes.count, at + Int.random(in: 1...200, using: &random)); bytes.insert(contentsOf: bytes[at..<end], at: at)
            default: bytes.swapAt(at, Int.random(in: 0..<bytes.count, using: &random))
            }
        }
        return bytes
    }

    /// Changes only the text between tags (statuses, hrefs, etags, tokens, card data), so the
    /// answer stays well-formed and what it says is read: characters replaced, removed, repeated.
    static func mutateText(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        var text: [Int] = []
        var inTag = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag && byte != UInt8(ascii: "&") && byte < 0x80 { text.append(index) }
        }
        let replacements = Array(" 0123456789/HTTP.%\"\t\nabcz:".utf8)
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            guard let at = text.randomElement(using: &random), at < bytes.count else { continue }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[at] = replacements.randomElement(using: &random)!
            case 1: bytes[at] = UInt8(ascii: " ")
            default: bytes[at] = UInt8(ascii: "9")
            }
        }
        return bytes
    }

    @Test func mutatedAnswersNeverCrashTheReader() throws {
        let library = try XMLLibrary.shared()
        let client = CardDAVClient(transport: try CardDAVTransport(credentials: .init(user: "a", password: "b")))
        let seeds: [[UInt8]] = [Array(MultistatusTests.syncAnswer.utf8), Array(Self.deepAnswer.utf8)]
        var random = SeededGenerator(seed: 38)
        var refused = 0, read = 0, readResponses = 0
        for round in 0..<3_000 {
            let seed = seeds[round % seeds.count]
            let input = round % 4 < 2 ? Self.mutate(seed, &random) : Self.mutateText(seed, &random)
            guard let root = library.parse(input) else { refused += 1; continue }
            guard let multistatus = try? Multistatus(root, url: "http://h/") else { refused += 1; continue }
            read += 1
            readResponses += multistatus.responses.count
            for response in multistatus.responses { #expect(!response.href.isEmpty) }
            // What the client makes of it: changes, cards, address books, all without a crash.
            let changes = CardDAVClient.changes(in: multistatus)
            #expect(changes.changed.count + changes.deleted.count <= multistatus.responses.count)
            #expect(CardDAVClient.cards(in: multistatus).count <= multistatus.responses.count)
            #expect(CardDAVClient.etags(in: multistatus).count <= multistatus.responses.count)
            #expect(client.addressBooks(in: multistatus, at: "http://h/alice/").count <= multistatus.responses.count)
        }
        // Both ways were taken: the mutations make broken answers and answers that still read.
        #expect(refused > 300)
        #expect(read > 1_000)
        #expect(readResponses > 1_000)
    }

    /// Elements nested deeper than libxml2 allows (256) are refused, not followed into a stack overflow.
    static let deepAnswer: String = {
        "<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>/a</D:href><D:propstat><D:prop>"
            + String(repeating: "<D:x>", count: 40) + "t" + String(repeating: "</D:x>", count: 40)
            + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>"
    }()

    @Test func absurdlyDeepNestingIsRefused() throws {
        let deep = "<D:multistatus xmlns:D=\"DAV:\">" + String(repeating: "<D:x>", count: 100_000) + String(repeating: "</D:x>", count: 100_000) + "</D:multistatus>"
        #expect(try XMLLibrary.shared().parse(Array(deep.utf8)) == nil)
    }
}
