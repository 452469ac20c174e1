/// A card kept as it came: the text a store keeps for each contact, and the writing of such a
/// card in the version an export asks for.
///
/// The stored text is the card's properties as read — names, parameters, groups, order, unknown
/// ones — one unfolded UTF-8 content line each (quoted-printable and charsets already decoded,
/// escapes kept), between `BEGIN:VCARD`, `VERSION:` and `END:VCARD`, CRLF after each line.
public extension VCard {
    /// The card as a store keeps it (see the type's comment).
    var storedText: String {
        var text = "BEGIN:VCARD\r\nVERSION:"
        text.reserveCapacity(64 + properties.reduce(0) { $0 + $1.value.utf8.count + 24 })
        text += version.rawValue
        text += "\r\n"
        for property in properties {
            property.appendStoredLine(to: &text)
            text += "\r\n"
        }
        text += "END:VCARD\r\n"
        return text
    }

    /// Reads a card's stored text; nil when it holds no card.
    init?(storedText: String) {
        var reader = VCardReader(bytes: Array(storedText.utf8))
        while let item = try? reader.next() {
            if case .card(let card) = item { self = card; return }
        }
        return nil
    }
}

public extension VCardProperty {
    /// The property as one unfolded content line, exactly as read: no conversion for any version.
    var storedLine: String {
        var text = ""
        appendStoredLine(to: &text)
        return text
    }

    /// Appends `storedLine` to `text`, without making it first.
    internal func appendStoredLine(to text: inout String) {
        if let group { text += group; text += "." }
        text += writtenName
        for parameter in parameters {
            text += ";"
            text += parameter.name
            text += "="
            for (i, value) in parameter.values.enumerated() {
                if i > 0 { text += "," }
                // Most values (`work`, `pref`, `1`) need no quoting or caret: written as they are, unlooked at character by character.
                let plain = !value.utf8.contains { $0 == 0x5E || $0 == 0x0A || $0 == 0x0D || $0 == 0x22 || $0 == 0x3A || $0 == 0x3B || $0 == 0x2C || $0 == 0x20 }
                text += plain ? value : VCardWriter.parameterValue(value)
            }
        }
        text += ":"
        text += value
    }
}

public extension VCardWriter {
    /// A kept card, BEGIN to END, in this writer's version: its properties in their order, each as
    /// it came except where this version needs another form (`VCardConformance.written`: X- forms
    /// of another version's properties, GEO, PREF, names vCard allows; binary values as
    /// `ENCODING=b` or `data:` URIs).
    func write(_ card: VCard) -> String {
        var out = VCardWriter.fold("BEGIN:VCARD") + VCardWriter.fold("VERSION:" + version.rawValue)
        // 3.0's PROFILE is always VCARD and refused by readers (vobject): not written.
        for property in card.properties where property.name != "PROFILE" {
            for kept in VCardConformance.written(Self.yearless(property, to: version), to: version) { out += VCardWriter.fold(line(for: kept)) }
        }
        return out + VCardWriter.fold("END:VCARD")
    }

    /// Apple's year-less date (`BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12`) as 4.0 writes one (`--0412`).
    static func yearless(_ property: VCardProperty, to version: VCardVersion) -> VCardProperty {
        guard version == .v40, property.name == "BDAY" || property.name == "ANNIVERSARY",
              let date = PartialDate(parsing: property.text), let year = date.year,
              year == 1604 || property.values(of: "X-APPLE-OMIT-YEAR").contains(String(year)),
              let yearless = PartialDate(year: nil, month: date.month, day: date.day) else { return property }
        var p = property
        p.parameters.removeAll { $0.name == "X-APPLE-OMIT-YEAR" }
        p.value = yearless.basic
        return p
    }
}
