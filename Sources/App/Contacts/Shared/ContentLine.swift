import AppServices

/// One kept vCard content line (`group.NAME;PARAM=a:value`, as `ContactRecord.extras` holds them)
/// taken apart far enough for the form to edit its value and its label, the rest of it (group,
/// other parameters, the name as spelled) written back as it was.
struct ContentLine: Equatable {
    /// `item1` in `item1.X-FOO`, or nil.
    var group: String?
    /// The name as written (`X-abc`).
    var name: String
    /// The parameters as written, each `NAME=value` (or a bare 2.1 type: `HOME`).
    var parameters: [String]
    /// The value as written (vCard escapes kept).
    var value: String

    /// The name in capitals (what it is read by).
    var key: String { name.uppercased() }

    init(group: String? = nil, name: String, parameters: [String] = [], value: String) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
    }

    /// Reads a content line; nil when it has no `name:value` shape.
    init?(_ line: String) {
        var head = "", quoted = false
        var valueStart: String.Index?
        for i in line.indices {
            let c = line[i]
            if c == "\"" { quoted.toggle() }
            if c == ":", !quoted { valueStart = line.index(after: i); break }
            head.append(c)
        }
        guard let valueStart else { return nil }
        value = String(line[valueStart...])
        var parts: [String] = [], current = ""
        quoted = false
        for c in head {
            if c == "\"" { quoted.toggle() }
            if c == ";", !quoted { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        let qualified = parts[0]
        if let dot = qualified.lastIndex(of: ".") {
            group = String(qualified[..<dot])
            name = String(qualified[qualified.index(after: dot)...])
        } else {
            name = qualified
        }
        guard !name.isEmpty else { return nil }
        parameters = Array(parts.dropFirst())
    }

    /// The line as written.
    var text: String {
        (group.map { $0 + "." } ?? "") + name + parameters.map { ";" + $0 }.joined() + ":" + value
    }

    /// The TYPE values, in lower case (a 2.1 bare parameter counted as one).
    var types: [String] {
        parameters.flatMap { p -> [String] in
            guard let eq = p.firstIndex(of: "=") else { return [p.lowercased()] }
            guard p[..<eq].uppercased() == "TYPE" else { return [] }
            return p[p.index(after: eq)...].split(separator: ",").map { $0.lowercased().replacingQuotes }
        }
    }

    /// The label a person reads: the TYPE values but `pref`, joined by commas ("home", "work,voice").
    var label: String { types.filter { $0 != "pref" }.joined(separator: ",") }

    /// The line with `label` as its TYPE (its preference kept, other parameters untouched).
    func labeled(_ label: String) -> ContentLine {
        var line = self
        let preferred = types.contains("pref")
        line.parameters.removeAll { p in
            guard let eq = p.firstIndex(of: "=") else { return p.uppercased() != "PREF" && !p.contains(",") } // a bare type
            return p[..<eq].uppercased() == "TYPE"
        }
        let words = label.split(separator: ",").map { SearchText.trimmed(String($0)) }.filter { !$0.isEmpty } + (preferred ? ["pref"] : [])
        if !words.isEmpty {
            let plain = words.allSatisfy { !$0.contains(where: { ":;\"".contains($0) || $0 == " " }) }
            line.parameters.insert("TYPE=" + (plain ? words.joined(separator: ",") : "\"" + words.joined(separator: ",") + "\""), at: 0)
        }
        return line
    }

    /// The value as text: `\n` a line break, `\,` `\;` `\\` the character itself.
    var unescaped: String {
        var out = "", escaped = false
        for c in value {
            if escaped {
                out.append(c == "n" || c == "N" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}

private extension StringProtocol {
    var replacingQuotes: String { String(filter { $0 != "\"" }) }
}
