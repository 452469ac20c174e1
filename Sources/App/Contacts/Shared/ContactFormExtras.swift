import AppServices

/// A form row that edits one kept line of a contact's card (an IM address, a custom field), or
/// adds one.
struct ExtraRow: Equatable {
    /// The line it edits: its index among the loaded extras' lines; nil for a row added in the form.
    var line: Int?
    /// A custom field's property name as written (`X-SOCIALPROFILE`); IM rows: "IMPP".
    var name = ""
    /// An IM address's label (its TYPE: "home", "work").
    var label = ""
    /// The value as the form shows it.
    var value = ""

    /// Whether nothing is typed in it.
    var isBlank: Bool { name.trimmedSpaces.isEmpty && label.trimmedSpaces.isEmpty && value.trimmedSpaces.isEmpty }
}

/// The kept lines of a contact (`ContactRecord.extras`) as the form's rows: IM addresses (IMPP),
/// the anniversary, and custom fields (X- properties and the other properties the card holds
/// that no field stands for); and the lines again after the form's edits, each line rewritten
/// only where its row changed, the others byte for byte.
enum ContactFormExtras {
    /// Lines the form does not show as custom fields: the fields' own properties (a second FN or
    /// ORG), the ones shown elsewhere (groups, IM, anniversary), the company's kind, binary data,
    /// Apple's labels of grouped properties, group members.
    static let notCustom: Set<String> = [
        "BEGIN", "END", "VERSION", "PRODID", "REV", "UID", "FN", "N", "NICKNAME", "ORG", "TITLE", "NOTE", "BDAY", "CATEGORIES",
        "EMAIL", "TEL", "ADR", "X-ORG-UNITS", "KIND", "PHOTO", "LOGO", "SOUND", "KEY", "X-ABLABEL", "LABEL", "IMPP", "ANNIVERSARY",
        "X-ANNIVERSARY", "MEMBER", "X-ADDRESSBOOKSERVER-MEMBER", "X-ADDRESSBOOKSERVER-KIND", "CLIENTPIDMAP", "PROFILE",
    ]
    /// A custom field's value longer than this is not shown (data, not text): it is kept as it is.
    static let longestShown = 1000

    /// What the form shows of a contact's kept lines.
    struct Rows: Equatable {
        var ims: [ExtraRow] = []
        var anniversary = ""
        /// The anniversary's line, nil when it has none.
        var anniversaryLine: Int?
        var customs: [ExtraRow] = []
    }

    static func lines(_ extras: String) -> [String] {
        extras.isEmpty ? [] : extras.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Text as a one-line field shows it: control characters (line breaks among them) left out.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }))
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F..<0xA0).contains(s.value) }

    static func rows(from extras: String) -> Rows {
        var rows = Rows()
        for (i, text) in lines(extras).enumerated() {
            guard let line = ContentLine(text) else { continue }
            switch line.key {
            case "IMPP":
                rows.ims.append(ExtraRow(line: i, name: line.name, label: shown(line.label), value: shown(line.value)))
            case "ANNIVERSARY" where rows.anniversaryLine == nil, "X-ANNIVERSARY" where rows.anniversaryLine == nil:
                rows.anniversaryLine = i
                rows.anniversary = shown(dateShown(line.unescaped))
            default:
                guard isCustom(line) else { continue }
                rows.customs.append(ExtraRow(line: i, name: line.name, value: shown(line.unescaped)))
            }
        }
        return rows
    }

    /// Whether a kept line is shown as a custom field.
    static func isCustom(_ line: ContentLine) -> Bool {
        !notCustom.contains(line.key) && line.value.count <= longestShown
            && !line.parameters.contains { ["ENCODING=B", "ENCODING=BASE64", "VALUE=BINARY"].contains($0.uppercased()) }
    }

    /// Whether a custom field may be called `name`: letters, digits and `-`, and not a name the
    /// form's other fields stand for (`X-SPOUSE`, `GENDER`, `URL`).
    static func isCustomName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } && !name.hasSuffix("-")
            && !notCustom.contains(name.uppercased())
    }

    /// A date as the form shows it: `19960415` → `1996-04-15`, `--0415` → `--04-15`; others as they are.
    static func dateShown(_ value: String) -> String {
        let digits = value.filter { $0 != "-" }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return value }
        if value.count == 8, digits.count == 8 { return digits.prefix(4) + "-" + digits.dropFirst(4).prefix(2) + "-" + digits.suffix(2) }
        if value.hasPrefix("--"), value.count == 6, digits.count == 4 { return "--" + digits.prefix(2) + "-" + digits.suffix(2) }
        return value
    }

    /// A stored date (`1996-04-15`, `--04-15`) as a card's line writes it: in the style of the
    /// line it replaces, else vCard 4.0's (`19960415`, `--0415`).
    static func dateWritten(_ stored: String, like old: String?) -> String {
        if let old, old.dropFirst(old.hasPrefix("--") ? 2 : 0).contains("-") { return stored }
        return stored.hasPrefix("--") ? "--" + stored.dropFirst(2).filter { $0 != "-" } : stored.filter { $0 != "-" }
    }

    /// `extras` with the form's rows in place of the rows it loaded: a row changed rewrites its
    /// line (its value, label or name; group and other parameters kept), a row removed (or
    /// emptied) takes its line out, a new row adds a line at the end. `anniversary`: nil when its
    /// field did not change, else the date as stored (`1996-04-15`, `--04-15`, "").
    static func edited(_ extras: String, ims: [ExtraRow], anniversary: String?, customs: [ExtraRow]) -> String {
        var lines = lines(extras)
        let loaded = rows(from: extras)
        var removed = Set<Int>()
        var added: [String] = []
        func edit(_ rows: [ExtraRow], was: [ExtraRow], make: (ExtraRow, ContentLine?) -> ContentLine) {
            let kept = Set(rows.compactMap(\.line))
            for row in was where !kept.contains(row.line!) { removed.insert(row.line!) }
            for row in rows {
                if let i = row.line, let old = was.first(where: { $0.line == i }) {
                    guard row != old else { continue }
                    if row.value.trimmedSpaces.isEmpty { removed.insert(i); continue }
                    guard let line = ContentLine(lines[i]) else { continue }
                    lines[i] = make(row, line).text
                } else if !row.value.trimmedSpaces.isEmpty {
                    added.append(make(row, nil).text)
                }
            }
        }
        edit(ims, was: loaded.ims) { row, line in
            let old = loaded.ims.first { $0.line == row.line }
            var l = line ?? ContentLine(name: "IMPP", value: "")
            if row.value != old?.value { l.value = row.value.trimmedSpaces }
            if row.label != old?.label { l = l.labeled(row.label) }
            return l
        }
        edit(customs, was: loaded.customs) { row, line in
            let old = loaded.customs.first { $0.line == row.line }
            var l = line ?? ContentLine(name: row.name.trimmedSpaces, value: "")
            if row.name != old?.name { l.name = row.name.trimmedSpaces }
            if row.value != old?.value { l.value = ContactCardText.escape(row.value.trimmedSpaces) }
            return l
        }
        if let anniversary {
            if let i = loaded.anniversaryLine, var line = ContentLine(lines[i]) {
                if anniversary.isEmpty { removed.insert(i) } else {
                    line.value = dateWritten(anniversary, like: line.value)
                    lines[i] = line.text
                }
            } else if !anniversary.isEmpty {
                added.append("ANNIVERSARY:" + dateWritten(anniversary, like: nil))
            }
        }
        return (lines.indices.filter { !removed.contains($0) }.map { lines[$0] } + added).joined(separator: "\r\n")
    }
}
