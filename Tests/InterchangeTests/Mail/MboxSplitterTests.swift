import Testing
import TestSupport
@testable import Interchange

/// Issue 50: an mbox split into its messages as its bytes come, whatever the chunks, keeping only
/// headers; a body's "From " line that is no message (quoted, or not after an empty line, or with
/// no date) stays in the body; the dates of `Date:` fields and "From " lines.
@Suite("mbox splitter and mail dates")
struct MboxSplitterTests {
    static func split(_ bytes: [UInt8], chunks: [Int], from start: Int64 = 0) -> [MboxSplitter.Message] {
        var splitter = MboxSplitter(startingAt: start)
        var found: [MboxSplitter.Message] = []
        var at = 0, next = 0
        while at < bytes.count {
            let size = max(1, chunks[next % chunks.count])
            next += 1
            splitter.take(bytes[at..<min(bytes.count, at + size)]) { found.append($0) }
            at += size
        }
        splitter.finish { found.append($0) }
        return found
    }

    static let sample = """
        From a@x Thu Dec  3 10:00:00 2026
        From: A <a@x.example>
        Subject: one
         folded

        Body.
        >From the quoted line.

        From here, not a message (no date).
        From b@x Thu Dec  3 10:00:00 2026 (a body line not after an empty line)

        From c@x Fri Dec  4 11:00:00 2026
        From: C <c@x.example>

        From d@x Sat Dec  5 12:00:00 2026
        From: D <d@x.example>
        Date: Sat, 5 Dec 2026 12:00:00 -0500

        last body
        """

    @Test func splitsWhereMuttWould() {
        let bytes = Array(Self.sample.utf8)
        let messages = Self.split(bytes, chunks: [1 << 16])
        #expect(messages.map { String(decoding: $0.header, as: UTF8.self) } == [
            "From: A <a@x.example>\nSubject: one\n folded\n",
            "From: C <c@x.example>\n",
            "From: D <d@x.example>\nDate: Sat, 5 Dec 2026 12:00:00 -0500\n",
        ])
        #expect(messages[0].start == 0 && messages[1].start == messages[0].end && messages[2].end == Int64(bytes.count))
        #expect(Array(bytes[Int(messages[1].start)..<Int(messages[1].start) + 5]) == Array("From ".utf8))
        #expect(messages.allSatisfy { !$0.headerTooLong })
        // Resumed at the second message's start: the same two after it.
        let resumed = Self.split(Array(bytes[Int(messages[1].start)...]), chunks: [7], from: messages[1].start)
        #expect(resumed.map(\.start) == [messages[1].start, messages[2].start] && resumed.map(\.end) == [messages[1].end, messages[2].end])
    }

    @Test func aHeaderPastTheLimitIsMarkedNotKept() {
        var text = "From a@x Thu Dec  3 10:00:00 2026\nFrom: a@x.example\nX-Long: "
        text += String(repeating: "y", count: MailHeaderSection.limit + 10) + "\n\nbody\n"
        let messages = Self.split(Array(text.utf8), chunks: [4096])
        #expect(messages.count == 1 && messages[0].headerTooLong && messages[0].header.count <= MailHeaderSection.limit)
    }

    @Test func notAnMbox() {
        var splitter = MboxSplitter()
        splitter.take(Array("Dear diary,\nFrom a@x Thu Dec  3 10:00:00 2026\n".utf8)) { _ in }
        #expect(splitter.notAnMbox)
    }

    @Test func dates() {
        #expect(MailDate.seconds(rfc5322: "Thu, 3 Dec 2026 10:00:00 +0100") == 1796288400) // 2026-12-03 09:00 UTC
        #expect(MailDate.seconds(rfc5322: "3 Dec 26 10:00 EST (Eastern)") == 1796310000)
        #expect(MailDate.seconds(rfc5322: " Mon,  1 Jan 1990 00:00:00 GMT") == 631152000)
        #expect(MailDate.seconds(rfc5322: "yesterday") == nil)
        #expect(MailDate.seconds(rfc5322: "Thu, 32 Dec 2026 10:00:00 +0000") == nil)
        #expect(MailDate.seconds(fromLine: "From someone@x Thu Dec  3 10:00:00 2026") == 1796292000)
        #expect(MailDate.seconds(fromLine: "From MAILER-DAEMON Fri Jul  8 12:08:34 2011 +0200") == 1310126914)
        #expect(MailDate.seconds(fromLine: "From here, not a message") == nil)
    }

    /// Seeded fuzz: random messages (headers of random lines, bodies with "From " lines quoted and
    /// not, empty lines, CRLF, binary bytes) split in random chunks give the same messages as the
    /// whole file in one chunk, each starting where a "From " line with a date follows an empty line.
    @Test func anyChunkingSplitsTheSameWay() {
        var random = SeededGenerator(seed: 50)
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                bytes += Array("From x@y Thu Dec  3 10:00:00 2026\n".utf8)
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    bytes += Array("X-\(Int.random(in: 0...99, using: &random)): v\(Bool.random(using: &random) ? "\r" : "")\n".utf8)
                }
                if Bool.random(using: &random) { bytes.append(0x0A) }
                for _ in 0..<Int.random(in: 0...5, using: &random) {
                    switch Int.random(in: 0...4, using: &random) {
                    case 0: bytes += Array("\n".utf8)
                    case 1: bytes += Array(">From x@y Thu Dec  3 10:00:00 2026\n".utf8)
                    case 2: bytes += Array("From no date here\n".utf8)
                    case 3: bytes += (0..<Int.random(in: 0...30, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                    default: bytes += Array("text\n".utf8)
                    }
                }
                bytes += Array("\n".utf8)
            }
            let whole = Self.split(bytes, chunks: [bytes.count + 1])
            let chunks = (0..<5).map { _ in Int.random(in: 1...40, using: &random) }
            let pieces = Self.split(bytes, chunks: chunks)
            #expect(whole.map(\.start) == pieces.map(\.start) && whole.map(\.end) == pieces.map(\.end))
            #expect(whole.map(\.header) == pieces.map(\.header))
            for m in whole { #expect(Array(bytes[Int(m.start)..<Int(m.start) + 5]) == Array("From ".utf8)) }
            #expect(whole.last.map { $0.end == Int64(bytes.count) } ?? true)
        }
    }
}
