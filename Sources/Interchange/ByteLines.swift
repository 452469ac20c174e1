/// Physical lines of a byte stream, read a chunk at a time so memory stays flat in the
/// file's size, as UTF-8 (or the file's own 8-bit charset) bytes.
///
/// A file in UTF-16 or UTF-32 (by its BOM, or by the zero bytes of its ASCII text) is converted
/// to UTF-8 as it is read; a UTF-8 BOM is skipped. The line ends are found from the first one:
/// LF, CRLF or CR CR LF (an iPhone export) make LF the line end, and then a lone CR is part of
/// the line (Thunderbird writes one inside a value); a first line ending in a lone CR makes
/// CR the line end (old Mac files).
struct ByteLines {
    /// A physical line: its bytes (no line ending) and its 1-based number.
    struct Line {
        var bytes: [UInt8]
        var number: Int
    }

    private enum LineEnd { case unknown, lf, cr }

    private let read: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false
    private var lineNumber = 0
    private var started = false
    private var lineEnd = LineEnd.unknown
    private var transcoder: Iconv?
    private var leftover: [UInt8] = []
    /// The wide encoding the file was found to be in ("UTF-16LE"), nil for 8-bit text.
    private(set) var wideEncoding: String?
    let maximumLength: Int

    init(maximumLength: Int = 16 << 20, read: @escaping () throws -> [UInt8]?) {
        self.read = read
        self.maximumLength = maximumLength
    }

    /// Returns the next line, or nil at the end. A line over `maximumLength` comes back cut
    /// at that length with `tooLong` set.
    mutating func next() throws -> (line: Line, tooLong: Bool)? {
        var bytes: [UInt8] = []
        var tooLong = false
        while true {
            if position >= buffer.count {
                guard try fill(1) else { break }
                continue
            }
            // Scan the buffer for a line end.
            var end = position
            switch lineEnd {
            case .lf: while end < buffer.count, buffer[end] != 0x0A { end += 1 }
            case .cr, .unknown: while end < buffer.count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
            }
            if bytes.count + (end - position) <= maximumLength {
                bytes.append(contentsOf: buffer[position..<end])
            } else {
                tooLong = true
            }
            guard end < buffer.count else { position = end; continue }
            let terminator = buffer[end]
            position = end + 1
            if terminator == 0x0D {
                _ = try fill(2)
                let next = position < buffer.count ? buffer[position] : nil
                let afterNext = position + 1 < buffer.count ? buffer[position + 1] : nil
                if next == 0x0A {
                    position += 1
                    if lineEnd == .unknown { lineEnd = .lf }
                } else if lineEnd == .unknown, next == 0x0D, afterNext == 0x0A {
                    position += 2
                    lineEnd = .lf
                } else if lineEnd == .unknown, next != nil {
                    lineEnd = .cr
                }
            } else if lineEnd == .unknown {
                lineEnd = .lf
            }
            if lineEnd == .lf { while bytes.last == 0x0D { bytes.removeLast() } }
            lineNumber += 1
            return (Line(bytes: bytes, number: lineNumber), tooLong)
        }
        if lineEnd != .cr { while bytes.last == 0x0D { bytes.removeLast() } }
        if bytes.isEmpty && !tooLong { return nil }
        lineNumber += 1
        return (Line(bytes: bytes, number: lineNumber), tooLong)
    }

    /// Reads chunks until `count` bytes from `position` are in the buffer or the input ends;
    /// false when not even one is.
    private mutating func fill(_ count: Int) throws -> Bool {
        while buffer.count - position < count, !finished {
            guard var raw = try read(), !raw.isEmpty else {
                finished = true
                if transcoder != nil, !leftover.isEmpty { append([0xEF, 0xBF, 0xBD]); leftover = [] }
                break
            }
            // The encoding is told from the first 64 bytes (fewer only in a smaller file).
            while !started, raw.count < 64 {
                guard let more = try read(), !more.isEmpty else { finished = true; break }
                raw += more
            }
            append(decoded(raw))
        }
        return buffer.count > position
    }

    private mutating func append(_ chunk: [UInt8]) {
        if position >= buffer.count {
            buffer = chunk
        } else {
            buffer = Array(buffer[position...]) + chunk
        }
        position = 0
    }

    /// A raw chunk as UTF-8 (wide files) or as it is; the first one loses its BOM.
    private mutating func decoded(_ raw: [UInt8]) -> [UInt8] {
        var raw = raw
        if !started {
            started = true
            if let (encoding, bom) = Self.wideEncoding(of: raw) {
                wideEncoding = encoding
                transcoder = Iconv(from: encoding)
                raw.removeFirst(min(bom, raw.count))
            } else if raw.starts(with: [0xEF, 0xBB, 0xBF]) {
                raw.removeFirst(3)
            }
        }
        guard let transcoder else { return raw }
        let input = leftover + raw
        leftover = []
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var start = 0
        while true {
            switch transcoder.convert(input, from: start, into: &out) {
            case .done: return out
            case .incomplete(let at): leftover = Array(input[at...]); return out
            case .invalid(let at):
                out += [0xEF, 0xBF, 0xBD]
                start = at + (wideEncoding?.hasPrefix("UTF-32") == true ? 4 : 2)
                transcoder.reset()
            }
        }
    }

    /// UTF-16 or UTF-32 and the length of its BOM, from a file's first bytes: the BOM, or
    /// else the zero bytes ASCII text has in those encodings.
    static func wideEncoding(of bytes: [UInt8]) -> (String, Int)? {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return ("UTF-32LE", 4) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return ("UTF-32BE", 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        let sample = Array(bytes.prefix(256))
        guard sample.count >= 4 else { return nil }
        if sample[0] != 0, sample[1] == 0, sample[2] == 0, sample[3] == 0 { return ("UTF-32LE", 0) }
        if sample[0] == 0, sample[1] == 0, sample[2] == 0, sample[3] != 0 { return ("UTF-32BE", 0) }
        var zeroEven = 0, zeroOdd = 0
        for (i, b) in sample.enumerated() where b == 0 { if i % 2 == 0 { zeroEven += 1 } else { zeroOdd += 1 } }
        let half = sample.count / 2
        if zeroOdd * 10 >= half * 7, zeroEven == 0 { return ("UTF-16LE", 0) }
        if zeroEven * 10 >= half * 7, zeroOdd == 0 { return ("UTF-16BE", 0) }
        return nil
    }
}

extension ByteLines {
    /// Lines of bytes already in memory.
    init(bytes: [UInt8]) {
        var handed = false
        self.init { () -> [UInt8]? in
            defer { handed = true }
            return handed ? nil : bytes
        }
    }
}
