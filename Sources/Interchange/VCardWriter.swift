/// Writes `ContactCard`s as vCard 4.0 (RFC 6350) or 3.0 (RFC 2426): UTF-8, CRLF line ends,
/// lines folded at 75 octets without splitting a UTF-8 sequence.
public struct VCardWriter: Sendable {
    /// The version written: 4.0 or 3.0 (2.1 is read, never written).
    public let version: VCardVersion
    /// The PRODID written in each card.
    public var productID = "-//Switchboard//Switchboard//EN"

    /// Makes a writer for 4.0 or 3.0 (2.1 is written as 3.0).
    public init(version: VCardVersion = .v40) {
        self.version = version == .v21 ? .v30 : version
    }

    /// One card, BEGIN to END, each line ending in CRLF.
    public func write(_ contact: ContactCard) -> String {
        var lines: [String] = ["BEGIN:VCARD", "VERSION:\(version.rawValue)", "PRODID:\(productID)"]
        let is4 = version == .v40
        if !contact.uid.isEmpty { lines.append("UID:" + VCardEscaping.escape(contact.uid)) }
        lines.append("FN:" + VCardEscaping.escape(contact.formattedName.isEmpty ? contact.displayName : contact.formattedName))
        let n = [contact.familyName, contact.givenName, contact.additionalNames, contact.prefixes, contact.suffixes]
        lines.append("N:" + VCardEscaping.nameValue(n))
        if !contact.nicknames.isEmpty { lines.append("NICKNAME:" + contact.nicknames.map(VCardEscaping.escape).joined(separator: ",")) }
        if !contact.organization.isEmpty || !contact.organizationUnits.isEmpty {
            lines.append("ORG:" + ([contact.organization] + contact.organizationUnits).map(VCardEscaping.escape).joined(separator: ";"))
        }
        if !contact.title.isEmpty { lines.append("TITLE:" + VCardEscaping.escape(contact.title)) }

        var usedGroups = Set(contact.extras.compactMap { $0.group?.lowercased() })
        var nextGroup = 1
        /// Writes the property; returns its group ("item3.") or "" and its TYPE words.
        @discardableResult
        func labeled(_ name: String, _ item: LabeledValue, extraParameters: String = "", value: String) -> (group: String, types: [String]) {
            var params = extraParameters
            var group = ""
            var abLabel: String?
            var types = VCardLabels.types(for: item.label) ?? []
            if VCardLabels.types(for: item.label) == nil {
                while usedGroups.contains("item\(nextGroup)") { nextGroup += 1 }
                group = "item\(nextGroup)."
                usedGroups.insert("item\(nextGroup)")
                abLabel = item.label
            }
            if item.isPreferred {
                if is4 { params += ";PREF=1" } else { types.append("pref") }
            }
            if !types.isEmpty { params = ";TYPE=" + types.joined(separator: ",") + params }
            lines.append(group + name + params + ":" + value)
            if let abLabel { lines.append(group + "X-ABLabel:" + VCardEscaping.escape(abLabel)) }
            return (group, types.filter { $0 != "pref" })
        }
        for email in contact.emails { labeled("EMAIL", email, value: VCardEscaping.escape(email.value)) }
        for phone in contact.phones { labeled("TEL", phone, extraParameters: is4 ? ";VALUE=text" : "", value: VCardEscaping.escape(phone.value)) }
        for address in contact.addresses {
            // 4.0: the delivery label as ADR's LABEL parameter (else the address on lines); 3.0: as a LABEL
            // property of the same group and type after it.
            let delivery = address.deliveryLabel.isEmpty ? address.formatted : address.deliveryLabel
            let parameter = is4 && !delivery.isEmpty ? ";LABEL=" + Self.parameterValue(delivery) : ""
            let (group, types) = labeled("ADR", LabeledValue(label: address.label, value: "", isPreferred: address.isPreferred),
                                         extraParameters: parameter, value: address.components.map(VCardEscaping.escape).joined(separator: ";"))
            if !is4, !address.deliveryLabel.isEmpty {
                lines.append(group + "LABEL" + (types.isEmpty ? "" : ";TYPE=" + types.joined(separator: ",")) + ":" + VCardEscaping.escape(address.deliveryLabel))
            }
        }
        for url in contact.urls { labeled("URL", url, value: VCardEscaping.escape(url.value)) }
        if let birthday = contact.birthday {
            if is4 {
                lines.append("BDAY:" + birthday.basic)
            } else if birthday.year == nil {
                // 3.0's dates have a year: a year-less one is written the way Apple's are.
                lines.append("BDAY;X-APPLE-OMIT-YEAR=1604:1604-" + birthday.description.dropFirst(2))
            } else {
                lines.append("BDAY:" + birthday.description)
            }
        }
        if !contact.note.isEmpty { lines.append("NOTE:" + VCardEscaping.escape(contact.note)) }
        if !contact.categories.isEmpty { lines.append("CATEGORIES:" + contact.categories.map(VCardEscaping.escape).joined(separator: ",")) }
        for extra in contact.extras {
            for property in VCardConformance.written(extra, to: version) { lines.append(line(for: property)) }
        }
        lines.append("END:VCARD")
        var out = ""
        for line in lines { out += Self.fold(line) }
        return out
    }

