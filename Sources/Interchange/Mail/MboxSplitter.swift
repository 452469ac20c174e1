#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits an mbox file into its messages as its bytes come, a chunk at a time, keeping only the
/// header of the message being read (at most `MailHeaderSection.limit` bytes; a body is passed
/// over, never kept): a message starts at a line beginning "From " at the start of the file or
/// after an empty line, whose date can be read (`MailDate.seconds(fromLine:)`, as mutt's is_from
/// asks), so a body's unquoted "From here" is no message (mboxo, mboxrd and mboxcl as mutt,
/// procmail and Thunderbird write them).
/// Each message comes out with the offset of its "From " line and the offset where it ends.
public struct MboxSplitter {
    /// One message of the mbox: where it starts (its "From " line), where it ends (the next one,
    /// or the file's end), its "From " line, and its header (whole, or cut at the limit).
    public struct Message: Sendable {
        public var start: Int64
        public var end: Int64
        public var fromLine: String
        public var header: [UInt8]
        /// The header was longer than `MailHeaderSection.limit` (a message to refuse).
        public var headerTooLong: Bool
    }

    /// Where the bytes taken so far end.
    public private(set) var offset: Int64
    private var line: [UInt8] = []
    private var lineStart: Int64
    private var previousLineEmpty = true
    private var current: Message?
    private var inHeader = false
    private var sawAnyMessage = false
    /// The file's first line is no "From " line: not an mbox.
    public private(set) var notAnMbox = false

    /// A splitter for bytes that start at `offset` of the file (a run that resumes there; the
    /// byte before is a line end, so the line at `offset` starts a message).
    public init(startingAt offset: Int64 = 0) {
        self.offset = offset
        lineStart = offset
    }

    /// Takes the next bytes; `body` gets each message that ended in them. A line is found with
    /// memchr(3), and of a body line only its start is looked at, so a large body costs little.
    public mutating func take(_ bytes: some Collection<UInt8>, _ body: (Message) throws -> Void) rethrows {
        if let done = try bytes.withContiguousStorageIfAvailable({ buffer throws -> Bool in try take(buffer, body); return true }), done { return }
        try take(Array(bytes), body)
    }

    private mutating func take(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (Message) throws -> Void) rethrows {
        guard let base = buffer.baseAddress else { return }
        var at = 0
        while at < buffer.count {
            let rest = buffer.count - at
            let found = memchr(base + at, 0x0A, rest).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
            let end = found ?? buffer.count
            // A body line's start is all that decides (a "From " line and its date, or an empty line); a header line is kept whole.
            let keep = inHeader ? MailHeaderSection.limit + 1 : 1000
            if line.count < keep {
                line.append(contentsOf: UnsafeBufferPointer(start: base + at, count: min(end - at, keep - line.count)))
            }
            lineLength += end - at
            offset += Int64(end - at)
            guard let found else { return }
            offset += 1
            try endLine(body)
            lineStart = offset
            lineLength = 0
            at = found + 1
        }
    }

    /// The end of the file: the last message.
    public mutating func finish(_ body: (Message) throws -> Void) rethrows {
        if lineLength > 0 { try endLine(body) }
        if var message = current {
            message.end = offset
            current = nil
            try body(message)
        }
    }

    private mutating func endLine(_ body: (Message) throws -> Void) rethrows {
        defer { line.removeAll(keepingCapacity: line.count < 65536) }
        let isEmpty = lineLength == 0 || (lineLength == 1 && line.first == 0x0D)
        let startsMessage = previousLineEmpty && line.count >= 5 && line.starts(with: [0x46, 0x72, 0x6F, 0x6D, 0x20])
            && MailDate.seconds(fromLine: String(decoding: line.prefix(1000), as: UTF8.self)) != nil
        if !sawAnyMessage && !startsMessage && !isEmpty { notAnMbox = true }
        if startsMessage {
            if var message = current {
                message.end = lineStart
                current = nil
                try body(message)
            }
            sawAnyMessage = true
            current = Message(start: lineStart, end: lineStart, fromLine: String(decoding: line.prefix(1000), as: UTF8.self),
                              header: [], headerTooLong: false)
            inHeader = true
            previousLineEmpty = false
            return
        }
        previousLineEmpty = isEmpty
        guard inHeader, current != nil else { return }
        if isEmpty {
            inHeader = false
            return
        }
        if current!.headerTooLong || current!.header.count + line.count + 1 > MailHeaderSection.limit || lineLength > line.count {
            current!.headerTooLong = true
            return
        }
        current!.header += line
        current!.header.append(0x0A)
    }

    private var lineLength = 0
}
