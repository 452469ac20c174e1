/// A made-up contact for the demo and the kiosk: plain values, so the Demo
/// target needs nothing of the app's storage to describe one.
public struct DemoContact: Equatable, Sendable {
    public var firstName: String
    public var lastName: String
    /// (label, number) pairs: "mobile", "work", "home".
    public var phones: [(label: String, number: String)]
    public var emails: [String]
    public var company: String
    public var notes: String
    public var isFriend: Bool

    public static func == (a: DemoContact, b: DemoContact) -> Bool {
        a.firstName == b.firstName && a.lastName == b.lastName && a.emails == b.emails && a.company == b.company
            && a.notes == b.notes && a.isFriend == b.isFriend
            && a.phones.map(\.label) == b.phones.map(\.label) && a.phones.map(\.number) == b.phones.map(\.number)
    }
}
