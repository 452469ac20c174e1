/// `%XX` escapes, as links and connection URIs write bytes they cannot hold as they are.
package enum PercentEncoding {
    /// `bytes` with its `%XX` escapes decoded; nil for a broken escape or bytes that are not UTF-8.
    package static func decoded(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) else { return nil }
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { return b - UInt8(ascii: "0") }
        let l = b | 0x20
        return l >= UInt8(ascii: "a") && l <= UInt8(ascii: "f") ? l - UInt8(ascii: "a") + 10 : nil
    }
}
