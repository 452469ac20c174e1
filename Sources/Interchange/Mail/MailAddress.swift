/// One mailbox of a message's address field: the name shown for it (decoded, maybe empty) and
/// the address (`local@domain`, as written).
public struct MailAddress: Equatable, Hashable, Sendable {
    /// The display name ("Jürgen Müller"), or the comment after a bare address, or "".
    public var name: String
    /// The addr-spec, without angle brackets or a source route.
    public var address: String

    /// Makes a mailbox.
    public init(name: String, address: String) {
        self.name = name
        self.address = address
    }
}
