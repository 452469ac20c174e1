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
        if isBegin(first) { return .vCard }
        if let record = lines.first(where: { !$0.hasPrefix("#") }), LDIFReader.isLDIFStart(record) { return .ldif }
        if first.lowercased().hasPrefix("# abook") || first == "[format]" || AbookReader.isEntryHeader(first) { return .abook }
        if binaryKind(prefix) != nil { return nil }   // a workbook, image, JSON…: `refusal` says which
        if first.contains(",") || first.contains(";") || first.contains("\t") { return .csv }
        if lines.contains(where: isBegin) { return .vCard }
        return nil
    }

    /// `BEGIN:VCARD`, in any case and with a group if it has one (`home.begin:vcard`, as
    /// py-vobject's test file has it).
    static func isBegin(_ line: String) -> Bool {
        let upper = line.uppercased()
        guard upper.hasSuffix("BEGIN:VCARD") else { return false }
        let group = upper.dropLast("BEGIN:VCARD".count)
        return group.isEmpty || (group.hasSuffix(".") && group.dropLast().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && group.count > 1)
    }

    /// Why a file that starts with `prefix` is none of the formats, naming what it is (a
    /// workbook, a PDF, an image, a database, JSON, bytes that are not text) or what its first
    /// line is.
    public static func refusal(_ prefix: [UInt8]) -> String {
        if let kind = binaryKind(prefix) { return kind }
        var physical = ByteLines(bytes: Array(prefix.prefix(16384)))
        while let (line, _) = try? physical.next() {
            let text = String(decoding: line.bytes, as: UTF8.self).trimmingSpaces
            if text.isEmpty { continue }
            let shown = ReadProblem.clip(text)
            return "its first line (line \(line.number)) is “\(shown)”: not BEGIN:VCARD, a CSV header with commas, semicolons or tabs, an LDIF dn: line or an abook section"
        }
        return "the file is empty"
    }

    /// What a file that is not text is, from its first bytes; nil for text.
    static func binaryKind(_ prefix: [UInt8]) -> String? {
        func starts(_ magic: [UInt8]) -> Bool { prefix.starts(with: magic) }
        func starts(_ magic: String) -> Bool { prefix.starts(with: Array(magic.utf8)) }
        if starts([0x50, 0x4B, 0x03, 0x04]) {
            return "it is a ZIP archive (an Excel .xlsx or OpenDocument .ods workbook?): save the sheet as CSV and import that"
        }
        if starts([0xD0, 0xCF, 0x11, 0xE0]) {
            return "it is an old Office file (an Excel .xls workbook or an Outlook .msg?): save it as CSV (or the contacts as vCard) and import that"
        }
        if starts("%PDF") { return "it is a PDF document: contacts are read from vCard, CSV, LDIF or abook files" }
        if starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts("GIF8") {
            return "it is an image: contacts are read from vCard, CSV, LDIF or abook files"
        }
        if starts("SQLite format 3") { return "it is an SQLite database (a switchboard data file? open it with --db)" }
        if starts("{\\rtf") { return "it is an RTF document: save the contacts as vCard or CSV" }
        let text = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(prefix.dropFirst(3)) : prefix
        let firstVisible = text.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if firstVisible == UInt8(ascii: "{") || firstVisible == UInt8(ascii: "[") {
            return "it looks like JSON: contacts are read from vCard, CSV, LDIF or abook files"
        }
        if firstVisible == UInt8(ascii: "<") { return "it looks like XML or HTML: contacts are read from vCard, CSV, LDIF or abook files" }
        if ByteLines.wideEncoding(of: prefix) == nil {
            let sample = prefix.prefix(4096)
            let control = sample.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }.count
            if sample.contains(0) || control * 20 > sample.count {
                return "it is not text (\(control) control bytes in its first \(sample.count)): contacts are read from vCard, CSV, LDIF or abook files"
            }
        }
        return nil
    }
}
