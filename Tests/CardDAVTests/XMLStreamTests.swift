import Testing
@testable import CardDAV

/// An answer read as it arrives, in pieces of any size, says what the whole answer says; one cut
/// short or broken anywhere is refused at its end, whatever it handed over before.
struct XMLStreamTests {
    /// The answer's responses and root as the stream reads it, fed `piece` bytes at a time.
    static func streamed(_ text: String, piece: Int) throws -> (responses: [Multistatus.Response], root: DAVElement?) {
        var responses: [Multistatus.Response] = []
        let stream = try XMLStream { element in
            if let response = Multistatus.response(element) { responses.append(response) }
        }
        let bytes = Array(text.utf8)
        var at = 0
        while at < bytes.count {
            guard stream.feed(Array(bytes[at..<min(bytes.count, at + piece)])) else { break }
            at += piece
        }
        return (responses, stream.finish())
    }

    @Test func anAnswerReadInPiecesOfAnySizeSaysWhatTheWholeOneSays() throws {
        let whole = try Multistatus(try #require(try XMLLibrary.shared().parse(Array(MultistatusTests.syncAnswer.utf8))), url: "http://h/")
        for piece in [1, 2, 3, 7, 64, 1000, 1 << 20] {
            let (responses, root) = try Self.streamed(MultistatusTests.syncAnswer, piece: piece)
            #expect(responses == whole.responses, "pieces of \(piece)")
            // The responses are not kept in the tree: only the root and its sync-token.
            #expect(root?.children.map(\.name) == ["sync-token"], "pieces of \(piece)")
            #expect(root?.child(DAVNamespace.dav, "sync-token")?.trimmedText == "http://radicale.org/ns/sync/42")
        }
    }

    @Test func anAnswerCutShortOrBrokenIsRefusedAtItsEnd() throws {
        let bytes = Array(MultistatusTests.syncAnswer.utf8)
        for cut in stride(from: 0, to: bytes.count - 1, by: 13) {
            let (_, root) = try Self.streamed(String(decoding: bytes[..<cut], as: UTF8.self), piece: 5)
            #expect(root == nil, "cut at \(cut)")
        }
        let broken = MultistatusTests.syncAnswer.replacingOccurrences(of: "</x:response>", with: "</x:respons>")
        #expect(try Self.streamed(broken, piece: 9).root == nil)
    }

    @Test func anotherKindOfAnswerIsKeptWholeAndNothingIsHandedOver() throws {
        let error = "<?xml version=\"1.0\"?><D:error xmlns:D=\"DAV:\"><D:valid-sync-token/><D:response><D:href>/a</D:href></D:response></D:error>"
        let (responses, root) = try Self.streamed(error, piece: 4)
        #expect(responses.isEmpty)
        #expect(root?.child(DAVNamespace.dav, "valid-sync-token") != nil)
        #expect(root?.child(DAVNamespace.dav, "response") != nil)
    }

    @Test func aCardOverTheCardLimitIsHandedOverWithItsSizeNotItsText() throws {
        let big = String(repeating: "NOTE:xy\n", count: 4000) // 32,000 bytes (XML reads a CRLF as LF)
        let answer = "<D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:carddav\">"
            + "<D:response><D:href>/b/big.vcf</D:href><D:propstat><D:prop><D:getetag>\"1\"</D:getetag><C:address-data>" + big
            + "</C:address-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
            + "<D:response><D:href>/b/small.vcf</D:href><D:propstat><D:prop><D:getetag>\"2\"</D:getetag><C:address-data>BEGIN:VCARD"
            + "</C:address-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>"
        var cards: [CardResource] = []
        let stream = try XMLStream(maximumCardBytes: 10_000) { element in
            if let member = Multistatus.response(element), let card = CardDAVClient.card(member) { cards.append(card) }
        }
        for piece in stride(from: 0, to: answer.utf8.count, by: 777) {
            #expect(stream.feed(Array(Array(answer.utf8)[piece..<min(piece + 777, answer.utf8.count)])))
        }
        #expect(stream.finish() != nil)
        #expect(cards.map(\.href) == ["/b/big.vcf", "/b/small.vcf"])
        #expect(cards[0].tooLargeBytes == big.utf8.count && cards[0].vCard.isEmpty)
        #expect(cards[1].tooLargeBytes == nil && cards[1].vCard == "BEGIN:VCARD")
    }

    @Test func aValueOverTheLimitIsRefusedNotKept() throws {
        let huge = "<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>" + String(repeating: "a", count: XMLStream.maximumKeptBytes + 10)
            + "</D:href></D:response></D:multistatus>"
        let stream = try XMLStream { _ in Issue.record("a response over the limit was handed over") }
        #expect(!stream.feed(Array(huge.utf8)))
        #expect(stream.finish() == nil)
        // A response is held to a card (8 MB by default) and 1 MB for the rest of it.
        #expect(stream.failure == "one of its parts is over 9 MB")
    }
}
