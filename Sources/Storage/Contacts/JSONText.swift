/// Just enough JSON for the lists the stores keep in a row (phones, e-mails, e-mail labels):
/// writing arrays of strings, and reading back arrays and strings (with every escape, surrogate
/// pairs too); numbers, booleans, null and objects are read past as `.other`. (The app links no
/// Foundation, so not its JSONSerialization: see BENCHMARKS.md for what it would cost.)
enum JSONText: Equatable {
    case string(String)
    case array([JSONText])
    case other

    /// `["a","b"]`: the strings as a JSON array.
    static func array(of items: [String]) -> String {
        var out = "["
        for (i, item) in items.enumerated() {
            if i > 0 { out += "," }
            appendString(item, to: &out)
        }
        return out + "]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// The value `text` holds, or nil when it is not JSON.
    static func parse(_ text: String) -> JSONText? {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var i = 0
        var atEnd: Bool { i >= scalars.count }

        mutating func skipSpace() {
            while !atEnd, scalars[i] == " " || scalars[i] == "\n" || scalars[i] == "\t" || scalars[i] == "\r" { i += 1 }
        }

        mutating func value() -> JSONText? {
            skipSpace()
            guard !atEnd else { return nil }
            switch scalars[i] {
            case "[": return array()
            case "\"": return string().map { .string($0) }
            case "{": return skipNested(open: "{", close: "}") ? .other : nil
            default:
                let start = i
                while !atEnd, !",]} \n\t\r".unicodeScalars.contains(scalars[i]) { i += 1 }
                return i > start ? .other : nil
            }
        }

        mutating func array() -> JSONText? {
            i += 1 // [
            var items: [JSONText] = []
            skipSpace()
            if !atEnd, scalars[i] == "]" { i += 1; return .array(items) }
            while true {
                guard let item = value() else { return nil }
                items.append(item)
                skipSpace()
                guard !atEnd else { return nil }
                if scalars[i] == "," { i += 1; continue }
                if scalars[i] == "]" { i += 1; return .array(items) }
                return nil
            }
        }

        mutating func string() -> String? {
            i += 1 // "
            var out = String.UnicodeScalarView()
            while !atEnd {
                let c = scalars[i]
                i += 1
                if c == "\"" { return String(out) }
                guard c == "\\" else { out.append(c); continue }
                guard !atEnd else { return nil }
                let e = scalars[i]
                i += 1
                switch e {
                case "\"", "\\", "/": out.append(e)
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code), i + 1 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "u" {
                        i += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: return nil
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= scalars.count else { return nil }
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard let d = hexDigit(scalars[i]) else { return nil }
                v = v << 4 | d
                i += 1
            }
            return v
        }

        func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
            switch c {
            case "0"..."9": c.value - 0x30
            case "a"..."f": c.value - 0x61 + 10
            case "A"..."F": c.value - 0x41 + 10
            default: nil
            }
        }

        mutating func skipNested(open: Unicode.Scalar, close: Unicode.Scalar) -> Bool {
            var depth = 0
            while !atEnd {
                let c = scalars[i]
                if c == "\"" { guard string() != nil else { return false }; continue }
                i += 1
                if c == open { depth += 1 } else if c == close { depth -= 1; if depth == 0 { return true } }
            }
            return false
        }
    }
}
