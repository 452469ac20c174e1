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

    /// A component of N that is a list (additional names, prefixes, suffixes: `Jr.,Esq.`): its
    /// items unescaped and trimmed, joined by ", " ("Jr., Esq."), so two suffixes stay two.
    static func listComponent(_ raw: String) -> String {
        split(raw, at: ",").map { unescape($0).trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Such a component written back: split at its commas, each item escaped, joined by "," ("Jr.,Esq.").
    static func escapeListComponent(_ text: String) -> String {
        text.split(separator: ",").map { escape(String($0).trimmingSpaces) }.filter { !$0.isEmpty }.joined(separator: ",")
    }

    /// N's five parts written as a value: family and given name escaped, the three lists as `escapeListComponent`.
    static func nameValue(_ parts: [String]) -> String {
        parts.enumerated().map { i, part in i < 2 ? escape(part) : escapeListComponent(part) }.joined(separator: ";")
    }

    /// Splits at every `separator` not preceded by an escaping backslash; escapes stay in the parts.
    /// Both are ASCII, so the UTF-8 bytes are cut where the characters would be.
    static func split(_ raw: String, at separator: Unicode.Scalar) -> [String] {
        let mark = UInt8(truncatingIfNeeded: separator.value), backslash = UInt8(ascii: "\\")
        precondition(separator.isASCII, "vCard separators are ASCII")
        var parts: [String] = []
        var raw = raw
        raw.withUTF8 { bytes in
            var start = 0
            var escaping = false
            for i in bytes.indices {
                let b = bytes[i]
                if escaping { escaping = false }
                else if b == backslash { escaping = true }
                else if b == mark {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                    start = i + 1
                }
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        }
        return parts
    }
}
