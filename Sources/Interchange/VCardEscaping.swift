/// vCard text escapes (RFC 6350 3.4, RFC 2426 4): `\\`, `\,`, `\;` and `\n` / `\N`.
enum VCardEscaping {
    /// Undoes the escapes; an unknown escape keeps its character (`\x` -> `x`), a lone
    /// trailing backslash stays.
    static func unescape(_ raw: String) -> String {
        guard raw.utf8.contains(UInt8(ascii: "\\")) else { return raw }
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        var escaping = false
        for c in raw.unicodeScalars {
            if escaping {
                switch c {
                case "n", "N": out.unicodeScalars.append("\n")
                default: out.unicodeScalars.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        if escaping { out.unicodeScalars.append("\\") }
        return out
    }

    /// Escapes a text value for writing: backslash, comma, semicolon, and line breaks as `\n`.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var lastWasCR = false
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case ",": out += "\\,"
            case ";": out += "\\;"
            case "\r": out += "\\n"
            case "\n": if !lastWasCR { out += "\\n" }
            default: out.unicodeScalars.append(c)
            }
            lastWasCR = c == "\r"
        }
        return out
    }

    /// Splits at every `separator` not preceded by an escaping backslash; escapes stay in the parts.
    static func split(_ raw: String, at separator: Unicode.Scalar) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for c in raw.unicodeScalars {
            if escaping {
                current.unicodeScalars.append(c)
                escaping = false
            } else if c == "\\" {
                current.unicodeScalars.append(c)
                escaping = true
            } else if c == separator {
                parts.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(c)
            }
        }
        parts.append(current)
        return parts
    }
}
