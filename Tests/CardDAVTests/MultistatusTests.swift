import Testing
@testable import CardDAV

/// Servers' multistatus answers read by namespace, whatever prefixes they pick.
struct MultistatusTests {
    static let syncAnswer = """
        <?xml version="1.0" encoding="utf-8"?>
        <x:multistatus xmlns:x="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:other="DAV:fake">
          <x:response>
            <x:href>/alice/book/a%20b.vcf</x:href>
            <x:propstat><x:prop><x:getetag>"e1"</x:getetag><card:address-data><![CDATA[BEGIN:VCARD
        FN:A & B
        END:VCARD
        ]]></card:address-data></x:prop><x:status>HTTP/1.1 200 OK</x:status></x:propstat>
            <x:propstat><x:prop><other:getetag>fake</other:getetag></x:prop><x:status>HTTP/1.1 404 Not Found</x:status></x:propstat>
          </x:response>
          <response xmlns="DAV:"><href> /alice/book/gone.vcf </href><status>HTTP/1.1 404 Not Found</status></response>
          <x:response><x:propstat><x:prop/></x:propstat></x:response>
          <x:sync-token>http://radicale.org/ns/sync/42</x:sync-token>
        </x:multistatus>
        """

    @Test func aSyncAnswerIsReadByNamespaceWhateverThePrefixes() throws {
        let root = try #require(try XMLLibrary.shared().parse(Array(Self.syncAnswer.utf8)))
        let multistatus = try Multistatus(root, url: "http://h/")
        #expect(multistatus.syncToken == "http://radicale.org/ns/sync/42")
        #expect(multistatus.responses.map(\.href) == ["/alice/book/a%20b.vcf", "/alice/book/gone.vcf"]) // the one without href is skipped
        let first = multistatus.responses[0]
        #expect(first.property("DAV:", "getetag")?.trimmedText == "\"e1\"")
        #expect(first.property(DAVNamespace.cardDAV, "address-data")?.text == "BEGIN:VCARD\nFN:A & B\nEND:VCARD\n")
        #expect(first.missing.map(\.namespace) == ["DAV:fake"]) // same name, other namespace: not DAV:getetag
        #expect(multistatus.responses[1].status == 404)
    }

    @Test func anAnswerThatIsNotAMultistatusSaysWhatItIs() throws {
        let root = try #require(try XMLLibrary.shared().parse(Array("<html><body>Log in</body></html>".utf8)))
        #expect(throws: CardDAVError.malformedAnswer(url: "http://h/", detail: "its root element is <html> in “”, not DAV:multistatus")) {
            try Multistatus(root, url: "http://h/")
        }
        #expect(try XMLLibrary.shared().parse(Array("<a><b></a>".utf8)) == nil)
        #expect(try XMLLibrary.shared().parse([]) == nil)
    }

    @Test func aTruncatedSyncAnswerSaysSoAndKeepsWhatItGave() throws {
        let answer = """
            <multistatus xmlns="DAV:"><response><href>/alice/book/</href><status>HTTP/1.1 507 Insufficient Storage</status></response>
            <response><href>/alice/book/a.vcf</href><propstat><prop><getetag>"1"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>
            <sync-token>t2</sync-token></multistatus>
            """
        let root = try #require(try XMLLibrary.shared().parse(Array(answer.utf8)))
        let multistatus = try Multistatus(root, url: "http://h/")
        let changes = CardDAVClient.changes(in: multistatus)
        #expect(changes.truncated)
        #expect(changes.deleted.isEmpty) // the 507 is not a deleted card
        #expect(changes.changed.map(\.href) == ["/alice/book/a.vcf"])
        #expect(changes.syncToken == "t2")
        let whole = try #require(try XMLLibrary.shared().parse(Array(Self.syncAnswer.utf8)))
        #expect(!CardDAVClient.changes(in: try Multistatus(whole, url: "h")).truncated)
    }

    @Test func statusLinesAreReadForTheirCode() {
        #expect(Multistatus.status("HTTP/1.1 200 OK") == 200)
        #expect(Multistatus.status("  HTTP/1.1   507 Insufficient Storage") == 507)
        #expect(Multistatus.status("200 OK") == nil)
        #expect(Multistatus.status("HTTP/1.1 abc") == nil)
        #expect(Multistatus.status("HTTP/1.1 99999999999999999999") == nil)
    }

    @Test func xmlSentHasItsSpecialCharactersEscaped() {
        #expect(CardDAVClient.escaped("a&b<c>\"d\" é") == "a&amp;b&lt;c&gt;&quot;d&quot; é")
    }
}
