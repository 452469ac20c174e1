import AppServices
import Foundation
import Storage
import Testing

/// `SearchText.fold` without Foundation gives what Foundation's folding gave (the sort keys
/// and search documents already in people's files were made with it).
@Suite("folding without Foundation")
struct SearchTextFoldingTests {
    static func foundation(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.lowercased()
            : text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    static func hex(_ text: String) -> String { text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }

    @Test func everyCharacterAloneFoldsAsFoundationFoldsIt() {
        var different: [String] = []
        for value in UInt32(0x20)...UInt32(0x10FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            if category == .unassigned || category == .privateUse || category == .surrogate { continue }
            let text = String(Character(scalar))
            if SearchText.fold(text) != Self.foundation(text) { different.append(String(value, radix: 16)) }
        }
        #expect(different.isEmpty, "\(different.count) differ: \(different.prefix(20))")
    }

    @Test func aLetterWithEveryMarkFoldsAsFoundationFoldsIt() {
        var different: [String] = []
        for base in ["a", "и", "α", "中", "최", "ｶ", "カ", "👍", "ا", "क", "1"] {
            for value in UInt32(0x300)...UInt32(0xE01EF) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let category = scalar.properties.generalCategory
                guard category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
                        || scalar.properties.isGraphemeExtend || scalar.properties.isVariationSelector else { continue }
                let text = base + String(Character(scalar))
                if SearchText.fold(text) != Self.foundation(text) {
                    different.append("\(base)+\(String(value, radix: 16)): \(Self.hex(SearchText.fold(text))) not \(Self.hex(Self.foundation(text)))")
                }
            }
        }
        #expect(different.isEmpty, "\(different.count) differ: \(different.prefix(20))")
    }

    @Test func namesAndWordsFoldAsFoundationFoldsThem() {
        var generator = ContactGenerator(seed: 7)
        var texts = ["Ångström", "Straße", "İstanbul", "ΟΔΟΣ", "Łódź", "Đặng Thị", "ｶﾞｷﾞ", "ﬁne", "Ｆｕｌｌ", "Zoë Saldaña",
                     "Ÿvonne", "e\u{301}cole", "ñ", "Ǆemal", "Ⅻ", "①", "👍🏽 ok", "🇫🇷", "❤️", "Ærøskøbing", "Þór", "Ñandú"]
        for _ in 0..<3_000 {
            let c = generator.next(friendPercent: 50)
            texts += [c.firstName, c.lastName, c.company] + c.emails
        }
        let different = texts.filter { SearchText.fold($0) != Self.foundation($0) }
        #expect(different.isEmpty, "\(different.prefix(20).map { "\($0): \(Self.hex(SearchText.fold($0))) not \(Self.hex(Self.foundation($0)))" })")
    }
}
