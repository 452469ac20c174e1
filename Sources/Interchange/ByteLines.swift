/// Physical lines of a byte stream, read a chunk at a time so memory stays flat in the
/// file's size. A line ends at LF; a CR before it is dropped, and a lone CR ends a line too.
struct ByteLines {
    /// A physical line: its bytes (no line ending) and its 1-based number.
    struct Line {
        var bytes: [UInt8]
        var number: Int
    }

    private let read: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false
    private var lineNumber = 0
    private var skippedBOM = false
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
                if finished { break }
                guard let chunk = try read(), !chunk.isEmpty else { finished = true; break }
                buffer = chunk
                position = 0
                if !skippedBOM {
                    skippedBOM = true
                    if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
                }
                continue
            }
            // Scan the buffer for a line end.
            var end = position
            while end < buffer.count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
            if bytes.count + (end - position) <= maximumLength {
                bytes.append(contentsOf: buffer[position..<end])
            } else {
                tooLong = true
            }
            if end < buffer.count {
                let terminator = buffer[end]
                position = end + 1
                if terminator == 0x0D { try skipLF() }
                lineNumber += 1
                return (Line(bytes: bytes, number: lineNumber), tooLong)
            }
            position = end
        }
        if bytes.isEmpty && !tooLong { return nil }
        lineNumber += 1
        return (Line(bytes: bytes, number: lineNumber), tooLong)
    }

    private mutating func skipLF() throws {
        if position >= buffer.count {
            guard !finished, let chunk = try read(), !chunk.isEmpty else { finished = true; return }
            buffer = chunk
            position = 0
        }
        if buffer[position] == 0x0A { position += 1 }
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
