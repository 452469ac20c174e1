/// A contact as stored: names, phones with labels, emails, company, notes and the friend flag.
public struct ContactRecord: Equatable, Sendable {
    /// A phone number with its label ("mobile", "work").
    public struct Phone: Equatable, Sendable {
        public var label: String
        public var number: String
        public init(label: String, number: String) {
            self.label = label
            self.number = number
        }
    }

    /// nil until stored.
    public var id: Int64?
    public var firstName: String
    public var lastName: String
    public var phones: [Phone]
    public var emails: [String]
    public var company: String
    public var notes: String
    public var isFriend: Bool

    public init(id: Int64? = nil, firstName: String, lastName: String, phones: [Phone] = [], emails: [String] = [],
                company: String = "", notes: String = "", isFriend: Bool = false) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.phones = phones
        self.emails = emails
        self.company = company
        self.notes = notes
        self.isFriend = isFriend
    }
}

/// One row of the contact list: what a list needs, nothing more.
public struct ContactSummary: Equatable, Sendable {
    public let id: Int64
    public let firstName: String
    public let lastName: String
    public let isFriend: Bool
    /// The folded "last first" the list is sorted by; its first letter is the section.
    public let sortKey: String

    public init(id: Int64, firstName: String, lastName: String, isFriend: Bool, sortKey: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.isFriend = isFriend
        self.sortKey = sortKey
    }
}
