/// Reads abook's own `addressbook` file: an INI-like file of numbered sections
/// (`[0]`, `[1]`, …) with `name=`, `email=a,b`, `address=`, `city=`, `phone=`, `nick=`, … lines.
/// Fields with no place in a contact are kept as `X-ABOOK-…` extras.
public struct AbookReader: ItemReading {
    /// One thing read: a contact, or a problem.
    public enum Item: Equatable, Sendable {
        case contact(ContactCard)
        case problem(ReadProblem)
    }

    private var lines: ByteLines
    private var pendingSection: Int?   // line of a section header read ahead
    private var pendingIsEntry = false
    private var done = false

    /// Reads from bytes in memory.
    public init(bytes: [UInt8]) { lines = ByteLines(bytes: bytes) }

    /// Reads from chunks handed out by `read`.
    public init(read: @escaping () throws -> [UInt8]?) { lines = ByteLines(read: read) }

    /// The next contact or problem, or nil at the end.
    public mutating func next() throws -> Item? {
        while !done {
            // Find the next entry section.
            var start = pendingIsEntry ? pendingSection : nil
            pendingSection = nil
            pendingIsEntry = false
            while start == nil {
                guard let (line, _) = try lines.next() else { done = true; return nil }
                guard let text = String(validating: line.bytes, as: UTF8.self)?.trimmingSpaces else { continue }
                if Self.isEntryHeader(text) { start = line.number }
            }
            var fields: [(String, String)] = []
            var problem: ReadProblem?
            while let (line, tooLong) = try lines.next() {
                if tooLong { problem = problem ?? ReadProblem(line: line.number, reason: .lineTooLong(lines.maximumLength)); continue }
                guard let text = String(validating: line.bytes, as: UTF8.self) else {
                    problem = problem ?? ReadProblem(line: line.number, reason: .badEncoding("UTF-8"))
                    continue
                }
                let trimmed = text.trimmingSpaces
                if trimmed.hasPrefix("[") {
                    pendingSection = line.number
                    pendingIsEntry = Self.isEntryHeader(trimmed)
                    break
                }
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                guard let eq = text.firstIndex(of: "=") else { continue }
                fields.append((String(text[..<eq]).trimmingSpaces.lowercased(), String(text[text.index(after: eq)...])))
            }
            if pendingSection == nil { done = true }
            if let problem { return .problem(ReadProblem(line: start!, reason: problem.reason)) }
            if !pendingIsEntry, pendingSection != nil {
                // A non-entry section follows ([format]); skip it up to the next entry.
                pendingSection = nil
            }
            return .contact(Self.contact(fields, line: start!))
        }
        return nil
    }

    static func isEntryHeader(_ text: String) -> Bool {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return false }
        return !text.dropFirst().dropLast().isEmpty && text.dropFirst().dropLast().allSatisfy(\.isNumber)
    }

    static func contact(_ fields: [(String, String)], line: Int) -> ContactCard {
        var c = ContactCard(line: line)
        var address = PostalAddress(label: "home")
        for (key, rawValue) in fields {
            let value = rawValue.trimmingSpaces
            guard !value.isEmpty else { continue }
            switch key {
            case "name": c.formattedName = value
            case "email": c.emails += value.split(separator: ",").map { LabeledValue(value: String($0).trimmingSpaces) }.filter { !$0.value.isEmpty }
            case "address": address.street = value
            case "address2": address.extended = value
            case "city": address.locality = value
            case "state": address.region = value
            case "zip": address.postalCode = value
            case "country": address.country = value
            case "phone": c.phones.append(LabeledValue(label: "home", value: value))
            case "workphone": c.phones.append(LabeledValue(label: "work", value: value))
            case "fax": c.phones.append(LabeledValue(label: "fax", value: value))
            case "mobile": c.phones.append(LabeledValue(label: "mobile", value: value))
            case "nick": c.nicknames.append(value)
            case "url": c.urls.append(LabeledValue(value: value))
            case "notes": c.note = value
            case "anniversary":
                if let date = PartialDate(parsing: value) { c.birthday = date }
                else { c.extras.append(VCardProperty(name: "X-ABOOK-ANNIVERSARY", value: VCardEscaping.escape(value))) }
            case "groups": c.categories += value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            default:
                let name = String(key.uppercased().unicodeScalars.map { ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" })
                c.extras.append(VCardProperty(name: "X-ABOOK-" + name, value: VCardEscaping.escape(value)))
            }
        }
        if !address.isEmpty { c.addresses.append(address) }
        return c
    }
}
