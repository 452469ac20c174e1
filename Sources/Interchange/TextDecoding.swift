/// Bytes to text in the charset a file or a value declares (any charset iconv knows), and
/// quoted-printable. Decoding never fails: bytes invalid in the declared charset are read in
/// the next candidate that fits (the charset's Windows superset, UTF-8, then windows-1252 with
/// its five unassigned bytes as Latin-1), and what was guessed is told in a note.
enum TextDecoding {
    /// Text read from bytes, and what had to be guessed (nil when the bytes were what they said).
    struct Decoded {
        var text: String
        var note: ReadProblem.Reason?
    }

    /// Decodes `bytes` declared as `charset` (nil: UTF-8, the default of 3.0, 4.0, CSV and abook;
    /// quoted-printable 2.1 values without CHARSET in practice are UTF-8 or windows-1252).
    static func decode(_ bytes: [UInt8], charset: String?) -> Decoded {
        let declared = charset?.trimmingSpaces
        if declared == nil || isUTF8(declared!) {
            if let text = String(validating: bytes, as: UTF8.self) { return Decoded(text: text) }
            return Decoded(text: utf8OrWindows1252(bytes), note: .decodedAs(expected: "UTF-8", used: "windows-1252"))
        }
        let name = declared!
        // Plain ASCII reads the same in every charset vCards declare (UTF-16 aside).
        if !isWide(name), bytes.allSatisfy({ $0 < 0x80 }) {
            return Decoded(text: String(decoding: bytes, as: UTF8.self))
        }
        // A single-byte charset declared over bytes that are valid UTF-8 (a card stored as UTF-8 that
        // still says CHARSET=windows-1252, as servers keep what clients sent): the bytes win, so
        // "John Doë" is not read as "John DoÃ«" (and never written back so). Text really in such a
        // charset is almost never valid UTF-8; the multi-byte charsets are left to their own reading.
        if !isWide(name), !isMultiByte(name), let text = String(validating: bytes, as: UTF8.self) {
            return Decoded(text: text, note: .decodedAs(expected: name, used: "UTF-8"))
        }
        guard let converter = Iconv(from: name) ?? Iconv(from: withoutXPrefix(name)) else {
            if let text = String(validating: bytes, as: UTF8.self) { return Decoded(text: text, note: .unknownCharset(name)) }
            return Decoded(text: utf8OrWindows1252(bytes), note: .unknownCharset(name))
        }
        if !isLatin1(name), let text = convert(bytes, converter) { return Decoded(text: text) }
        if let superset = superset(of: name), let wider = Iconv(from: superset), let text = convert(bytes, wider) {
            return Decoded(text: text)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return Decoded(text: text, note: .decodedAs(expected: name, used: "UTF-8"))
        }
        if isLatin1(name) { return Decoded(text: windows1252(bytes)) }
        return Decoded(text: replacingInvalid(bytes, converter), note: .decodedAs(expected: name, used: name + " (bad bytes as \u{FFFD})"))
    }

    /// The whole of `bytes` through `converter`, or nil at an invalid or incomplete sequence.
    static func convert(_ bytes: [UInt8], _ converter: Iconv) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        converter.reset()
        guard converter.convert(bytes, into: &out) == .done else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// `bytes` through `converter`, each invalid byte (or incomplete end) read as U+FFFD.
    static func replacingInvalid(_ bytes: [UInt8], _ converter: Iconv) -> String {
        var out: [UInt8] = []
        var start = 0
        converter.reset()
        while true {
            switch converter.convert(bytes, from: start, into: &out) {
            case .done: return String(decoding: out, as: UTF8.self)
            case .invalid(let at), .incomplete(let at):
                out += [0xEF, 0xBF, 0xBD]
                start = at + 1
                converter.reset()
            }
        }
    }

    /// windows-1252 through iconv; the bytes it leaves unassigned (0x81, 0x8D, 0x8F, 0x90, 0x9D)
    /// read as Latin-1, so every byte is some character.
    static func windows1252(_ bytes: [UInt8]) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(bytes.count)
        for b in bytes { out.unicodeScalars.append(b < 0x80 ? Unicode.Scalar(b) : high1252[Int(b - 0x80)]) }
        return out
    }

    /// UTF-8 where the bytes are UTF-8, each other byte as windows-1252: a stray `=80` in a
    /// UTF-8 value costs one character, not the value.
    static func utf8OrWindows1252(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0
            if length > 0, i + length <= bytes.count, String(validating: bytes[i..<i + length], as: UTF8.self) != nil {
                out.append(contentsOf: bytes[i..<i + length])
                i += length
            } else {
                out.append(contentsOf: String(high1252[Int(b - 0x80)]).utf8)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The characters of bytes 0x80-0xFF in windows-1252, asked of iconv once.
    static let high1252: [Unicode.Scalar] = {
        let converter = Iconv(from: "WINDOWS-1252")
        return (0x80...0xFF).map { (b: Int) -> Unicode.Scalar in
            var out: [UInt8] = []
            if let converter, converter.convert([UInt8(b)], into: &out) == .done,
               let text = String(validating: out, as: UTF8.self), let scalar = text.unicodeScalars.first {
                return scalar
            }
            return Unicode.Scalar(UInt8(b))
        }
    }()

    static func folded(_ name: String) -> String {
        String(name.uppercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    static func isUTF8(_ name: String) -> Bool { folded(name) == "UTF8" }
    /// The CJK charsets whose two-byte characters can look like UTF-8 (and ISO-2022's escapes).
    static func isMultiByte(_ name: String) -> Bool {
        let f = folded(withoutXPrefix(name))
        return ["SHIFTJIS", "SJIS", "MSKANJI", "WINDOWS31J", "CP932", "GB", "EUC", "BIG5", "KSC", "CP936", "CP949", "CP950", "ISO2022", "HZ", "JOHAB", "UHC"]
            .contains { f.hasPrefix($0) }
    }

    static func isWide(_ name: String) -> Bool { let f = folded(name); return f.hasPrefix("UTF16") || f.hasPrefix("UTF32") || f.hasPrefix("UCS") }
    /// ISO-8859-1 and US-ASCII are read as windows-1252, their superset, as browsers do: files
    /// that declare them were mostly written on Windows.
    static func isLatin1(_ name: String) -> Bool { ["ISO88591", "LATIN1", "ISO885911987", "L1", "USASCII", "ASCII", "CP819"].contains(folded(name)) }

    static func withoutXPrefix(_ name: String) -> String {
        name.lowercased().hasPrefix("x-") ? String(name.dropFirst(2)) : name
    }

    /// The Windows (or newer) charset that extends `name`: what files declaring `name` hold.
    static func superset(of name: String) -> String? {
        switch folded(withoutXPrefix(name)) {
        case "ISO88591", "LATIN1", "ISO885911987", "L1", "USASCII", "ASCII", "CP819": "WINDOWS-1252"
        case "SHIFTJIS", "SJIS", "MSKANJI": "CP932"
        case "GB2312", "EUCCN", "GBK", "CP936": "GB18030"
        case "BIG5": "BIG5-HKSCS"
        case "EUCKR", "KSC5601": "CP949"
        case "ISO88599", "LATIN5": "WINDOWS-1254"
        default: nil
        }
    }

    /// Quoted-printable (RFC 2045 6.7): `=XX` is a byte, `=` at the end of a line a soft break
    /// (the reader has joined those lines already); a malformed `=` stays as it is.
    static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "="), let h = hex(bytes, i + 1), let l = hex(bytes, i + 2) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }

    private static func hex(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return bytes[index] - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return bytes[index] - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return bytes[index] - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
