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
}
