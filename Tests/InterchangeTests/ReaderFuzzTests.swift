import TestSupport
import Testing
@testable import Interchange

/// Random bytes and mutated good files never crash a reader, and every problem names a line
/// inside the input with a message a person can read.
@Suite("Reader fuzz")
struct ReaderFuzzTests {
    static let seedCard = Array("""
    BEGIN:VCARD\r
    VERSION:2.1\r
    N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=\r
    =C3=BCrgen\r
    item1.EMAIL;TYPE="home,pref":a@b.c\r
    PHOTO;ENCODING=BASE64;TYPE=JPEG:AAAA\r
      BBBB\r
    \r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:4.0\r
    FN:Z\\,\\;\\\\\\n\r
    END:VCARD\r

    """.utf8)

    static let alphabet = Array("BEGIN:VCARD END\r\n;:=,\\\"^ \t.-ABCxyz019".utf8) + [0x00, 0x80, 0xC3, 0xBC, 0xFF, 0xE2]

    static func mutate(_ base: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = base
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            switch Int.random(in: 0...3, using: &rng) {
            case 0 where !bytes.isEmpty: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &rng))
            case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: Int.random(in: 0...bytes.count, using: &rng))
            case 2 where !bytes.isEmpty: bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            default:
                let cut = Int.random(in: 0...bytes.count, using: &rng)
                bytes = Array(bytes[..<cut])
            }
        }
        return bytes
    }

    static func lineCount(_ bytes: [UInt8]) -> Int { bytes.filter { $0 == 0x0A || $0 == 0x0D }.count + 1 }

    @Test func vCardReaderNeverCrashesAndAlwaysSaysWhere() throws {
        var rng = SeededGenerator(seed: 6350)
        for i in 0..<3000 {
            let bytes: [UInt8] = i % 3 == 0
                ? (0..<Int.random(in: 0...300, using: &rng)).map { _ in Self.alphabet.randomElement(using: &rng)! }
                : Self.mutate(Self.seedCard, &rng)
            var reader = VCardReader(bytes: bytes)
            for item in try reader.readAll() {
                switch item {
                case .card(let card):
                    _ = VCardDecoder.contact(from: card)
                    _ = VCardWriter(version: .v40).write(VCardDecoder.contact(from: card))
                case .problem(let problem):
                    #expect(problem.line >= 1 && problem.line <= Self.lineCount(bytes), "case \(i): \(problem)")
                    #expect(problem.description.hasPrefix("line \(problem.line): "))
                    #expect(problem.message.count > 5)
                }
            }
        }
    }

    /// Cards in other charsets and in UTF-16, mutated: still never a crash, and every card
    /// whose BEGIN and END survived comes back (a bad byte costs at most its line).
    @Test func mutatedCardsInOtherCharsetsNeverCrashOrLoseTheCard() throws {
        var rng = SeededGenerator(seed: 2426)
        let sjis = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=SHIFT_JIS:".utf8) + [0x8E, 0x52, 0x95, 0x5C, 0x93, 0x63]
            + Array("\r\nORG;CHARSET=KOI8-R;ENCODING=QUOTED-PRINTABLE:=F0=A3=D4=D2=80\r\nEMAIL:a@b.c\r\nEND:VCARD\r\n".utf8)
        let wide = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë\r\nEND:VCARD\r\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for i in 0..<2000 {
            let base = i % 2 == 0 ? sjis : [0xFF, 0xFE] + wide
            // Mutate only inside the card's middle, so BEGIN and END stay whole.
            let headLength = i % 2 == 0 ? 13 : 28
            let tailLength = i % 2 == 0 ? 11 : 22
            var middle = Array(base[headLength..<(base.count - tailLength)])
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                switch Int.random(in: 0...2, using: &rng) {
                case 0 where !middle.isEmpty: middle.remove(at: Int.random(in: 0..<middle.count, using: &rng))
                case 2 where !middle.isEmpty: middle[Int.random(in: 0..<middle.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                default: middle.insert(UInt8.random(in: 0...255, using: &rng), at: Int.random(in: 0...middle.count, using: &rng))
                }
            }
            let bytes = Array(base[..<headLength]) + middle + Array(base[(base.count - tailLength)...])
            var reader = VCardReader(bytes: bytes)
            let items = try reader.readAll()
            let cards = items.compactMap { if case .card(let c) = $0 { return c } else { return nil } }
            for card in cards { _ = VCardWriter(version: .v30).write(VCardDecoder.contact(from: card)) }
            if i % 2 == 0 { #expect(cards.count >= 1, "case \(i): \(items)") }
        }
    }
}
