/// Reads RFC 4180 CSV a record at a time: fields split at commas, quoted fields may hold
/// commas, doubled quotes and line breaks; CRLF or LF line ends; a UTF-8 BOM is skipped.
public struct CSVReader {
    /// One thing read: a record's fields and its first line, or a problem.
    public enum Item: Equatable, Sendable {
        case record([String], line: Int)
        case problem(ReadProblem)
    }

    private var lines: ByteLines

    /// Reads records from bytes in memory.
    public init(bytes: [UInt8]) { lines = ByteLines(bytes: bytes) }

    /// Reads records from chunks handed out by `read` (nil or empty at the end).
    public init(read: @escaping () throws -> [UInt8]?) { lines = ByteLines(read: read) }

    /// Every item left.
    public mutating func readAll() throws -> [Item] {
        var items: [Item] = []
        while let item = try next() { items.append(item) }
        return items
    }

    /// The next record or problem, or nil at the end; blank lines are skipped.
    public mutating func next() throws -> Item? {
        while let (first, tooLong) = try lines.next() {
            if tooLong { return .problem(ReadProblem(line: first.number, reason: .lineTooLong(lines.maximumLength))) }
            if first.bytes.isEmpty { continue }
            var fields: [[UInt8]] = []
            var field: [UInt8] = []
            var quoted = false      // inside a quoted field
            var wasQuoted = false   // the current field opened with a quote
            var line = first
            while true {
                var i = 0
                let bytes = line.bytes
                while i < bytes.count {
                    let b = bytes[i]
                    if quoted {
                        if b == 0x22 {
                            if i + 1 < bytes.count, bytes[i + 1] == 0x22 { field.append(0x22); i += 1 } else { quoted = false }
                        } else {
                            field.append(b)
                        }
                    } else if b == 0x2C {
                        fields.append(field); field = []; wasQuoted = false
                    } else if b == 0x22, field.isEmpty, !wasQuoted {
                        quoted = true; wasQuoted = true
                    } else {
                        field.append(b)   // a stray quote inside an unquoted field is kept
                    }
                    i += 1
                }
                guard quoted else { break }
                guard let (more, moreTooLong) = try lines.next(), !moreTooLong else {
                    return .problem(ReadProblem(line: first.number, reason: .unterminatedQuote))
                }
                field.append(0x0A)
                line = more
            }
            fields.append(field)
            var texts: [String] = []
            texts.reserveCapacity(fields.count)
            for f in fields {
                guard let text = String(validating: f, as: UTF8.self) else {
                    return .problem(ReadProblem(line: first.number, reason: .badEncoding("UTF-8")))
                }
                texts.append(text)
            }
            return .record(texts, line: first.number)
        }
        return nil
    }
}

/// Writes RFC 4180 CSV: fields quoted when they hold a comma, quote or line break; CRLF.
public enum CSVWriter {
    /// One record as a line ending in CRLF.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
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
