/// Reads LDIF (RFC 2849) address books, Thunderbird's and Evolution's other export: records of
/// `attribute: value` lines separated by blank lines, `attribute:: base64`, continuation lines
/// starting with a space, `#` comments. Each person entry becomes a contact; a mailing list
/// (`objectclass: groupOfNames`) is not a person and is reported, not imported. Attributes with
/// no contact field are kept as `X-LDIF-…` extras.
public struct LDIFReader: ItemReading {
    /// One thing read: a contact, or a problem.
    public enum Item: Equatable, Sendable {
        case contact(ContactCard)
        case problem(ReadProblem)
    }

    private var lines: ByteLines
    private var peeked: ByteLines.Line?
    private var done = false

    /// Reads from bytes in memory.
    public init(bytes: [UInt8]) { lines = ByteLines(bytes: bytes) }

    /// Reads from chunks handed out by `read`.
    public init(read: @escaping () throws -> [UInt8]?) { lines = ByteLines(read: read) }

    /// True when `text` (a file's first line that is not a comment) starts an LDIF file.
    static func isLDIFStart(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("dn:") || lower.hasPrefix("version: 1") || lower.hasPrefix("version:1")
    }

    private mutating func physical() throws -> (line: ByteLines.Line, tooLong: Bool)? {
        if let p = peeked { peeked = nil; return (p, false) }
        return try lines.next()
    }

