/// Reads vCards 2.1, 3.0 and 4.0 from a byte stream one card at a time.
///
/// Lines are unfolded (a line starting with a space or tab continues the one before),
/// quoted-printable soft line breaks are joined, quoted-printable and CHARSET are decoded,
/// base64 values lose their whitespace. A card that cannot be read comes back as a
/// `ReadProblem` naming its line, and reading goes on with the next card.
public struct VCardReader {
    /// One thing read: a card, or a problem with a part of the file.
    public enum Item: Equatable, Sendable {
        case card(VCard)
        case problem(ReadProblem)
    }

    private var lines: ByteLines
    private var peeked: (line: ByteLines.Line, tooLong: Bool)?
    private var pending: [Item] = []
    private var open: OpenCard?
    private var inStrayText = false

    private struct OpenCard {
        var line: Int
        var version: VCardVersion = .v30
        var properties: [VCardProperty] = []
        var problem: ReadProblem?
    }

    /// Reads cards from bytes in memory.
    public init(bytes: [UInt8]) {
        lines = ByteLines(bytes: bytes)
    }

    /// Reads cards from chunks handed out by `read` (nil or empty at the end), so a large
    /// file never has to be in memory at once.
    public init(read: @escaping () throws -> [UInt8]?) {
        lines = ByteLines(read: read)
    }

    /// Every item left, read to the end (for tests and small files).
    public mutating func readAll() throws -> [Item] {
        var items: [Item] = []
        while let item = try next() { items.append(item) }
        return items
    }

    /// The next card or problem, or nil at the end. Throws only what `read` throws.
    public mutating func next() throws -> Item? {
        while pending.isEmpty {
            guard let logical = try nextLogicalLine() else {
                if let card = open {
                    open = nil
                    return .problem(card.problem ?? ReadProblem(line: card.line, reason: .unterminatedCard))
                }
                return nil
            }
            handle(logical)
        }
        return pending.removeFirst()
    }

    // MARK: - Cards

    private mutating func handle(_ logical: (bytes: [UInt8], line: Int, tooLong: Bool)) {
        if logical.tooLong {
            if open != nil, open?.problem == nil {
                open?.problem = ReadProblem(line: logical.line, reason: .lineTooLong(lines.maximumLength))
            } else if open == nil {
                pending.append(.problem(ReadProblem(line: logical.line, reason: .lineTooLong(lines.maximumLength))))
            }
            return
        }
        if logical.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        let parsed = Self.parse(logical.bytes, line: logical.line)
        let marker = Self.marker(parsed)
        if marker == "BEGIN" {
            if let card = open {
                pending.append(.problem(card.problem ?? ReadProblem(line: card.line, reason: .unterminatedCard)))
            }
            open = OpenCard(line: logical.line)
            inStrayText = false
            return
        }
        guard var card = open else {
            if marker == "END" {
                pending.append(.problem(ReadProblem(line: logical.line, reason: .endWithoutBegin)))
            } else if !inStrayText {
                inStrayText = true
                pending.append(.problem(ReadProblem(line: logical.line, reason: .textOutsideCard)))
            }
            return
        }
        if marker == "END" {
            open = nil
            if let problem = card.problem {
                pending.append(.problem(problem))
            } else {
                pending.append(.card(VCard(version: card.version, properties: card.properties, line: card.line)))
            }
            return
        }
        guard card.problem == nil else { return }
        open = nil // the card is changed alone, not copied with every property it has
        defer { open = card }
        switch parsed {
        case .failure(let problem):
            card.problem = problem
        case .success(let property):
            if property.name == "VERSION" {
                if let version = VCardVersion(rawValue: property.value.trimmingSpaces) {
                    card.version = version
                } else {
                    card.problem = ReadProblem(line: property.line, reason: .unknownVersion(property.value))
                }
            } else {
                card.properties.append(property)
            }
        }
    }

    private static func marker(_ parsed: Result<VCardProperty, ReadProblem>) -> String? {
        guard case .success(let p) = parsed, p.name == "BEGIN" || p.name == "END",
              p.value.trimmingSpaces.uppercased() == "VCARD" else { return nil }
        return p.name
    }

    // MARK: - Lines

    private mutating func nextPhysical() throws -> (line: ByteLines.Line, tooLong: Bool)? {
        if let p = peeked { peeked = nil; return p }
        return try lines.next()
    }

    /// One content line: folded lines joined, quoted-printable soft breaks joined.
    private mutating func nextLogicalLine() throws -> (bytes: [UInt8], line: Int, tooLong: Bool)? {
        guard let first = try nextPhysical() else { return nil }
        var bytes = first.line.bytes
        var tooLong = first.tooLong
        var quotedPrintable = Self.isQuotedPrintable(bytes)
        while let next = try nextPhysical() {
            if quotedPrintable, bytes.last == UInt8(ascii: "=") {
                bytes.removeLast()
                bytes.append(contentsOf: next.line.bytes)
            } else if let lead = next.line.bytes.first, lead == 0x20 || lead == 0x09 {
                bytes.append(contentsOf: next.line.bytes.dropFirst())
                if !quotedPrintable { quotedPrintable = Self.isQuotedPrintable(bytes) }
            } else {
                peeked = next
                break
            }
            tooLong = tooLong || next.tooLong
            if bytes.count > lines.maximumLength { tooLong = true; bytes.removeAll(keepingCapacity: false) }
        }
        return (bytes, first.line.number, tooLong)
    }

