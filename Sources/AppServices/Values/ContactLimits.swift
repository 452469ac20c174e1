/// How long a contact's names may be: one rule for the form (while typing and at ^S) and for
/// import (a card over it is refused, saying which name and by how much).
public enum ContactLimits {
    /// A part of a name (first, middle, last, prefix, suffix) or the company.
    public static let name = 80
    /// The name shown, which may be longer than any part ("Ada, Countess of Lovelace, née Byron").
    public static let displayName = 200

    /// The first of `record`'s names over its limit: the field in words, its length and the limit.
    public static func firstTooLong(in record: ContactRecord) -> (field: String, length: Int, limit: Int)? {
        let parts: [(String, String, Int)] = [
            ("first name", record.firstName, name), ("last name", record.lastName, name), ("middle name", record.middleName, name),
            ("name prefix", record.namePrefix, name), ("name suffix", record.nameSuffix, name), ("company", record.company, name),
            ("name shown", record.formattedName, displayName),
        ]
        for (field, text, limit) in parts where text.count > limit { return (field, text.count, limit) }
        return nil
    }
}
