#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A converter from one charset to UTF-8 through the C library's iconv(3), which knows every
/// charset address books write (windows-125x, ISO-8859-x, KOI8-R, Shift_JIS, GB2312, Big5,
/// UTF-16/32, ...). Used for one value at a time or for a stream in chunks.
final class Iconv {
    private let descriptor: iconv_t
    /// The charset converted from, as given.
    let charset: String

    /// Opens a converter from `charset`; nil when iconv does not know the name.
    init?(from charset: String) {
        let d = iconv_open("UTF-8", charset)
        guard let d, d != iconv_t(bitPattern: -1) else { return nil }
        descriptor = d
        self.charset = charset
    }

    deinit { iconv_close(descriptor) }

    /// The outcome of converting bytes.
    enum Stop: Equatable {
        /// Every byte converted.
        case done
        /// A byte sequence invalid in the charset, at this offset of the input.
        case invalid(at: Int)
        /// The input ends inside a sequence; the bytes from this offset are left over.
        case incomplete(at: Int)
    }

    /// Converts `input` to UTF-8 appended to `output`, stopping at the first invalid byte or an
    /// incomplete sequence at the end.
    func convert(_ input: [UInt8], from start: Int = 0, into output: inout [UInt8]) -> Stop {
        guard start < input.count else { return .done }
        var stop = Stop.done
        var input = input
        let count = input.count
        var chunk = [UInt8](repeating: 0, count: max(64, (count - start) * 4))
        input.withUnsafeMutableBufferPointer { inBuffer in
            chunk.withUnsafeMutableBufferPointer { outBuffer in
                let inBase = UnsafeMutableRawPointer(inBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var inPointer: UnsafeMutablePointer<CChar>? = inBase + start
                var inLeft = count - start
                while true {
                    let outBase = UnsafeMutableRawPointer(outBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                    var outPointer: UnsafeMutablePointer<CChar>? = outBase
                    var outLeft = outBuffer.count
                    let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                    let written = outBuffer.count - outLeft
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: outBuffer[0..<written]))
                    if result != -1 { break }
                    let offset = count - inLeft
                    switch errno {
                    case E2BIG: continue
                    case EINVAL: stop = .incomplete(at: offset)
                    default: stop = .invalid(at: offset)
                    }
                    break
                }
            }
        }
        return stop
    }

    /// Forgets any shift state (stateful charsets such as ISO-2022-JP), for the next value.
    func reset() {
        _ = iconv(descriptor, nil, nil, nil, nil)
    }
}
