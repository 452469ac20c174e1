import Testing
import TestSupport
@testable import Interchange

/// Issue 50: the address fields of messages as mail programs write them (RFC 5322's and RFC
/// 2047's own examples, and the shapes Outlook, Gmail, Thunderbird, mutt and Japanese and
/// Chinese mailers send): encoded words in UTF-8, ISO-8859-1/15, Shift_JIS, ISO-2022-JP, KOI8-R;
/// groups; comments; display names with commas and quotes; folded lines.
@Suite("Mail header corpus")
struct MailHeaderCorpusTests {
    static func addresses(_ header: String, field: String = "From") throws -> [MailAddress] {
        let section = try MailHeaderSection(bytes: Array(header.utf8))
        return try section.values(of: field).flatMap { value throws in try MailAddressList.parse(value, field: field) }
    }

    static func one(_ name: String, _ address: String) -> [MailAddress] { [MailAddress(name: name, address: address)] }

    static let corpus: [(String, [MailAddress])] = [
        ("From: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <jm@example.de>\r\n", one("Jürgen Müller", "jm@example.de")),
        ("From: =?utf-8?q?J=c3=bcrgen?= <jm@example.de>\n", one("Jürgen", "jm@example.de")),
        ("From: =?ISO-8859-1?Q?Andr=E9?= Pirard <PIRARD@vm1.ulg.ac.be>\r\n", one("André Pirard", "PIRARD@vm1.ulg.ac.be")),
        ("From: =?ISO-8859-1?B?SvxyZ2Vu?= <j@example.de>\r\n", one("Jürgen", "j@example.de")),
        ("From: =?ISO-8859-15?Q?=A4uro_Caf=E9?= <cafe@example.fr>\r\n", one("€uro Café", "cafe@example.fr")),
        ("From: =?Shift_JIS?B?jlKTY5G+mFk=?= <yamada@example.jp>\r\n", one("山田太郎", "yamada@example.jp")),
        ("From: =?ISO-2022-JP?B?GyRCOzNFREJATzobKEI=?= <yamada@example.jp>\r\n", one("山田太郎", "yamada@example.jp")),
        ("From: =?KOI8-R?B?6dfBziDwxdTSz9c=?= <ivan@example.ru>\r\n", one("Иван Петров", "ivan@example.ru")),
        ("From: \"=?UTF-8?B?5byg5LiJ?=\" <zhang@example.cn>\r\n", one("张三", "zhang@example.cn")),
        // RFC 2047 section 8: white space between adjacent encoded words is not shown.
        ("From: (=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=) ab@example.org\r\n", one("ab", "ab@example.org")),
        ("From: =?ISO-8859-1?Q?a?=  =?ISO-8859-1?Q?b?= <ab@example.org>\r\n", one("ab", "ab@example.org")),
        ("From: =?ISO-8859-1?Q?a?= b <ab@example.org>\r\n", one("a b", "ab@example.org")),
        // Folded.
        ("From: =?UTF-8?Q?Fran=C3=A7ois?=\r\n =?UTF-8?Q?_Dupont?=\r\n\t<fd@example.fr>\r\nSubject: x\r\n", one("François Dupont", "fd@example.fr")),
        ("From: \"Doe, John\" <john.doe@example.com>\r\n", one("Doe, John", "john.doe@example.com")),
        ("From: Doe, Jane <jane@example.com>\r\n", one("Doe, Jane", "jane@example.com")),
        ("From: \"John \\\"Johnny\\\" Smith\" <js@example.com>\r\n", one("John \"Johnny\" Smith", "js@example.com")),
        ("From: John Q. Public <JQB@bar.example>\r\n", one("John Q. Public", "JQB@bar.example")),
        ("From: Pete(A nice \\) chap) <pete(his account)@silly.test(his host)>\r\n", one("Pete", "pete@silly.test")),
        ("From: user@example.org (Ada Lovelace)\r\n", one("Ada Lovelace", "user@example.org")),
        ("From: user@example.org\r\n", one("", "user@example.org")),
        ("From: <@route.example,@two.example:user@example.org>\r\n", one("", "user@example.org")),
        ("From: \"Jürgen Müller\" <jm@example.de>\r\n", one("Jürgen Müller", "jm@example.de")),
        ("From: \"joe smith\"@example.org\r\n", one("", "\"joe smith\"@example.org")),
        ("From: alice@example.org <alice@example.org>\r\n", one("alice@example.org", "alice@example.org")),
        ("From: \"Mary Smith: Personal Account\" <smith@home.example>\r\n", one("Mary Smith: Personal Account", "smith@home.example")),
        ("From: a literal =?is not a word <lit@example.org>\r\n", one("a literal =?is not a word", "lit@example.org")),
    ]

    @Test func everyShapeIsRead() throws {
        for (header, expected) in Self.corpus {
            #expect(try Self.addresses(header) == expected, "\(header.debugDescription)")
        }
    }

