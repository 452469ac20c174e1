/// Reads vCards 2.1, 3.0 and 4.0 from a byte stream one card at a time.
///
/// Lines are unfolded (a line starting with a space or tab continues the one before),
/// quoted-printable soft line breaks are joined, quoted-printable and CHARSET are decoded,
/// base64 values lose their whitespace. A line that cannot be read costs only that line: the
/// card comes back with the line's `ReadProblem` in its `problems`. Text outside any card comes
/// back as a problem of its own.
public struct VCardReader: ItemReading {
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
        var problems: [ReadProblem] = []

        var card: VCard { VCard(version: version, properties: properties, line: line, problems: problems) }
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

    /// The next card or problem, or nil at the end. Throws only what `read` throws.
    public mutating func next() throws -> Item? {
        while pending.isEmpty {
            guard let logical = try nextLogicalLine() else {
                if var card = open {
                    open = nil
                    card.problems.append(ReadProblem(line: card.line, reason: .unterminatedCard))
                    return .card(card.card)
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
            if open != nil {
                open?.problems.append(ReadProblem(line: logical.line, reason: .lineTooLong(lines.maximumLength)))
            } else {
                pending.append(.problem(ReadProblem(line: logical.line, reason: .lineTooLong(lines.maximumLength))))
            }
            return
        }
        if logical.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        let parsed = Self.parse(logical.bytes, line: logical.line)
        let marker = Self.marker(parsed.property)
        if marker == "BEGIN" {
            if var card = open {
                card.problems.append(ReadProblem(line: card.line, reason: .unterminatedCard))
                pending.append(.card(card.card))
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
            pending.append(.card(card.card))
            return
        }
        open = nil // the card is changed alone, not copied with every property it has
        defer { open = card }
        // A line that cannot be read costs that line (told in the card's problems), never the card.
        if let problem = parsed.problem { card.problems.append(problem) }
        guard let property = parsed.property else { return }
        if property.name == "VERSION" {
            if let version = VCardVersion(rawValue: property.value.trimmingSpaces) {
                card.version = version
            } else {
                card.problems.append(ReadProblem(line: property.line, reason: .unknownVersion(property.value)))
            }
        } else {
            card.properties.append(property)
        }
    }

    private static func marker(_ property: VCardProperty?) -> String? {
        guard let p = property, p.name == "BEGIN" || p.name == "END",
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

    /// One content line read: the property (nil when the line has no property's shape) and
    /// what was wrong with it (a charset guessed, a line left out).
    struct Parsed {
        var property: VCardProperty?
        var problem: ReadProblem?
    }

    static func parse(_ bytes: [UInt8], line: Int) -> Parsed {
        // The header ends at the first colon outside double quotes; its parts at the semicolons outside them.
        // Both are ASCII, so the header is cut byte by byte and only its parts become text.
        let quote = UInt8(ascii: "\""), semicolon = UInt8(ascii: ";"), colonByte = UInt8(ascii: ":")
        var inQuotes = false
        var colon: Int?
        var cuts: [Int] = []
        var ascii = true
        for i in bytes.indices {
            let b = bytes[i]
            if b == quote { inQuotes.toggle() }
            else if !inQuotes && b == colonByte { colon = i; break }
            else if !inQuotes && b == semicolon { cuts.append(i) }
            if b >= 0x80 { ascii = false }
        }
        let shown = { String(decoding: bytes.prefix(60), as: UTF8.self) }
        // A name alone (`FN`, `NOTE;CHARSET=UTF-8`) is that property with an empty value.
        let headerEnd = colon ?? bytes.count
        if !ascii, String(validating: bytes[..<headerEnd], as: UTF8.self) == nil {
            return Parsed(problem: ReadProblem(line: line, reason: .malformedLine(shown())))
        }
        let nameRange = spacesTrimmed(bytes, 0..<(cuts.first ?? headerEnd))
        let fullName = String(decoding: bytes[nameRange], as: UTF8.self)
        var group: String?
        var name = fullName
        if let dot = bytes[nameRange].firstIndex(of: UInt8(ascii: ".")) {
            group = String(decoding: bytes[nameRange.lowerBound..<dot], as: UTF8.self)
            name = String(decoding: bytes[(dot + 1)..<nameRange.upperBound], as: UTF8.self)
        }
        guard isName(name), group.map(isName) ?? true else {
            let reason: ReadProblem.Reason = colon == nil ? .malformedLine(shown()) : .badPropertyName(fullName)
            return Parsed(problem: ReadProblem(line: line, reason: reason))
        }
        var parameters: [VCardParameter] = []
        for (k, cut) in cuts.enumerated() {
            let segment = spacesTrimmed(bytes, (cut + 1)..<(k + 1 < cuts.count ? cuts[k + 1] : headerEnd))
            if !segment.isEmpty { parameters.append(parameter(bytes, segment)) }
        }
        var valueBytes = colon.map { Array(bytes[($0 + 1)...]) } ?? []
        let encoding = parameters.first { $0.name == "ENCODING" }?.values.first?.uppercased()
        if encoding == "QUOTED-PRINTABLE" {
            valueBytes = TextDecoding.quotedPrintable(valueBytes)
        }
        let charset = parameters.first { $0.name == "CHARSET" }?.values.first
        let decoded = TextDecoding.decode(valueBytes, charset: charset)
        var value = decoded.text
        if parameters.contains(where: { $0.name == "CHARSET" || $0.name == "ENCODING" }) {
            parameters.removeAll { $0.name == "CHARSET" || ($0.name == "ENCODING" && $0.values.first?.uppercased() == "QUOTED-PRINTABLE") }
        }
        if encoding == "BASE64" || encoding == "B" {
            value.unicodeScalars.removeAll { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
            parameters.removeAll { $0.name == "ENCODING" }
            parameters.insert(VCardParameter(name: "ENCODING", values: ["b"]), at: 0)
        } else {
            value = lineBreaksEscaped(value)
        }
        var property = VCardProperty(group: group, name: name, parameters: parameters, value: value, line: line)
        if property.name != name { property.spelling = name } // kept as written: `X-abc`, `item1.Email`
        return Parsed(property: property, problem: decoded.note.map { ReadProblem(line: line, reason: $0) })
    }

    /// `range` of `bytes` without spaces and tabs at either end.
    private static func spacesTrimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound, high = range.upperBound
        while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
        while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
        return low..<high
    }

    /// A property or group name: letters, digits, `-`, and what writers put in theirs
    /// (KAddressBook's `X-messaging/aim-All`, `_`); no spaces, quotes or separators.
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { b in
            b > 0x20 && b < 0x7F && b != UInt8(ascii: "\"") && b != UInt8(ascii: ",") && b != UInt8(ascii: "=") && b != UInt8(ascii: ":") && b != UInt8(ascii: ";")
        }
    }

    /// Line breaks inside a decoded value (quoted-printable `=0D=0A`, Thunderbird's bare CR)
    /// as the `\n` escape, so the value stays one content line and its text keeps the break.
    static func lineBreaksEscaped(_ value: String) -> String {
        let breaks = value.utf8.withContiguousStorageIfAvailable { $0.contains { $0 == 0x0D || $0 == 0x0A } }
            ?? value.utf8.contains { $0 == 0x0D || $0 == 0x0A }
        guard breaks else { return value }
        var out = ""
        var lastWasCR = false
        for c in value.unicodeScalars {
            switch c {
            case "\r": out += "\\n"
            case "\n": if !lastWasCR { out += "\\n" }
            default: out.unicodeScalars.append(c)
            }
            lastWasCR = c == "\r"
        }
        return out
    }

    /// `TYPE=home,work` / `TYPE="a,b"` / a 2.1 bare `HOME` (a type) or `QUOTED-PRINTABLE` (an encoding):
    /// the parameter in `range` of a header's `bytes` (spaces trimmed, not empty).
    private static func parameter(_ bytes: [UInt8], _ range: Range<Int>) -> VCardParameter {
        guard let eq = bytes[range].firstIndex(of: UInt8(ascii: "=")) else {
            let text = String(decoding: bytes[range], as: UTF8.self)
            let bare = text.uppercased()
            switch bare {
            case "QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B": return VCardParameter(name: "ENCODING", values: [bare])
            default: return VCardParameter(name: "TYPE", values: [text])
            }
        }
        let name = String(decoding: bytes[spacesTrimmed(bytes, range.lowerBound..<eq)], as: UTF8.self)
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
        var values: [String] = []
        func add(_ part: Range<Int>) {
            var v = spacesTrimmed(bytes, part)
            if v.count >= 2, bytes[v.lowerBound] == quote, bytes[v.upperBound - 1] == quote { v = (v.lowerBound + 1)..<(v.upperBound - 1) }
            let text = String(decoding: bytes[v], as: UTF8.self)
            values.append(bytes[v].contains(UInt8(ascii: "^")) ? caretDecoded(text) : text)
        }
        var inQuotes = false
        var start = eq + 1
        for i in (eq + 1)..<range.upperBound {
            if bytes[i] == quote { inQuotes.toggle() }
            else if bytes[i] == comma, !inQuotes { add(start..<i); start = i + 1 }
        }
        add(start..<range.upperBound)
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
