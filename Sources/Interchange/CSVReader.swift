/// Reads RFC 4180 CSV a record at a time: quoted fields may hold the delimiter, doubled quotes
/// and line breaks; CRLF, LF or CR line ends; UTF-8 (BOM skipped) or UTF-16 (Excel's "Unicode
/// text", with or without a BOM). Fields that are not UTF-8 are read in the 8-bit charset the
/// file's letters fit best (`EightBitCharset`: windows-1252, -1250, -1251 or KOI8-R, Excel's
/// CSV across Europe), guessed once from up to `sniffLines` lines from the first such field.
/// The delimiter is found from the header line: comma, semicolon (Excel and Outlook where the
/// comma is the decimal mark) or tab, whichever the line has most of outside quotes.
///
/// A quoted field that never closes costs only its own record: the reader looks ahead at most
/// `lookahead` lines for the closing quote, and without one it reports the record's line and
/// reads on from the line after it. A quote that does close lines later is taken for the next
/// rows' quote, and the field for one never closed, when the lines it spans look like rows
/// (one of them has as many fields as the header, and the header has at least three) or a quote
/// closes it with text right after: the rows in it are read, not swallowed into one field.
public struct CSVReader: ItemReading {
    /// One thing read: a record's fields and its first line, or a problem.
    public enum Item: Equatable, Sendable {
        case record([String], line: Int)
        case problem(ReadProblem)
    }

    private var lines: ByteLines
    private var replay: [(line: ByteLines.Line, tooLong: Bool)] = []
    /// The delimiter byte; nil until the first record has been seen.
    public private(set) var delimiter: UInt8?
    /// How many lines a quoted field may span.
    let lookahead: Int
    /// How many fields the first record (the header) has; nil until it is read.
    private var headerFieldCount: Int?
    /// The charset fields that are not UTF-8 are read in, and the line of the first such field;
    /// nil while every field has been UTF-8.
    public private(set) var eightBit: (charset: EightBitCharset, line: Int)?
    /// How many lines the charset is guessed from.
    let sniffLines = 2000

    /// Reads records from bytes in memory; `delimiter` nil finds it from the first line.
    public init(bytes: [UInt8], delimiter: UInt8? = nil) {
        lines = ByteLines(bytes: bytes)
        self.delimiter = delimiter
        lookahead = 1000
    }

    /// Reads records from chunks handed out by `read` (nil or empty at the end).
    public init(delimiter: UInt8? = nil, read: @escaping () throws -> [UInt8]?) {
        lines = ByteLines(read: read)
        self.delimiter = delimiter
        lookahead = 1000
    }

    private mutating func nextLine() throws -> (line: ByteLines.Line, tooLong: Bool)? {
        if !replay.isEmpty { return replay.removeFirst() }
        return try lines.next()
    }

    /// The delimiter a header line uses: the most common of comma, semicolon and tab outside quotes.
    static func sniffDelimiter(_ bytes: [UInt8]) -> UInt8 {
        var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
        var quoted = false
        for b in bytes {
            if b == 0x22 { quoted.toggle() } else if !quoted, counts[b] != nil { counts[b]! += 1 }
        }
        let best = [UInt8(0x2C), 0x3B, 0x09].max { counts[$0]! < counts[$1]! }!
        return counts[best]! > 0 ? best : 0x2C
    }

    /// The 8-bit charset of `field` and of the lines after it that are not UTF-8 (up to
    /// `sniffLines`, read ahead and then read again).
    private mutating func guessCharset(from field: [UInt8]) throws -> EightBitCharset {
        var sample = field
        for (line, _) in replay where String(validating: line.bytes, as: UTF8.self) == nil { sample += [0x0A] + line.bytes }
        while replay.count < sniffLines, sample.count < 1 << 20, let (line, tooLong) = try lines.next() {
            replay.append((line, tooLong))
            if String(validating: line.bytes, as: UTF8.self) == nil { sample += [0x0A] + line.bytes }
        }
        return EightBitCharset.guess(sample)
    }

