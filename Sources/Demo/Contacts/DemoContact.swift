/// A made-up contact for the demo and the kiosk: plain values, so the Demo
/// target needs nothing of the app's storage to describe one.
public struct DemoContact: Equatable, Sendable {
    /// A phone number with its label ("mobile", "work").
    public struct Phone: Equatable, Sendable {
        public var label: String
        public var number: String
    }

    public var firstName: String
    public var lastName: String
    public var phones: [Phone]
    public var emails: [String]
    public var company: String
    public var notes: String
    public var isFriend: Bool
}
