/// RFC 2047's encoded words (`=?UTF-8?Q?J=C3=BCrgen?=`, `=?ISO-8859-1?B?SvxyZ2Vu?=`): a charset,
/// Q or B, and the text; the bytes are read in their charset through iconv (any charset it knows:
/// ISO-8859-x, windows-125x, Shift_JIS, ISO-2022-JP, KOI8-R, GB2312, Big5…). Strict: a word whose
/// text is not valid in its encoding or charset is a problem, not a guess.
enum EncodedWord {
    /// The length of the encoded word at `start` of `text`, or nil when none starts there (a
    /// literal "=?" is text).
    static func length(in text: [Unicode.Scalar], at start: Int) -> Int? {
        guard start + 1 < text.count, text[start] == "=", text[start + 1] == "?" else { return nil }
        var i = start + 2, marks = 0
        while i < text.count {
            let c = text[i]
            if c == " " || c == "\t" || c.value < 0x21 || c.value > 0x7E { return nil }
            if c == "?" {
                marks += 1
                if marks == 3 {
                    guard i + 1 < text.count, text[i + 1] == "=" else { return nil }
                    return i + 2 - start
                }
                // The encoding is one letter.
                if marks == 2, i - 2 < start + 2 || text[i - 2] != "?" { return nil }
            }
            i += 1
        }
        return nil
    }

    /// The text of one encoded word (`=?charset?X?text?=`).
    static func decode(_ word: String) throws(MailProblem) -> String {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 8 else { throw .malformedEncodedWord(word) }
        let inner = Array(scalars[2..<(scalars.count - 2)])
        guard let q1 = inner.firstIndex(of: "?"), q1 + 2 < inner.count, inner[q1 + 2] == "?" else { throw .malformedEncodedWord(word) }
        var charset = String(String.UnicodeScalarView(inner[..<q1]))
        if let star = charset.firstIndex(of: "*") { charset = String(charset[..<star]) } // RFC 2231's language
        guard !charset.isEmpty else { throw .malformedEncodedWord(word) }
        let payload = Array(inner[(q1 + 3)...])
        let bytes: [UInt8]
        switch inner[q1 + 1] {
        case "Q", "q": bytes = try quoted(payload, word: word)
        case "B", "b": bytes = try base64(payload, word: word)
        default: throw .malformedEncodedWord(word)
        }
        return try text(of: bytes, charset: charset, word: word)
    }

    /// Q: `_` is a space, `=XX` a byte, every other character itself.
    private static func quoted(_ payload: [Unicode.Scalar], word: String) throws(MailProblem) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < payload.count {
            let c = payload[i]
            if c == "_" { out.append(0x20); i += 1; continue }
            if c == "=" {
                guard i + 2 < payload.count, let high = hex(payload[i + 1]), let low = hex(payload[i + 2]) else { throw .malformedEncodedWord(word) }
                out.append(high << 4 | low)
                i += 3
                continue
            }
            out.append(UInt8(c.value))
            i += 1
        }
        return out
    }

    private static func hex(_ c: Unicode.Scalar) -> UInt8? {
        switch c.value {
        case 0x30...0x39: UInt8(c.value - 0x30)
        case 0x41...0x46: UInt8(c.value - 0x41 + 10)
        case 0x61...0x66: UInt8(c.value - 0x61 + 10)
        default: nil
        }
    }

    /// B: base64 (RFC 4648), padded to a multiple of four.
    private static func base64(_ payload: [Unicode.Scalar], word: String) throws(MailProblem) -> [UInt8] {
        guard payload.count % 4 == 0 else { throw .malformedEncodedWord(word) }
        var out: [UInt8] = [], bits: UInt32 = 0, count = 0, padding = 0
        for c in payload {
            let v: UInt32
            switch c.value {
            case 0x41...0x5A: v = c.value - 0x41
            case 0x61...0x7A: v = c.value - 0x61 + 26
            case 0x30...0x39: v = c.value - 0x30 + 52
            case 0x2B: v = 62
            case 0x2F: v = 63
            case 0x3D: padding += 1; v = 0
            default: throw .malformedEncodedWord(word)
            }
            if c != "=" && padding > 0 { throw .malformedEncodedWord(word) }
            bits = bits << 6 | v
            count += 1
            if count == 4 {
                out += [UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
                bits = 0
                count = 0
            }
        }
        guard padding <= 2 else { throw .malformedEncodedWord(word) }
        out.removeLast(padding)
        return out
    }

    /// The bytes read in `charset`: UTF-8 checked; Latin-1 as windows-1252 (what mail labelled
    /// ISO-8859-1 holds); any other through iconv, every byte valid or none.
    private static func text(of bytes: [UInt8], charset: String, word: String) throws(MailProblem) -> String {
        let name = charset.uppercased()
        if name == "UTF-8" || name == "UTF8" || name == "US-ASCII" || name == "ASCII" {
            guard let text = String(validating: bytes, as: UTF8.self), name.hasPrefix("UTF") || bytes.allSatisfy({ $0 < 0x80 }) else {
                throw .malformedEncodedWord(word)
            }
            return text
        }
        if name == "ISO-8859-1" || name == "LATIN1" || name == "ISO_8859-1" { return TextDecoding.windows1252(bytes) }
        guard let converter = Iconv(from: charset) else { throw .unknownCharset(charset) }
        guard let text = TextDecoding.convert(bytes, converter) else { throw .malformedEncodedWord(word) }
        return text
    }
}
