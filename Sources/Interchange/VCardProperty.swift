/// One content line of a vCard after unfolding: `group.NAME;PARAM=a,b:value`.
///
/// `value` is the text after the first unquoted colon, with quoted-printable and
/// charsets already decoded to Swift text but vCard escapes (`\,` `\;` `\\` `\n`) kept,
/// so that an unknown property can be written back exactly as it came.
public struct VCardProperty: Equatable, Sendable {
    /// Equal when group, name, parameters, value and line are (the name's spelling aside).
    public static func == (a: VCardProperty, b: VCardProperty) -> Bool {
        a.group == b.group && a.name == b.name && a.parameters == b.parameters && a.value == b.value && a.line == b.line
    }

    /// The group prefix (`item1` in `item1.EMAIL`), if any.
    public var group: String?
    /// The property name, upper-cased (`EMAIL`, `X-ABLABEL`).
    public var name: String
    /// Parameters in the order they came; names upper-cased, values as written.
    public var parameters: [VCardParameter]
    /// The raw value (escapes kept).
    public var value: String
    /// The line the property starts on in its file (1-based); 0 for one made in code.
    public var line: Int
    /// The name as its file spelled it (`X-abc`, `Email`), when that was not upper case: a kept card
    /// writes it back byte for byte. Used only while it is still this property's name (any case).
    public var spelling: String?

    /// The name as written: its file's spelling while that still names it, else `name`.
    public var writtenName: String {
        if let spelling, spelling != name, spelling.uppercased() == name { return spelling }
        return name
    }

    /// Makes a property.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String, line: Int = 0) {
        self.group = group
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// Every value of every parameter called `name` (case-insensitive).
    public func values(of name: String) -> [String] {
        let wanted = name.uppercased()
        var found: [String] = []
        for parameter in parameters where parameter.name == wanted { found += parameter.values }
        return found
    }

    /// TYPE values lower-cased, with vCard 2.1's bare parameters (`TEL;HOME;CELL:`) counted as types.
    public var types: [String] {
        var found: [String] = []
        for parameter in parameters where parameter.name == "TYPE" {
            for value in parameter.values {
                // Most are one lower-case ASCII word (`cell`, `work`): taken as they are.
                if value.utf8.allSatisfy({ $0 != UInt8(ascii: ",") && $0 < 0x80 && !(0x41...0x5A).contains($0) }) {
                    if !value.isEmpty { found.append(value) }
                } else {
                    found += value.split(separator: ",").map { $0.lowercased() }
                }
            }
        }
        return found
    }

    /// True when the property is marked preferred: `PREF=1` (4.0) or `TYPE=pref` (2.1 / 3.0).
    public var isPreferred: Bool {
        guard parameters.contains(where: { $0.name == "TYPE" || $0.name == "PREF" }) else { return false }
        if types.contains("pref") { return true }
        return values(of: "PREF").contains { Int($0) == 1 }
    }

    /// The value unescaped as one text (`\n` a line break, `\,` a comma, ...).
    public var text: String { VCardEscaping.unescape(value) }

    /// The value split at unescaped `;` into components, each unescaped (N, ADR, ORG).
    public var components: [String] {
        VCardEscaping.split(value, at: ";").map(VCardEscaping.unescape)
    }

    /// The value split at unescaped `,` into a list, each unescaped (NICKNAME, CATEGORIES).
    public var list: [String] {
        VCardEscaping.split(value, at: ",").map(VCardEscaping.unescape)
    }
}

/// One parameter of a vCard property: `TYPE=home,pref`.
public struct VCardParameter: Equatable, Sendable {
    /// The name, upper-cased.
    public var name: String
    /// The values, unquoted.
    public var values: [String]

    /// Makes a parameter.
    public init(name: String, values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }
}

public extension VCardProperty {
    /// Reads one unfolded content line (`group.NAME;PARAM=x:value`) as UTF-8; nil when it has
    /// no `name:value` shape. Stores keep opaque properties as such lines.
    init?(parsing line: String) {
        guard let property = VCardReader.parse(Array(line.utf8), line: 0).property else { return nil }
        self = property
    }

    /// The property as one unfolded vCard 4.0 content line.
    var contentLine: String { VCardWriter(version: .v40).line(for: self) }
}

public extension VCardProperty {
    /// A property whose value is `text`, escaped.
    init(name: String, text: String) {
        self.init(name: name, value: VCardEscaping.escape(text))
    }

    /// A property whose value is a comma-separated list of `items`, each escaped.
    init(name: String, list items: [String]) {
        self.init(name: name, value: items.map(VCardEscaping.escape).joined(separator: ","))
    }
}