    /// The next contact or problem, or nil at the end.
    public mutating func next() throws -> Item? {
        while !done {
            var attributes: [(name: String, value: String, line: Int)] = []
            var start: Int?
            var problem: ReadProblem?
            while let (line, tooLong) = try physical() {
                if tooLong { problem = problem ?? ReadProblem(line: line.number, reason: .lineTooLong(lines.maximumLength)); continue }
                var bytes = line.bytes
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    if start != nil { break } else { continue }
                }
                if bytes.first == UInt8(ascii: "#") { continue }
                // Continuation lines.
                while let (more, moreTooLong) = try physical() {
                    if !moreTooLong, more.bytes.first == 0x20 {
                        bytes += more.bytes.dropFirst()
                    } else {
                        peeked = more
                        break
                    }
                }
                if start == nil { start = line.number }
                guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
                    problem = problem ?? ReadProblem(line: line.number, reason: .malformedLine(String(decoding: bytes.prefix(60), as: UTF8.self)))
                    continue
                }
                let name = String(decoding: bytes[..<colon], as: UTF8.self).trimmingSpaces.lowercased()
                var rest = bytes[(colon + 1)...]
                var value: String
                if rest.first == UInt8(ascii: ":") {
                    rest = rest.dropFirst()
                    let decoded = Base64.decode(Array(rest)) ?? []
                    value = String(validating: decoded, as: UTF8.self) ?? TextDecoding.utf8OrWindows1252(decoded)
                } else if rest.first == UInt8(ascii: "<") {
                    continue   // a URL to fetch the value from: not read
                } else {
                    value = String(validating: rest, as: UTF8.self) ?? TextDecoding.utf8OrWindows1252(Array(rest))
                }
                value = value.trimmingSpaces
                if name == "version" && attributes.isEmpty { start = nil; continue }
                attributes.append((name, value, line.number))
            }
            guard let start else { done = true; return nil }
            if let problem, attributes.isEmpty { return .problem(problem) }
            let classes = Set(attributes.filter { $0.name == "objectclass" }.map { $0.value.lowercased() })
            if classes.contains("groupofnames") || classes.contains("groupofuniquenames") {
                return .problem(ReadProblem(line: start, reason: .notAPerson))
            }
            return .contact(Self.contact(attributes.map { ($0.name, $0.value) }, line: start))
        }
        return nil
    }

    static func contact(_ attributes: [(String, String)], line: Int) -> ContactCard {
        var c = ContactCard(line: line)
        var home = PostalAddress(label: "home"), work = PostalAddress(label: "work")
        var birth: (year: Int?, month: Int?, day: Int?) = (nil, nil, nil)
        var homeURL = "", workURL = ""
        for (name, value) in attributes where !value.isEmpty {
            switch name {
            case "dn", "objectclass", "modifytimestamp", "createtimestamp": continue
            case "cn", "displayname": if c.formattedName.isEmpty { c.formattedName = value }
            case "givenname": c.givenName = value
            case "sn", "surname": c.familyName = value
            case "mozillanickname", "xmozillanickname", "nickname": c.nicknames.append(value)
            case "mail", "mozillasecondemail", "xmozillasecondemail": c.emails.append(LabeledValue(value: value))
            case "telephonenumber": c.phones.append(LabeledValue(label: "work", value: value))
            case "homephone": c.phones.append(LabeledValue(label: "home", value: value))
            case "mobile", "cellphone": c.phones.append(LabeledValue(label: "mobile", value: value))
            case "facsimiletelephonenumber", "fax": c.phones.append(LabeledValue(label: "fax", value: value))
            case "pager", "pagerphone": c.phones.append(LabeledValue(label: "pager", value: value))
            case "mozillahomestreet": home.street = value
            case "mozillahomestreet2": home.extended = value
            case "mozillahomelocalityname": home.locality = value
            case "mozillahomestate": home.region = value
            case "mozillahomepostalcode": home.postalCode = value
            case "mozillahomecountryname": home.country = value
            case "street", "streetaddress": work.street = value
            case "postofficebox": work.poBox = value
            case "mozillaworkstreet2": work.extended = value
            case "l", "locality": work.locality = value
            case "st": work.region = value
            case "postalcode": work.postalCode = value
            case "c", "countryname", "co": work.country = value
            case "title": c.title = value
            case "ou", "department": c.organizationUnits.append(value)
            case "o", "company": c.organization = value
            case "mozillaworkurl", "workurl": workURL = value
            case "mozillahomeurl", "homeurl", "labeleduri": homeURL = value
            case "birthyear": birth.year = Int(value)
            case "birthmonth": birth.month = Int(value)
            case "birthday": birth.day = Int(value)
            case "description", "note": c.note = c.note.isEmpty ? value : c.note + "\n" + value
            default:
                let sanitized = String(name.uppercased().unicodeScalars.map { ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" })
                c.extras.append(VCardProperty(name: "X-LDIF-" + sanitized, value: VCardEscaping.escape(value)))
            }
        }
        if !home.isEmpty { c.addresses.append(home) }
        if !work.isEmpty { c.addresses.append(work) }
        if !workURL.isEmpty { c.urls.append(LabeledValue(label: "work", value: workURL)) }
        if !homeURL.isEmpty { c.urls.append(LabeledValue(label: "home", value: homeURL)) }
        if let month = birth.month, let day = birth.day { c.birthday = PartialDate(year: birth.year, month: month, day: day) }
        return c
    }
}

/// Base64 (RFC 4648) decoding; whitespace is skipped, nil for any other stray character.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as base64 with `=` padding, on one line.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A base64 value as readers take it: without white space, and, when its length or
    /// padding is wrong (a file damaged before it came), the bytes it still holds encoded again,
    /// so one bad photo does not make a whole export unreadable (vobject refuses it). A valid
    /// value comes back the same.
    static func canonical(_ value: String) -> String {
        let compact = Array(value.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
        let body = compact.prefix { $0 != UInt8(ascii: "=") }
        let padding = compact.count - body.count
        let valid = compact.count % 4 == 0 && padding <= 2 && compact[body.count...].allSatisfy { $0 == UInt8(ascii: "=") }
            && body.allSatisfy { alphabet.contains($0) }
        if valid { return String(decoding: compact, as: UTF8.self) }
        guard let bytes = decode(compact) else { return String(decoding: compact, as: UTF8.self) }
        return encode(bytes)
    }

    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for b in bytes {
            let v: UInt32
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(b - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(b - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(b - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): v = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): v = 63
            case UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            accumulator = accumulator << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return out
    }
}
