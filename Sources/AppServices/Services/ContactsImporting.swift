/// What an import takes its contacts into, one file at a time, inside the store's
/// `AddressBookService.inOneTransaction`: each contact is added, or updates the one it matches;
/// `finish` then does what is paid once per file (counts, ranks, one activity entry).
public protocol ContactsImporting: AnyObject {
    /// Adds `contact`, or updates the stored contact it matches.
    func take(_ contact: ContactRecord) throws(ServiceError) -> ImportOutcome
    /// Ends the file's import; `subject` goes into the activity entry ("12 added, 3 updated from cards.vcf").
    func finish(subject: String) throws(ServiceError)
}

/// What an import did with one contact.
public enum ImportOutcome: Equatable, Sendable {
    case added(Int64)
    case updated(Int64)
}
