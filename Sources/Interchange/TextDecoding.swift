/// Bytes to text for the charsets vCard 2.1 files declare, and quoted-printable.
enum TextDecoding {
    enum Failure: Error { case invalid(String), unknownCharset(String) }

    /// Decodes `bytes` in `charset` (nil: UTF-8). Throws for bytes invalid in it.
    static func decode(_ bytes: some Collection<UInt8>, charset: String?) throws(Failure) -> String {
        switch charset?.uppercased() {
        case nil, "UTF-8", "UTF8":
            return try utf8(bytes, name: "UTF-8")
        case "US-ASCII", "ASCII":
            guard bytes.allSatisfy({ $0 < 0x80 }) else { throw .invalid("US-ASCII") }
            return try utf8(bytes, name: "US-ASCII")
        case "ISO-8859-1", "LATIN1", "ISO8859-1", "ISO_8859-1":
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case "WINDOWS-1252", "CP1252":
            return String(String.UnicodeScalarView(bytes.map(windows1252)))
        case let other?:
            throw .unknownCharset(other)
        }
    }

    static func utf8(_ bytes: some Collection<UInt8>, name: String) throws(Failure) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalid(name) }
        return text
    }

    /// Windows-1252: Latin-1 with printable characters in 0x80-0x9F.
    static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let high: [UInt32] = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
                              0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178]
        if (0x80...0x9F).contains(byte) { return Unicode.Scalar(high[Int(byte - 0x80)])! }
        return Unicode.Scalar(byte)
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
