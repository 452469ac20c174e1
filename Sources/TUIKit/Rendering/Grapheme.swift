import Synchronization

/// One grapheme cluster stored as plain bits, so cells copy and compare as
/// integers (no reference counting in the frame buffers).
///
/// Clusters of up to 7 UTF-8 bytes (every single scalar, most emoji, a letter
/// with a mark or two) are packed into the bits; longer ones (joined emoji
/// sequences) are interned once in a process-wide table and stored as an index.
public struct Grapheme: Hashable, Sendable {
    let bits: UInt64

    private static let internedFlag: UInt64 = 1 << 63
    private static let interned = Mutex<(strings: [String], index: [String: UInt64])>(([], [:]))

    /// A printable ASCII character, without any Unicode work.
    init(ascii byte: UInt8) { bits = UInt64(byte) }

    /// Already packed UTF-8 bytes (at most 7, first byte lowest).
    init(bits: UInt64) { self.bits = bits }

    /// The packed form of `character`.
    public init(_ character: Character) {
        let utf8 = character.utf8
        if utf8.count <= 7 { // the top byte stays clear for the interned flag
            var packed: UInt64 = 0
            var shift: UInt64 = 0
            for byte in utf8 { packed |= UInt64(byte) << shift; shift += 8 }
            bits = packed
        } else {
            let string = String(character)
            bits = Self.interned.withLock { table in
                if let i = table.index[string] { return i }
                let i = UInt64(table.strings.count) | Self.internedFlag
                table.strings.append(string)
                table.index[string] = i
                return i
            }
        }
    }

    /// The grapheme cluster these bits stand for.
    public var character: Character {
        if bits & Self.internedFlag != 0 {
            let i = Int(bits & ~Self.internedFlag)
            return Character(Self.interned.withLock { $0.strings[i] })
        }
        if bits < 0x80 { return Character(Unicode.Scalar(UInt8(bits))) }
        var bytes: [UInt8] = []
        var rest = bits
        while rest != 0 { bytes.append(UInt8(rest & 0xFF)); rest >>= 8 }
        return Character(String(decoding: bytes, as: UTF8.self))
    }

    /// The cluster's scalar when it is a single one (most cells: every letter, digit, box line);
    /// nil for clusters of several scalars. Decoded from the packed bits, without a `Character`.
    var singleScalar: Unicode.Scalar? {
        if bits < 0x80 { return Unicode.Scalar(UInt8(bits)) }
        let b0 = UInt32(bits & 0xFF), b1 = UInt32((bits >> 8) & 0x3F), b2 = UInt32((bits >> 16) & 0x3F), b3 = UInt32((bits >> 24) & 0x3F)
        switch b0 {
        case 0xC0...0xDF where bits >> 16 == 0: return Unicode.Scalar((b0 & 0x1F) << 6 | b1)
        case 0xE0...0xEF where bits >> 24 == 0: return Unicode.Scalar((b0 & 0x0F) << 12 | b1 << 6 | b2)
        case 0xF0...0xF7 where bits >> 32 == 0: return Unicode.Scalar((b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3)
        default: return nil // several scalars, or interned
        }
    }

    /// A single space.
    public static let space = Grapheme(ascii: 0x20)
}
