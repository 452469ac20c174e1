/// What a list row shows beside a contact's name where the terminal is wide enough (abook's
/// columns): the e-mail and phone to reach them by (the preferred one, else the first; "" when
/// there is none), the company, and the CardDAV address book it syncs with.
public struct ContactRowDetails: Equatable, Sendable {
    public var email: String
    public var phone: String
    public var company: String
    /// The name of the address book the contact syncs with ("": none, or the data cannot sync).
    public var addressBook: String

    public init(email: String = "", phone: String = "", company: String = "", addressBook: String = "") {
        self.email = email
        self.phone = phone
        self.company = company
        self.addressBook = addressBook
    }

    /// The row details of a whole contact.
    public init(_ record: ContactRecord) {
        let email = record.preferredEmail.flatMap { $0 < record.emails.count ? record.emails[$0] : nil } ?? record.emails.first ?? ""
        let phone = record.preferredPhone.flatMap { $0 < record.phones.count ? record.phones[$0].number : nil } ?? record.phones.first?.number ?? ""
        self.init(email: email, phone: phone, company: record.company)
    }
}
