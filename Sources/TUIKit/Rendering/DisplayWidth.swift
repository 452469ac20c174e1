#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How many terminal columns text takes, one grapheme cluster (`Character`) at a time.
///
/// East Asian wide and full-width characters and emoji take two columns,
/// combining marks and other zero-width scalars none, control characters one:
/// they are never sent, the cell buffer draws each as `�` (`isControl`), and
/// what is measured is what is drawn. The per-scalar widths come from the C library's
/// `wcwidth` under a UTF-8 locale, which is what ncurses itself uses to move
/// the cursor; grapheme clusters (joined emoji, flags, a base plus marks) are
/// measured as one, which `wcwidth` alone gets wrong.
public enum DisplayWidth {
    /// The width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        if character.asciiValue != nil { return 1 }                // a control too: drawn as `�`
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        let first = iterator.next()!
        if isNonPrinting(first.value) { return 1 }
        if iterator.next() == nil, first.value < 0x10000 { return Int(bmpWidths[Int(first.value)]) }
        return slowWidth(of: character)
    }

    /// Widths of every single-scalar character of the Basic Multilingual Plane, worked out a
    /// block of 256 at a time on first use: text in one script touches a block or two, so start-up
    /// does not pay for the whole plane.
    private static let bmpWidths = BMPWidths()

    /// The table behind `bmpWidths`: 65,536 widths, each block filled once under a lock and
    /// marked ready (an acquiring load of its bit sees the filled block); reads need no lock.
    /// `@unchecked Sendable`: raw memory whose blocks are written once under the lock and published
    /// by atomic ready bits, an ordering the compiler cannot check.
    private final class BMPWidths: @unchecked Sendable {
        private let widths = UnsafeMutablePointer<Int8>.allocate(capacity: 0x10000)
        private let ready0 = Atomic<UInt64>(0), ready1 = Atomic<UInt64>(0), ready2 = Atomic<UInt64>(0), ready3 = Atomic<UInt64>(0)
        private let filling = Mutex<Void>(())

        subscript(v: Int) -> Int8 {
            let block = v >> 8
            if !isReady(block) { fill(block) }
            return widths[v]
        }

        /// The word of ready bits holding `block`'s, lent to `body`.
        private func readyWord<R>(_ block: Int, _ body: (borrowing Atomic<UInt64>) -> R) -> R {
            switch block >> 6 {
            case 0: body(ready0)
            case 1: body(ready1)
            case 2: body(ready2)
            default: body(ready3)
            }
        }

        private func bit(_ block: Int) -> UInt64 { 1 << UInt64(block & 63) }

        private func isReady(_ block: Int) -> Bool { readyWord(block) { $0.load(ordering: .acquiring) } & bit(block) != 0 }

        private func fill(_ block: Int) {
            filling.withLock { _ in
                guard !isReady(block) else { return }
                withUTF8Locale {
                    for v in block << 8 ..< (block + 1) << 8 {
                        guard let scalar = Unicode.Scalar(UInt32(v)) else { widths[v] = 1; continue } // surrogates
                        if v < 0x20 || (v >= 0x7F && v < 0xA0) { widths[v] = 0; continue }
                        let w = rawWidth(scalar)
                        widths[v] = Int8(w >= 0 ? w : fallbackForUnknown(scalar))
                        // The few emoji of the BMP that show as two columns (Emoji_Presentation).
                        if (0x2190...0x2BFF).contains(v) || v == 0x3030 || v == 0x303D || (0x3297...0x3299).contains(v),
                           scalar.properties.isEmojiPresentation { widths[v] = 2 }
                    }
                }
                _ = readyWord(block) { $0.bitwiseOr(bit(block), ordering: .releasing) }
            }
        }
    }

    /// The width of a string: the sum of its grapheme clusters' widths.
    public static func of(_ text: String) -> Int {
        // Printable ASCII (most names, every key hint): one column a byte, no cluster scan.
        let ascii: Int? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes where b < 0x20 || b >= 0x7F { return nil }
            return bytes.count
        } ?? nil
        if let ascii { return ascii }
        var total = 0
        ClusterScanner.forEach(in: text) { total += $0.isControl ? 1 : $0.width; return true }   // a control is drawn as `�`
        return total
    }

    /// The width of a single BMP scalar.
    static func bmpWidth(_ value: UInt32) -> Int { Int(bmpWidths[Int(value)]) }

    /// What `wcwidth` says of one scalar under a UTF-8 locale (-1: unknown
    /// or not printable): the width ncurses and terminals give it on its own.
    /// The columns a terminal gives `scalar` (`wcwidth`: 0, 1 or 2; a control character 0), as
    /// the terminal writer counts them (a terminal emulator in a test counts the same).
    public static func terminalWidthOf(_ scalar: Unicode.Scalar) -> Int { terminalWidth(scalar) }

    static func terminalWidth(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : -1 }
        var w = -1
        withUTF8Locale { w = rawWidth(scalar) }
        return w
    }

    /// Whether a character is a control character that must never reach the terminal.
    public static func isControl(_ character: Character) -> Bool {
        guard let v = character.unicodeScalars.first?.value else { return false }
        return isNonPrinting(v)
    }

    /// Scalars drawn as `�`, never sent: C0 and C1 controls and DEL, the line and
    /// paragraph separators (U+2028, U+2029, which move a terminal's cursor), and the
    /// bidirectional marks, embeddings, overrides and isolates (which reorder what follows).
    static func isNonPrinting(_ v: UInt32) -> Bool {
        v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
            || v == 0x200E || v == 0x200F || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    private static func slowWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if isControl(character) { return 0 }
        let props = first.properties
        if props.isEmojiPresentation { return 2 }
        if props.isEmoji && scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count >= 2 ? 2 : 1 }
        var w = -1
        withUTF8Locale { w = rawWidth(first) }
        return w >= 0 ? w : fallbackForUnknown(first)
    }

    /// Unknown to the C library (unassigned or a newer character): one column,
    /// unless Unicode says it is a mark.
    private static func fallbackForUnknown(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// Runs `body` with the thread's locale set to UTF-8, whatever the process locale is.
    private static func withUTF8Locale(_ body: () -> Void) {
        #if canImport(Glibc)
        guard let locale = utf8Locale else { body(); return }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        #endif
        body()
    }

    /// `wcwidth` of one scalar (-1 when unknown); call inside `withUTF8Locale`.
    private static func rawWidth(_ scalar: Unicode.Scalar) -> Int {
        #if canImport(Glibc)
        if utf8Locale == nil { return fallbackWidth(scalar) }
        return Int(c_wcwidth(wchar_t(bitPattern: scalar.value)))
        #else
        return Int(wcwidth(wchar_t(bitPattern: Int32(scalar.value))))
        #endif
    }

    #if canImport(Glibc)
    /// glibc's `wcwidth` (declared in `<wchar.h>` under X/Open, which the Glibc module does not export).
    @_silgen_name("wcwidth")
    private static func c_wcwidth(_ wc: wchar_t) -> Int32

    nonisolated(unsafe) private static let utf8Locale: locale_t? = {
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
            if let loc = newlocale(LC_CTYPE_MASK, name, nil) { return loc }
        }
        return nil
    }()
    #endif

    /// Used only where no UTF-8 locale exists: Unicode properties alone.
    private static func fallbackWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let v = scalar.value
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF,
                                           0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                                           0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                                           0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }
}
