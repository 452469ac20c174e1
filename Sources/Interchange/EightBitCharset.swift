/// The 8-bit charset of text that is not UTF-8 and says nothing of its charset (a CSV file from
/// Excel or Outlook: windows-1252 in Western Europe and the Americas, windows-1250 in Central
/// Europe, windows-1251 or KOI8-R in Cyrillic), found from its letters.
///
/// Each candidate reads the sample's bytes above 0x7F; it scores a point for a letter its
/// languages use often (é, ø in windows-1252; ł, ř, ě in windows-1250; any Cyrillic letter,
/// lowercase ones twice, in windows-1251 and KOI8-R) and loses points for a byte that is no
/// letter in it (³, ¿, a box-drawing line) next to letters, for a Cyrillic letter inside a Latin
/// word, and for three accented letters in a row in a Latin charset. The best score wins;
/// windows-1252 on a tie (German, Spanish and Swedish letters read the same in 1250 and 1252).
public struct EightBitCharset: Equatable, Sendable {
    /// The name iconv knows it by ("WINDOWS-1251").
    public let name: String
    /// The characters of bytes 0x80-0xFF (nil for a byte the charset leaves unassigned).
    let high: [Unicode.Scalar?]

    public static let windows1252 = EightBitCharset(name: "WINDOWS-1252")
    public static let windows1250 = EightBitCharset(name: "WINDOWS-1250")
    public static let windows1251 = EightBitCharset(name: "WINDOWS-1251")
    public static let koi8r = EightBitCharset(name: "KOI8-R")
    /// The candidates, in the order a tie is decided.
    public static let candidates = [windows1252, windows1250, windows1251, koi8r]

    private init(name: String) {
        self.name = name
        let converter = Iconv(from: name)
        high = (0x80...0xFF).map { (b: Int) -> Unicode.Scalar? in
            var out: [UInt8] = []
            guard let converter else { return nil }
            converter.reset()
            guard converter.convert([UInt8(b)], into: &out) == .done,
                  let text = String(validating: out, as: UTF8.self) else { return nil }
            return text.unicodeScalars.first
        }
    }

    public static func == (a: EightBitCharset, b: EightBitCharset) -> Bool { a.name == b.name }

    /// The candidate that reads `sample` best (windows-1252 when nothing tells them apart).
    public static func guess(_ sample: [UInt8]) -> EightBitCharset {
        var best = windows1252, bestScore = Int.min
        for candidate in candidates {
            let score = candidate.score(sample)
            if score > bestScore { best = candidate; bestScore = score }
        }
        return best
    }

    private static let commonLatin: [String: Set<Unicode.Scalar>] = [
        "WINDOWS-1252": Set("àáâãäåæçèéêëíîïñòóôõöøúûüœß".unicodeScalars),
        "WINDOWS-1250": Set("ąćęłńóśźżčďěňřšťůžáéíýúôäöüőűľĺŕăâîşţß".unicodeScalars),
    ]

    /// How well this charset reads the bytes above 0x7F of `sample` (higher is better).
    func score(_ sample: [UInt8]) -> Int {
        let common = Self.commonLatin[name]
        var score = 0
        for (i, b) in sample.enumerated() where b >= 0x80 {
            let before = i > 0 ? sample[i - 1] : 0x20, after = i + 1 < sample.count ? sample[i + 1] : 0x20
            let latinNeighbour = Self.isASCIILetter(before) || Self.isASCIILetter(after)
            let highNeighbour = before >= 0x80 || after >= 0x80
            guard let c = high[Int(b - 0x80)], c.properties.isAlphabetic else {
                score -= latinNeighbour || highNeighbour ? 3 : 1
                continue
            }
            if (0x400...0x4FF).contains(c.value) {
                if latinNeighbour { score -= 2; continue }
                score += c.properties.isLowercase ? 2 : 1
            } else if let common {
                let lower = c.properties.lowercaseMapping.unicodeScalars.first ?? c
                if common.contains(lower) { score += 1 }
                if before >= 0x80, after >= 0x80 { score -= 1 }
            } else {
                score -= 1 // a Latin letter in a Cyrillic charset
            }
        }
        return score
    }

    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// `bytes` (not valid UTF-8) as text in this charset, every byte some character (an
    /// unassigned one as the Latin-1 character of that number). In windows-1252, the guess when
    /// nothing else fits, the parts that are UTF-8 stay UTF-8: a stray byte in a UTF-8 file
    /// costs one character, not the field's other letters.
    public func decode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        let keepsUTF8 = name == Self.windows1252.name
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : !keepsUTF8 ? 0 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0
            if length > 0, i + length <= bytes.count, length == 1 || String(validating: bytes[i..<i + length], as: UTF8.self) != nil {
                out.append(contentsOf: bytes[i..<i + length])
                i += length
            } else {
                out.append(contentsOf: String(high[Int(b - 0x80)] ?? Unicode.Scalar(b)).utf8)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
