/// The vCard versions read and written.
public enum VCardVersion: String, Sendable, CaseIterable {
    case v21 = "2.1"
    case v30 = "3.0"
    case v40 = "4.0"
}

/// One card as read from a file: its version and properties, in order.
public struct VCard: Equatable, Sendable {
    /// The VERSION line's value; 3.0 when the card has none (abook writes none).
    public var version: VCardVersion
    /// Every property between BEGIN and END except VERSION.
    public var properties: [VCardProperty]
    /// The line of `BEGIN:VCARD` (1-based).
    public var line: Int
    /// What was wrong with lines of the card: a line left out (no property's shape, too long),
    /// a value read in another charset than it declared, a card with no END. Each costs at
    /// most its own line; the rest of the card is here.
    public var problems: [ReadProblem]

    /// Makes a card.
    public init(version: VCardVersion = .v40, properties: [VCardProperty] = [], line: Int = 0, problems: [ReadProblem] = []) {
        self.version = version
        self.properties = properties
        self.line = line
        self.problems = problems
    }

    /// The first property called `name`.
    public func first(_ name: String) -> VCardProperty? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }
}
