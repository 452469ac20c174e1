/// A card's text as it came from where it is kept (a CardDAV server's card, byte for byte): what an
/// edit is written over, so that every line the edit does not change goes back exactly as it was —
/// its folding and line ends, its parameters' spelling and order, its encodings and charsets, the
/// card's VERSION. Only the properties the edit changed are written anew, in the card's own version.
///
/// A text whose lines cannot be told apart as the reader told them (old Mac CR line ends, a line
/// the reader reads differently alone) gives no source text: the caller writes the card whole.
public struct VCardSourceText: Sendable {
    /// The card as read; each property's `line` names the line of the text it came from.
    public let card: VCard

    /// One content line of the text: its number (of its first physical line), its bytes as they
    /// came (folds and line ends included) and unfolded (what the reader parsed).
    struct SourceLine: Sendable {
        var number: Int
        var raw: [UInt8]
        var unfolded: [UInt8]
    }

    let lines: [SourceLine]
    /// The line end the text uses (CRLF, else LF), for lines written anew.
    let lineEnd: String
    /// Which of `lines` hold one of the card's properties (by index in `lines`), and that property.
    let properties: [Int: VCardProperty]
    /// The index in `lines` of the card's `END:VCARD` (or `lines.count`).
    let end: Int

    /// Reads the first card of `text`; nil when it holds none, or its lines cannot be matched to
    /// the card's properties one for one.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        // The reader's own line ends: LF (CRLF and CR CR LF among them). A text whose first line
        // ends in a lone CR is read with CR line ends: not matched here.
        if let first = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }), bytes[first] == 0x0D {
            var next = first + 1
            while next < bytes.count, bytes[next] == 0x0D { next += 1 }
            guard next < bytes.count, bytes[next] == 0x0A else { return nil }
        }
        var reader = VCardReader(bytes: bytes)
        var found: VCard?
        while let item = try? reader.next() {
            if case .card(let card) = item { found = card; break }
        }
        guard let card = found else { return nil }
        self.card = card

        // Physical lines: each one's bytes with its line end, and without.
        var physical: [(raw: ArraySlice<UInt8>, content: ArraySlice<UInt8>)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let rawEnd = end < bytes.count ? end + 1 : end
            var contentEnd = end
            while contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            var contentStart = start
            if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { contentStart = min(3, contentEnd) }
            physical.append((bytes[start..<rawEnd], bytes[contentStart..<contentEnd]))
            start = rawEnd
        }
        lineEnd = physical.first.map { $0.raw.last == 0x0A && $0.raw.dropLast().last == 0x0D } ?? true ? "\r\n" : "\n"

        // Content lines, joined as the reader joins them: folds, and quoted-printable soft breaks.
        var lines: [SourceLine] = []
        var i = 0
        while i < physical.count {
            var raw = Array(physical[i].raw)
            var unfolded = Array(physical[i].content)
            var quotedPrintable = Self.isQuotedPrintable(unfolded)
            var j = i + 1
            while j < physical.count {
                let next = physical[j].content
                if quotedPrintable, unfolded.last == UInt8(ascii: "=") {
                    unfolded.removeLast()
                    unfolded.append(contentsOf: next)
                } else if let lead = next.first, lead == 0x20 || lead == 0x09 {
                    unfolded.append(contentsOf: next.dropFirst())
                    if !quotedPrintable { quotedPrintable = Self.isQuotedPrintable(unfolded) }
                } else {
                    break
                }
                raw.append(contentsOf: physical[j].raw)
                j += 1
            }
            lines.append(SourceLine(number: i + 1, raw: raw, unfolded: unfolded))
            i = j
        }
        self.lines = lines

        // Each property of the card, found on its line and read the same from it alone.
        let index = Dictionary(lines.enumerated().map { ($0.element.number, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var properties: [Int: VCardProperty] = [:]
        for property in card.properties {
            guard let at = index[property.line], properties[at] == nil,
                  VCardReader.parse(lines[at].unfolded, line: property.line).property == property else { return nil }
            properties[at] = property
        }
        self.properties = properties
        let lastProperty = properties.keys.max() ?? -1
        end = lines.indices.first { $0 > lastProperty && Self.isEnd(lines[$0].unfolded) } ?? lines.count
    }

    /// The text with `edited`'s properties in it: each one still as it was read goes back byte for
    /// byte, each changed one is written in the card's version where it was, each new one where
    /// the edit put it, and one the edit removed is gone. Lines that are no property (BEGIN,
    /// VERSION, END, a line the reader left out) stay where they were.
    public func text(with edited: VCard) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(lines.reduce(0) { $0 + $1.raw.count } + 256)
        var cursor = 0
        var used = Set<Int>()
        let byNumber = Dictionary(properties.map { ($0.value.line, $0.key) }, uniquingKeysWith: { a, _ in a })
        /// The lines before `index` that hold no property of the card, not written yet.
        func flush(upTo index: Int) {
            while cursor < index {
                if properties[cursor] == nil { out += lines[cursor].raw }
                cursor += 1
            }
        }
        flush(upTo: properties.keys.min() ?? end)
        for property in edited.properties {
            if property.line != 0, let at = byNumber[property.line], !used.contains(at), let original = properties[at] {
                used.insert(at)
                if at >= cursor { flush(upTo: at); cursor = at + 1 }
                if property == original {
                    out += lines[at].raw
                } else {
                    out += Array(written(property, over: original, at: at).utf8)
                }
            } else {
                out += Array(written(property, over: nil, at: nil).utf8)
            }
        }
        flush(upTo: lines.count)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Lines written anew

    /// `property` as the card's version writes it, folded, with the text's line end. Over a
    /// property of the same name, group and parameters, its header is kept as it was spelled
    /// (`TEL;type=CELL;type=VOICE:`) and only the value is new.
    func written(_ property: VCardProperty, over original: VCardProperty?, at index: Int?) -> String {
        let version = card.version
        var header: String?
        if let original, let index, original.group == property.group, original.name == property.name,
           original.parameters == property.parameters {
            header = Self.header(of: lines[index].unfolded)
        }
        var contentLines: [String]
        if version == .v21 {
            contentLines = [Self.line21(property, header: header, isNew: original == nil)]
        } else if let header {
            contentLines = [header + ":" + property.value]
        } else if original == nil {
            contentLines = VCardConformance.written(property, to: version).map { VCardWriter(version: version).line(for: $0) }
        } else {
            // A changed property keeps its name (RELATED in a 3.0 card stays RELATED); its preference follows the version.
            var adapted = VCardConformance.adapted(property, to: version)
            adapted.name = property.name
            contentLines = [VCardWriter(version: version).line(for: adapted)]
        }
        var text = ""
        for line in contentLines {
            // A quoted-printable value carries its own soft line breaks; any other line is folded at 75 octets.
            let folded = Self.isQuotedPrintable(Array(line.utf8)) ? line + "\r\n" : VCardWriter.fold(line)
            text += lineEnd == "\r\n" ? folded : String(folded.unicodeScalars.filter { $0 != "\r" })
        }
        return text
    }

    /// The header of an unfolded content line (what comes before the first colon outside quotes),
    /// without its CHARSET and quoted-printable ENCODING (the value written after it is UTF-8 as it is).
    static func header(of unfolded: [UInt8]) -> String {
        var inQuotes = false
        var colon = unfolded.count
        var cuts: [Int] = []
        for (i, b) in unfolded.enumerated() {
            if b == UInt8(ascii: "\"") { inQuotes.toggle() }
            else if !inQuotes, b == UInt8(ascii: ":") { colon = i; break }
            else if !inQuotes, b == UInt8(ascii: ";") { cuts.append(i) }
        }
        var segments: [String] = []
        var from = 0
        for cut in cuts + [colon] {
            segments.append(String(decoding: unfolded[from..<cut], as: UTF8.self))
            from = cut + 1
        }
        let kept = segments.enumerated().filter { offset, segment in
            guard offset > 0 else { return true }
            let folded = segment.uppercased().filter { $0 != " " && $0 != "\t" }
            return !(folded.hasPrefix("CHARSET=") || folded == "QUOTED-PRINTABLE" || folded == "ENCODING=QUOTED-PRINTABLE")
        }
        return kept.map(\.element).joined(separator: ";")
    }

    /// `property` as vCard 2.1 writes it: TYPE values bare (`TEL;HOME;VOICE:`), a value with
    /// other than ASCII or with line breaks as quoted-printable UTF-8
    /// (`CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE`). `header` is the original's, when it is kept;
    /// nil: made from the parameters.
    static func line21(_ property: VCardProperty, header: String?, isNew: Bool) -> String {
        // The value's escapes stay (`\,` `\;` `\\`: vobject and sabre/vobject, which CardDAV servers
        // parse with, read 2.1 values as 3.0's, and cut a value at a bare comma); a line break is
        // 2.1's own, a CR LF in quoted-printable.
        var value = ""
        var escaped = false
        for c in property.value {
            if escaped {
                if c == "n" || c == "N" { value += "\r\n" } else { value.append("\\"); value.append(c) }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                value.append(c)
            }
        }
        if escaped { value += "\\" }
        let isBinary = property.parameters.contains { $0.name == "ENCODING" }
        let needsQuotedPrintable = !isBinary && value.utf8.contains { $0 >= 0x80 || $0 == 0x0D || $0 == 0x0A }
        var head: String
        if let header {
            head = header
        } else {
            var p = property
            if isNew { p = VCardConformance.written(property, to: .v30).first ?? property }
            head = (p.group.map { $0 + "." } ?? "") + p.writtenName
            for parameter in p.parameters {
                switch parameter.name {
                case "TYPE":
                    for value in parameter.values { for word in value.split(separator: ",") { head += ";" + word.uppercased() } }
                case "PREF":
                    if p.isPreferred { head += ";PREF" }
                case "ENCODING":
                    head += ";ENCODING=BASE64"
                default:
                    head += ";" + parameter.name + "=" + parameter.values.joined(separator: ",")
                }
            }
        }
        guard needsQuotedPrintable else { return head + ":" + value }
        return head + ";CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:" + quotedPrintable(value, after: head.utf8.count + 41)
    }

    /// `text`'s UTF-8 as quoted-printable, with soft line breaks keeping each line under 76
    /// octets (`used` of the first taken by the header).
    static func quotedPrintable(_ text: String, after used: Int) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        var column = used
        for b in text.utf8 {
            var piece: [UInt8]
            if (b >= 0x21 && b <= 0x7E && b != UInt8(ascii: "=")) || b == 0x20 {
                piece = [b]
            } else {
                piece = [UInt8(ascii: "="), hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
            }
            if column + piece.count > 75 {
                out += [UInt8(ascii: "="), 0x0D, 0x0A]
                column = 0
            }
            out += piece
            column += piece.count
        }
        // A space at a line's end is lost to readers: written as =20.
        if out.last == 0x20 { out.removeLast(); out += [UInt8(ascii: "="), UInt8(ascii: "2"), UInt8(ascii: "0")] }
        return String(decoding: out, as: UTF8.self)
    }

    static func isQuotedPrintable(_ bytes: [UInt8]) -> Bool {
        let marker = Array("QUOTED-PRINTABLE".utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let header = bytes[..<colon].map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        guard header.count >= marker.count else { return false }
        for start in 0...(header.count - marker.count) where header[start] == marker[0] {
            if Array(header[start..<start + marker.count]) == marker { return true }
        }
        return false
    }

    static func isEnd(_ unfolded: [UInt8]) -> Bool {
        let text = String(decoding: unfolded, as: UTF8.self).uppercased().filter { $0 != " " && $0 != "\t" }
        return text == "END:VCARD"
    }
}