    @Test func groupsAndListsGiveEveryMailbox() throws {
        // RFC 5322 A.1.3 and A.5.
        let to = try Self.addresses("To: A Group:Ed Jones <c@a.test>,joe@where.test,John <jdoe@one.test>;\r\nCc: Undisclosed recipients:;\r\n", field: "To")
        #expect(to == [MailAddress(name: "Ed Jones", address: "c@a.test"), MailAddress(name: "", address: "joe@where.test"), MailAddress(name: "John", address: "jdoe@one.test")])
        #expect(try Self.addresses("Cc: Undisclosed recipients:;\r\n", field: "Cc") == [])
        let commented = try Self.addresses("To:A Group(Some people)\r\n     :Chris Jones <c@(Chris's host.)public.example>,\r\n         joe@example.org,\r\n  John <jdoe@one.test> (my dear friend); (the end of the group)\r\n", field: "To")
        #expect(commented == [MailAddress(name: "Chris Jones", address: "c@public.example"), MailAddress(name: "", address: "joe@example.org"), MailAddress(name: "John", address: "jdoe@one.test")])
        let mixed = try Self.addresses("To: \"Smith, Bob\" <bob@x.org>, =?UTF-8?Q?Zo=C3=AB?= <zoe@x.org>,\r\n plain@x.org, , Team: a@x.org;\r\n", field: "To")
        #expect(mixed.map(\.address) == ["bob@x.org", "zoe@x.org", "plain@x.org", "a@x.org"])
        #expect(mixed[1].name == "Zoë")
    }

    @Test(arguments: [
        ("From: =?UTF-8?B?not*base64?= <x@example.org>\r\n", MailProblem.malformedEncodedWord("=?UTF-8?B?not*base64?=")),
        ("From: =?UTF-8?Q?=ZZ?= <x@example.org>\r\n", MailProblem.malformedEncodedWord("=?UTF-8?Q?=ZZ?=")),
        ("From: =?UTF-8?Q?=FF?= <x@example.org>\r\n", MailProblem.malformedEncodedWord("=?UTF-8?Q?=FF?=")),
        ("From: =?UTF-8?X?abc?= <x@example.org>\r\n", MailProblem.malformedEncodedWord("=?UTF-8?X?abc?=")),
        ("From: =?X-NO-SUCH-CHARSET?Q?abc?= <x@example.org>\r\n", MailProblem.unknownCharset("X-NO-SUCH-CHARSET")),
        ("From: =?Shift_JIS?B?jlKTY5G+mA==?= <x@example.org>\r\n", MailProblem.malformedEncodedWord("=?Shift_JIS?B?jlKTY5G+mA==?=")),
        ("From: \"unterminated <x@example.org>\r\n", MailProblem.malformedAddress(field: "From", text: " \"unterminated <x@example.org>")),
        ("From: Just A Name\r\n", MailProblem.malformedAddress(field: "From", text: "Just A Name")),
        ("From: <x@example.org\r\n", MailProblem.malformedAddress(field: "From", text: " <x@example.org")),
    ])
    func badFieldsSayWhatIsWrong(header: String, problem: MailProblem) {
        #expect(throws: problem) { try Self.addresses(header) }
    }

    @Test func badMessagesSayWhatIsWrong() {
        #expect(throws: MailProblem.empty) { try MailHeaderSection(bytes: [UInt8]()) }
        #expect(throws: MailProblem.notAMessage(line: 3)) { try MailHeaderSection(bytes: [0x89] + Array("PNG\r\n\u{1A}\n".utf8) + [0, 0, 0, 13]) }
        #expect(throws: MailProblem.notAMessage(line: 1)) { try MailHeaderSection(bytes: Array("just some text\nmore\n".utf8)) }
        #expect(throws: MailProblem.eightBit(field: "From")) { try MailHeaderSection(bytes: Array("From: J".utf8) + [0xFC] + Array("rgen <j@x.de>\r\n".utf8)) }
        #expect(throws: MailProblem.notAMessage(line: 2)) { try MailHeaderSection(bytes: Array("From: a@x.org\nSub\u{0}ject: x\n".utf8)) }
        // The mbox separator line before the header is passed over; the body is not read.
        let mbox = try? MailHeaderSection(bytes: Array("From a@x.org Mon Dec  7 02:00:00 2026\nFrom: a@x.org\n\nbody: not a field\n".utf8))
        #expect(mbox?.values(of: "from") == [" a@x.org"])
        #expect(MailProblem.eightBit(field: "From").message.contains("not UTF-8"))
    }

    /// Seeded: fields made of the corpus's pieces, cut, repeated and mixed with random bytes.
    /// Nothing crashes, and whatever is read is a mailbox with an address.
    @Test func fuzzedHeadersNeverCrashAndGiveOnlyAddresses() {
        var rng = SeededGenerator(seed: 5050)
        let pieces = Self.corpus.map(\.0) + ["\"", "<", ">", "(", ")", "\\", ",", ";", ":", "@", "=?", "?=", "=?UTF-8?Q?", "=?UTF-8?B?", "\r\n ", "\r\n", "\n\n", "\t", " ", "=C3", "=?ISO-2022-JP?B?GyRC", "From: ", "To: ", "[", "]"]
        var read = 0
        for _ in 0..<3000 {
            var bytes: [UInt8] = Array("From: ".utf8)
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                if Int.random(in: 0..<8, using: &rng) == 0 {
                    bytes += (0..<Int.random(in: 1...8, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                } else {
                    let piece = Array(pieces.randomElement(using: &rng)!.utf8)
                    let cut = Int.random(in: 0...piece.count, using: &rng)
                    bytes += Bool.random(using: &rng) ? Array(piece[..<cut]) : piece
                }
            }
            do {
                let section = try MailHeaderSection(bytes: bytes)
                for field in ["From", "To"] {
                    for value in section.values(of: field) {
                        for mailbox in try MailAddressList.parse(value, field: field) {
                            #expect(mailbox.address.contains("@") || mailbox.address.hasPrefix("\""), "\(bytes)")
                            read += 1
                        }
                    }
                }
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
        #expect(read > 300)
    }
}
