import AppServices

extension ContactRecord {
    /// The record without its stored revision, to compare what a contact holds with what was written.
    var unversioned: ContactRecord {
        var record = self
        record.revision = 0
        return record
    }
}
