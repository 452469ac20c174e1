/// A contact's birthday as a store keeps it: whose (id, names, the name it is shown by) and the
/// birthday's text as written on its card ("1815-12-10", "--12-10"; `BirthdayDate` reads it).
public struct ContactBirthday: Equatable, Sendable {
    public var id: Int64
    public var firstName: String
    public var lastName: String
    /// The birthday as stored (never empty: a contact without one has no `ContactBirthday`).
    public var birthday: String
    /// The name the contact is shown by (its FN), "" from a row written before it was kept.
    public var displayName: String

    public init(id: Int64, firstName: String, lastName: String, birthday: String, displayName: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.birthday = birthday
        self.displayName = displayName
    }

    /// The birthday read as a date; nil where the text is not one.
    public var date: BirthdayDate? { BirthdayDate(parsing: birthday) }
}