    /// A labeled value as one property of its own, with no group: its label as TYPE words or
    /// else an `X-ABLABEL` parameter, its preference as PREF=1 (`VCardDecoder.labeledValue` reads it).
    public static func property(_ name: String, for item: LabeledValue) -> VCardProperty {
        var parameters: [VCardParameter] = []
        if let types = VCardLabels.types(for: item.label), !types.isEmpty {
            parameters.append(VCardParameter(name: "TYPE", values: types))
        } else if !item.label.isEmpty {
            parameters.append(VCardParameter(name: "X-ABLABEL", values: [item.label]))
        }
        if item.isPreferred { parameters.append(VCardParameter(name: "PREF", values: ["1"])) }
        return VCardProperty(name: name, parameters: parameters, value: VCardEscaping.escape(item.value))
    }

    /// A kept property as a content line, binary values moved between 3.0's `ENCODING=b`
    /// and 4.0's `data:` URIs; the media type comes from the data's first bytes (a TYPE may be
    /// anything: `TYPE=WORK` on a photo), else from a TYPE that names an image format.
    func line(for property: VCardProperty) -> String {
        var parameters = property.parameters
        var value = property.value
        let isBase64 = parameters.contains { $0.name == "ENCODING" && $0.values.first?.uppercased() == "B" }
        if version == .v40, isBase64 {
            if value.lowercased().hasPrefix("data:") {
                // Already a data URI (written with ENCODING=b by some): kept, never doubled.
                parameters.removeAll { $0.name == "ENCODING" }
            } else {
                let declared = parameters.first { $0.name == "TYPE" }?.values.first?.lowercased()
                let media = MediaType.sniff(base64: value) ?? MediaType.named(declared, property: property.name)
                parameters.removeAll { $0.name == "ENCODING" || $0.name == "TYPE" }
                value = "data:\(media);base64," + Base64.canonical(value)
            }
        } else if version == .v30, isBase64 {
            value = Base64.canonical(value)
        } else if version == .v30, value.hasPrefix("data:"), let comma = value.firstIndex(of: ","),
                  value[..<comma].hasSuffix(";base64") {
            let data = Base64.canonical(String(value[value.index(after: comma)...]))
            let declared = value.dropFirst(5).prefix { $0 != ";" && $0 != "," }
            let media = MediaType.sniff(base64: data) ?? String(declared)
            let subtype = media.split(separator: "/").last.map { String($0).uppercased() } ?? "JPEG"
            parameters.removeAll { $0.name == "VALUE" || $0.name == "ENCODING" || $0.name == "TYPE" }
            parameters.insert(VCardParameter(name: "TYPE", values: [subtype]), at: 0)
            parameters.insert(VCardParameter(name: "ENCODING", values: ["b"]), at: 0)
            value = data
        }
        var text = property.group.map { $0 + "." } ?? ""
        text += property.writtenName
        for parameter in parameters {
            text += ";" + parameter.name + "=" + parameter.values.map(Self.parameterValue).joined(separator: ",")
        }
        return text + ":" + value
    }

    /// A parameter value, quoted when it holds `:;,`; line breaks and quotes caret-encoded (RFC 6868).
    static func parameterValue(_ raw: String) -> String {
        var text = ""
        for c in raw {
            switch c {
            case "^": text += "^^"
            case "\n", "\r\n", "\r": text += "^n"   // a lone CR too: it would end the line for some readers
            case "\"": text += "^'"
            default: text.append(c)
            }
        }
        return text.contains(where: { $0 == ":" || $0 == ";" || $0 == "," || $0 == " " }) ? "\"" + text + "\"" : text
    }

    /// A content line folded at 75 octets (continuations start with one space), with CRLF.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line + "\r\n" }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Never end a piece inside a UTF-8 sequence: back up to a lead byte.
            while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.append(0x20) }
            out.append(contentsOf: bytes[start..<end])
            out.append(contentsOf: [0x0D, 0x0A])
            start = end
            limit = 74
        }
        return String(decoding: out, as: UTF8.self)
    }
}
