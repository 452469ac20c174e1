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

    /// Makes a card.
    public init(version: VCardVersion = .v40, properties: [VCardProperty] = [], line: Int = 0) {
        self.version = version
        self.properties = properties
        self.line = line
    }

    /// The first property called `name`.
    public func first(_ name: String) -> VCardProperty? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }
}
