/// Walks a string one grapheme cluster at a time, yielding each cluster's
/// stored form and display width. Most text takes a fast path over the raw
/// UTF-8 bytes: a scalar followed by an ASCII byte (or the end) is a cluster
/// on its own, so it needs no grapheme breaking; everything else goes
/// through Swift's `Character`.
enum ClusterScanner {
    struct Cluster {
        var grapheme: Grapheme
        /// Display columns: 0, 1 or 2.
        var width: Int
        /// A control character, never to be sent to a terminal.
        var isControl: Bool
    }

    /// Calls `body` for each cluster until it returns false, from the UTF-8 offset `start` (a
    /// cluster's first byte) on.
    static func forEach(in text: String, from start: Int = 0, _ body: (Cluster) -> Bool) {
        var string = text
        string.withUTF8 { bytes in
            let count = bytes.count
            var offset = start
            while offset < count {
                let lead = bytes[offset]
                let length = lead < 0x80 ? 1 : (lead < 0xE0 ? 2 : (lead < 0xF0 ? 3 : 4))
                let scalarEnd = min(count, offset + length)
                if lead != 0x0D, scalarEnd == count || bytes[scalarEnd] < 0x80 {
                    if length == 1 {
                        let isControl = lead < 0x20 || lead == 0x7F
                        offset += 1
                        if !body(Cluster(grapheme: Grapheme(bits: UInt64(lead)), width: isControl ? 0 : 1, isControl: isControl)) { return }
                        continue
                    }
                    var value = UInt32(length == 2 ? lead & 0x1F : (length == 3 ? lead & 0x0F : lead & 0x07))
                    var bits = UInt64(lead)
                    var shift: UInt64 = 8
                    for i in (offset + 1)..<scalarEnd {
                        value = value << 6 | UInt32(bytes[i] & 0x3F)
                        bits |= UInt64(bytes[i]) << shift
                        shift += 8
                    }
                    if !isPrepend(value) {
                        offset = scalarEnd
                        let isControl = DisplayWidth.isNonPrinting(value)
                        let width: Int
                        if isControl { width = 0 }
                        else if value < 0x10000 { width = DisplayWidth.bmpWidth(value) }
                        else { width = DisplayWidth.of(Character(Unicode.Scalar(value) ?? "\u{FFFD}")) }
                        if !body(Cluster(grapheme: Grapheme(bits: bits), width: width, isControl: isControl)) { return }
                        continue
                    }
                }
                // A cluster of several scalars: let the standard library find its end.
                let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
                let character = text[index]
                offset += character.utf8.count
                let isControl = DisplayWidth.isControl(character)
                let cluster = Cluster(grapheme: Grapheme(character), width: isControl ? 0 : DisplayWidth.of(character),
                                      isControl: isControl)
                if !body(cluster) { return }
            }
        }
    }

    /// Scalars that join the character after them (Grapheme_Cluster_Break=Prepend).
    private static func isPrepend(_ v: UInt32) -> Bool {
        guard v >= 0x0600 else { return false }
        return (0x0600...0x0605).contains(v) || v == 0x06DD || v == 0x070F || v == 0x0890 || v == 0x0891 || v == 0x08E2
            || v == 0x110BD || v == 0x110CD || (0x111C2...0x111C3).contains(v) || (0x11A3A...0x11A8F).contains(v)
            || v == 0x11D46 || v == 0x11F02
    }
}
