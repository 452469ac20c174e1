/// The header of an RFC 5322 message: its fields, unfolded (a line that starts with a space or a
/// tab continues the one before), up to the first empty line. An mbox "From " line before it is
/// passed over. Fields are text: ASCII, or UTF-8 (RFC 6532); other 8-bit bytes are refused.
public struct MailHeaderSection: Sendable {
    /// Each field's name and unfolded value, in order.
    public private(set) var fields: [(name: String, value: String)] = []

    /// The most a header may hold.
    public static let limit = 1 << 20

    /// Reads the header from the start of `bytes` (the whole message, or its start). With
    /// `keeping` (lowercased names), only those fields are kept, and only they must be text.
    public init(bytes: some Collection<UInt8>, keeping: Set<String>? = nil) throws(MailProblem) {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        var sawEnd = false, count = 0
        for byte in bytes {
            count += 1
            if count > Self.limit { throw .headerTooLong(Self.limit) }
            if byte == 0 { throw .notAMessage(line: lines.count + 1) }
            if byte == 0x0A {
                if line.last == 0x0D { line.removeLast() }
                if line.isEmpty { sawEnd = true; break }
                lines.append(line)
                line = []
            } else {
                line.append(byte)
            }
        }
        if !sawEnd && !line.isEmpty { lines.append(line) }
        if lines.isEmpty { throw .empty }
        if lines[0].starts(with: Array("From ".utf8)) { lines.removeFirst() }
        var raw: [(name: [UInt8], value: [UInt8])] = []
        for (index, text) in lines.enumerated() {
            if let first = text.first, first == 0x20 || first == 0x09 {
                guard !raw.isEmpty else { throw .notAMessage(line: index + 1) }
                raw[raw.count - 1].value += text
                continue
            }
            guard let colon = text.firstIndex(of: 0x3A), colon > 0,
                  text[..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .notAMessage(line: index + 1) }
            raw.append((Array(text[..<colon]), Array(text[(colon + 1)...])))
        }
        for (name, value) in raw {
            let fieldName = String(decoding: name, as: UTF8.self)
            if let keeping, !keeping.contains(fieldName.lowercased()) { continue }
            guard let text = String(validating: value, as: UTF8.self) else { throw .eightBit(field: fieldName) }
            fields.append((fieldName, text))
        }
    }

    /// The values of the fields named `name` (any case), in order.
    public func values(of name: String) -> [String] {
        let wanted = name.lowercased()
        return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
    }
}
