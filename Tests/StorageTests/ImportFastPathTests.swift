import AppServices
import TestSupport
import Testing

/// The import's shortcuts give what the general rules give (they were added for the 100k import's speed).
@Suite("import fast paths agree with the rules")
struct ImportFastPathTests {
    @Test func whiteSpaceFromTheShortListIsUnicodesWhiteSpace() {
        var different: [String] = []
        for value in UInt32(0)...UInt32(0x10FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if SearchText.isWhiteSpace(scalar) != scalar.properties.isWhitespace { different.append(String(value, radix: 16)) }
        }
        #expect(different.isEmpty, "differ at U+\(different.prefix(10))")
    }

    @Test func numbersOfDigitsAndPunctuationAreTheRulesNumbers() {
        // Seeded: every length up to past the limit, from the characters a plain number has, and a few that make it not plain.
        var generator = SeededGenerator(seed: 36)
        let plain = Array("0123456789 +-().//")
        let other = Array("xXeEt:;=a#ö")
        for round in 0..<20_000 {
            let length = Int.random(in: 0...(PhoneText.maxLength + 4), using: &generator)
            var text = String((0..<length).map { _ in plain.randomElement(using: &generator)! })
            if round % 3 == 0, !text.isEmpty {
                text.insert(other.randomElement(using: &generator)!, at: text.index(text.startIndex, offsetBy: Int.random(in: 0..<text.count, using: &generator)))
            }
            let trimmed = SearchText.trimmed(text)
            #expect(PhoneText.stored(text) == PhoneText.storedByRule(trimmed), "“\(text)”")
        }
    }
}
