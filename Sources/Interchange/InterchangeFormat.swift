/// The file formats read, told apart by their first bytes.
public enum InterchangeFormat: String, Sendable {
    case vCard = "vcard"
    case csv
    case abook
    case ldif

    /// The format of a file that starts with `prefix` (a few kilobytes are enough):
    /// vCard when a `BEGIN:VCARD` line comes first, abook for its header comment or
    /// `[format]`/`[0]` sections, LDIF for a `dn:` or `version: 1` line (after comments),
    /// CSV when the first line has a comma, semicolon
    /// or tab; nil otherwise. UTF-16 and UTF-32 files are read as their text.
    public static func detect(_ prefix: [UInt8]) -> InterchangeFormat? {
        var physical = ByteLines(bytes: Array(prefix.prefix(16384)))
        var bytes: [UInt8] = []
        while let (line, _) = try? physical.next() { bytes += line.bytes; bytes.append(0x0A) }
        let text = String(decoding: bytes.prefix(8192), as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        guard let first = lines.first else { return nil }
        if first.uppercased() == "BEGIN:VCARD" { return .vCard }
        if let record = lines.first(where: { !$0.hasPrefix("#") }), LDIFReader.isLDIFStart(record) { return .ldif }
        if first.lowercased().hasPrefix("# abook") || first == "[format]" || AbookReader.isEntryHeader(first) { return .abook }
        if first.contains(",") || first.contains(";") || first.contains("\t") { return .csv }
        if lines.contains(where: { $0.uppercased() == "BEGIN:VCARD" }) { return .vCard }
        return nil
    }

    /// Why a file that starts with `prefix` is none of the formats, naming what it starts with.
    public static func refusal(_ prefix: [UInt8]) -> String {
        var physical = ByteLines(bytes: Array(prefix.prefix(16384)))
        while let (line, _) = try? physical.next() {
            let text = String(decoding: line.bytes, as: UTF8.self).trimmingSpaces
            if text.isEmpty { continue }
            let shown = ReadProblem.clip(text)
            return "its first line (line \(line.number)) is “\(shown)”: not BEGIN:VCARD, a CSV header with commas, semicolons or tabs, an LDIF dn: line or an abook section"
        }
        return "the file is empty"
    }
}