    /// How many fields one line has when read as a row of its own (a quote left open ends it).
    static func fieldCount(of bytes: [UInt8], delimiter: UInt8) -> Int {
        var count = 1
        var quoted = false
        for b in bytes {
            if b == 0x22 { quoted.toggle() } else if b == delimiter, !quoted { count += 1 }
        }
        return count
    }

    /// The next record or problem, or nil at the end; blank lines are skipped.
    public mutating func next() throws -> Item? {
        while let (first, tooLong) = try nextLine() {
            if tooLong { return .problem(ReadProblem(line: first.number, reason: .lineTooLong(lines.maximumLength))) }
            if first.bytes.isEmpty { continue }
            let delimiter = self.delimiter ?? Self.sniffDelimiter(first.bytes)
            self.delimiter = delimiter
            var fields: [[UInt8]] = []
            var field: [UInt8] = []
            var quoted = false      // inside a quoted field
            var wasQuoted = false   // the current field opened with a quote
            var line = first
            var spanned: [ByteLines.Line] = []
            while true {
                var i = 0
                let bytes = line.bytes
                while i < bytes.count {
                    let b = bytes[i]
                    if quoted {
                        if b == 0x22 {
                            if i + 1 < bytes.count, bytes[i + 1] == 0x22 { field.append(0x22); i += 1 } else {
                                quoted = false
                                // A quote that closes a field over several lines must end the field;
                                // one followed by text is the next row's opening quote, so this
                                // field never closed.
                                if !spanned.isEmpty, i + 1 < bytes.count, bytes[i + 1] != delimiter {
                                    replay = spanned.map { ($0, false) } + replay
                                    return .problem(ReadProblem(line: first.number, reason: .unterminatedQuote))
                                }
                            }
                        } else {
                            field.append(b)
                        }
                    } else if b == delimiter {
                        fields.append(field); field = []; wasQuoted = false
                    } else if b == 0x22, field.isEmpty, !wasQuoted {
                        quoted = true; wasQuoted = true
                    } else {
                        field.append(b)   // a stray quote inside an unquoted field is kept
                    }
                    i += 1
                }
                guard quoted else { break }
                let more = spanned.count < lookahead ? try nextLine() : nil
                guard let more, !more.tooLong else {
                    // Never closed: this record is lost, the lines looked at (a line too long too) are read again.
                    replay = spanned.map { ($0, false) } + (more.map { [$0] } ?? []) + replay
                    return .problem(ReadProblem(line: first.number, reason: .unterminatedQuote))
                }
                spanned.append(more.line)
                field.append(0x0A)
                line = more.line
            }
            fields.append(field)
            if let columns = headerFieldCount, columns >= 3,
               spanned.contains(where: { Self.fieldCount(of: $0.bytes, delimiter: delimiter) >= columns }) {
                // The lines the field spans are rows of their own: its quote never closed.
                replay = spanned.map { ($0, false) } + replay
                return .problem(ReadProblem(line: first.number, reason: .unterminatedQuote))
            }
            if headerFieldCount == nil { headerFieldCount = fields.count }
            var texts: [String] = []
            texts.reserveCapacity(fields.count)
            for f in fields {
                if let text = String(validating: f, as: UTF8.self) { texts.append(text); continue }
                if eightBit == nil { eightBit = (try guessCharset(from: f), first.number) }
                texts.append(eightBit!.charset.decode(f))
            }
            return .record(texts, line: first.number)
        }
        return nil
    }
}

/// Writes RFC 4180 CSV: fields quoted when they hold a comma, quote or line break; CRLF.
public enum CSVWriter {
    /// One record as a line ending in CRLF, each cell a spreadsheet would read as a formula
    /// with a `'` before it (`CSVFormulaGuard`).
    public static func line(_ fields: [String]) -> String {
        fields.map { field(CSVFormulaGuard.guarded($0)) }.joined(separator: ",") + "\r\n"
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) || text.hasPrefix(" ") || text.hasSuffix(" ") else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