    private static let qpMarker = Array("QUOTED-PRINTABLE".utf8)

    private static func isQuotedPrintable(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let header = bytes[..<colon].map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        guard header.count >= qpMarker.count else { return false }
        for start in 0...(header.count - qpMarker.count) where header[start] == qpMarker[0] {
            if Array(header[start..<start + qpMarker.count]) == qpMarker { return true }
        }
        return false
    }

    // MARK: - Parsing one content line

    static func parse(_ bytes: [UInt8], line: Int) -> Result<VCardProperty, ReadProblem> {
        // The header ends at the first colon outside double quotes.
        var inQuotes = false
        var colon: Int?
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "\"") { inQuotes.toggle() }
            else if b == UInt8(ascii: ":"), !inQuotes { colon = i; break }
        }
        guard let colon, let header = String(validating: bytes[..<colon], as: UTF8.self) else {
            let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
            return .failure(ReadProblem(line: line, reason: .malformedLine(shown)))
        }
        var segments = splitOutsideQuotes(header, at: ";")
        let fullName = segments.removeFirst().trimmingSpaces
        var group: String?
        var name = fullName
        if let dot = fullName.firstIndex(of: ".") {
            group = String(fullName[..<dot])
            name = String(fullName[fullName.index(after: dot)...])
        }
        guard !name.isEmpty, name.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }) else {
            return .failure(ReadProblem(line: line, reason: .malformedLine(String(decoding: bytes.prefix(60), as: UTF8.self))))
        }
        var parameters: [VCardParameter] = []
        for segment in segments where !segment.trimmingSpaces.isEmpty {
            parameters.append(parameter(segment.trimmingSpaces))
        }
        var valueBytes = Array(bytes[(colon + 1)...])
        let encoding = parameters.first { $0.name == "ENCODING" }?.values.first?.uppercased()
        if encoding == "QUOTED-PRINTABLE" {
            valueBytes = TextDecoding.quotedPrintable(valueBytes)
        }
        let charset = parameters.first { $0.name == "CHARSET" }?.values.first
        var value: String
        do {
            value = try TextDecoding.decode(valueBytes, charset: charset)
        } catch {
            switch error {
            case .invalid(let name): return .failure(ReadProblem(line: line, reason: .badEncoding(name)))
            case .unknownCharset(let name): return .failure(ReadProblem(line: line, reason: .unknownCharset(name)))
            }
        }
        parameters.removeAll { $0.name == "CHARSET" || ($0.name == "ENCODING" && $0.values.first?.uppercased() == "QUOTED-PRINTABLE") }
        if encoding == "BASE64" || encoding == "B" {
            value.unicodeScalars.removeAll { $0 == " " || $0 == "\t" }
            parameters.removeAll { $0.name == "ENCODING" }
            parameters.insert(VCardParameter(name: "ENCODING", values: ["b"]), at: 0)
        }
        return .success(VCardProperty(group: group, name: name, parameters: parameters, value: value, line: line))
    }

    /// `TYPE=home,work` / `TYPE="a,b"` / a 2.1 bare `HOME` (a type) or `QUOTED-PRINTABLE` (an encoding).
    private static func parameter(_ text: String) -> VCardParameter {
        guard let eq = text.firstIndex(of: "=") else {
            let bare = text.uppercased()
            switch bare {
            case "QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B": return VCardParameter(name: "ENCODING", values: [bare])
            default: return VCardParameter(name: "TYPE", values: [text])
            }
        }
        let name = String(text[..<eq]).trimmingSpaces
        let rawValues = String(text[text.index(after: eq)...])
        let values = splitOutsideQuotes(rawValues, at: ",").map { part -> String in
            var v = part.trimmingSpaces
            if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { v = String(v.dropFirst().dropLast()) }
            return caretDecoded(v)
        }
        return VCardParameter(name: name, values: values)
    }

    /// RFC 6868: `^n` a line break, `^'` a double quote, `^^` a caret.
    private static func caretDecoded(_ text: String) -> String {
        guard text.contains("^") else { return text }
        var out = ""
        var caret = false
        for c in text {
            if caret {
                switch c {
                case "n": out.append("\n")
                case "'": out.append("\"")
                case "^": out.append("^")
                default: out.append("^"); out.append(c)
                }
                caret = false
            } else if c == "^" { caret = true } else { out.append(c) }
        }
        if caret { out.append("^") }
        return out
    }

    /// The parts of `text` between `separator`s outside double quotes. Both are ASCII, so the
    /// UTF-8 bytes are split where the characters would be, at a fraction of the cost.
    private static func splitOutsideQuotes(_ text: String, at separator: Character) -> [String] {
        let mark = separator.asciiValue!, quote = UInt8(ascii: "\"")
        var parts: [String] = []
        var inQuotes = false
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (i, b) in bytes.enumerated() {
                if b == quote { inQuotes.toggle() }
                else if b == mark, !inQuotes {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                    start = i + 1
                }
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        }
        return parts
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: String {
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 }
        if let first = utf8.first, let last = utf8.last, !isSpace(first), !isSpace(last) { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(scalars[start...end])
    }
}
