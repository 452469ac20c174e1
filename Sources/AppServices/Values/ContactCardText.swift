/// A kept vCard's stored text (`ContactRecord.card`: one unfolded content line each, CRLF after
/// each, between BEGIN and END) read and merged line by line — what App needs of a card without
/// the Interchange target.
public enum ContactCardText {
    /// The properties a contact's fields stand for: an export rewrites them from the fields when
    /// they change, so a merge takes them from the fields, never from the other card's lines.
    static let fieldProperties: Set<String> = [
        "BEGIN", "END", "VERSION", "PRODID", "REV", "UID", "FN", "N", "NICKNAME", "ORG", "TITLE", "NOTE", "BDAY",
        "CATEGORIES", "EMAIL", "TEL", "URL", "ADR", "X-ORG-UNITS",
    ]

    /// The property name of a content line (its group left off), upper-cased: `item1.EMAIL;TYPE=work:…` → `EMAIL`.
    public static func propertyName(of line: String) -> String {
        var name = ""
        for c in line.unicodeScalars {
            if c == ":" || c == ";" { break }
            if c == "." { name = ""; continue }
            name.unicodeScalars.append(c)
        }
        return name.uppercased()
    }

    /// A content line's value: what follows the first colon outside quotes.
    public static func value(ofLine line: String) -> Substring {
        var quoted = false
        for i in line.indices {
            let c = line[i]
            if c == "\"" { quoted.toggle() } else if c == ":", !quoted { return line[line.index(after: i)...] }
        }
        return ""
    }

    /// The items of a comma-separated value (CATEGORIES, NICKNAME), unescaped.
    static func listItems(ofLine line: String) -> [String] {
        var items: [String] = [], current = "", escaped = false
        for c in value(ofLine: line) {
            if escaped {
                current.append(c == "n" || c == "N" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "," {
                items.append(SearchText.trimmed(current)); current = ""
            } else {
                current.append(c)
            }
        }
        items.append(SearchText.trimmed(current))
        return items
    }

    /// The groups named by the CATEGORIES lines of a contact's extras, each once, in order.
    public static func categories(inExtras extras: String) -> [String] {
        var found: [String] = []
        guard extras.utf8.count >= 11 else { return found }
        for line in extras.split(separator: "\r\n") where propertyName(of: String(line)) == "CATEGORIES" {
            for item in listItems(ofLine: String(line)) where !item.isEmpty && !found.contains(item) { found.append(item) }
        }
        return found
    }

    /// Text as a vCard value item: backslash, comma, semicolon and line breaks escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case ",": out += "\\,"
            case ";": out += "\\;"
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    /// The content lines of a stored card between BEGIN and END (VERSION among them).
    static func lines(of card: String) -> [String] {
        card.split(separator: "\r\n").map(String.init).filter { propertyName(of: $0) != "BEGIN" && propertyName(of: $0) != "END" }
    }

    /// One card from two kept cards of the same person: `kept` whole, then each property of
    /// `other` that no field stands for (a photo, an X- property, IMPP, a related person…) and that
    /// `kept` does not have already, whole (its group, parameters and value as they came). The
    /// fields' properties come from the merged contact's fields when the card is written.
    /// A contact made here has no card: the other's is taken; neither has one: "".
    public static func merging(_ kept: String, _ other: String) -> String {
        guard !other.isEmpty else { return kept }
        guard !kept.isEmpty else { return other }
        var lines = Self.lines(of: kept)
        let had = Set(lines)
        for line in Self.lines(of: other) where !fieldProperties.contains(propertyName(of: line)) && !had.contains(line) {
            lines.append(line)
        }
        return "BEGIN:VCARD\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
    }
}
