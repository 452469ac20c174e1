import AppServices

/// A three-way merge of a contact, field by field: `base` is the card as last synced, `local` the
/// contact here now, `server` the card on the server now. A field changed on one side only takes
/// that side's value; changed on both to the same value, that value; changed on both to different
/// values, it is a conflict and the server's value is taken (the local version is kept beside it
/// by the caller). Nothing is lost: every local change either goes into the result or is in conflict.
public enum ContactMerge {
    /// One field as a person knows it, and how to compare and copy it.
    struct Field: Sendable {
        let name: String
        let same: @Sendable (ContactRecord, ContactRecord) -> Bool
        let take: @Sendable (inout ContactRecord, ContactRecord) -> Void
    }

    static let fields: [Field] = [
        Field(name: "name", same: { [$0.firstName, $0.lastName, $0.namePrefix, $0.nameSuffix] == [$1.firstName, $1.lastName, $1.namePrefix, $1.nameSuffix] },
              take: { $0.firstName = $1.firstName; $0.lastName = $1.lastName; $0.namePrefix = $1.namePrefix; $0.nameSuffix = $1.nameSuffix }),
        Field(name: "nickname", same: { $0.nickname == $1.nickname }, take: { $0.nickname = $1.nickname }),
        Field(name: "company", same: { $0.company == $1.company }, take: { $0.company = $1.company }),
        Field(name: "title", same: { $0.title == $1.title }, take: { $0.title = $1.title }),
        Field(name: "notes", same: { $0.notes == $1.notes }, take: { $0.notes = $1.notes }),
        Field(name: "friend", same: { $0.isFriend == $1.isFriend }, take: { $0.isFriend = $1.isFriend }),
        Field(name: "phones", same: { $0.phones == $1.phones && $0.preferredPhone == $1.preferredPhone },
              take: { $0.phones = $1.phones; $0.preferredPhone = $1.preferredPhone }),
        Field(name: "e-mails", same: { $0.emails == $1.emails && $0.emailLabels == $1.emailLabels && $0.preferredEmail == $1.preferredEmail },
              take: { $0.emails = $1.emails; $0.emailLabels = $1.emailLabels; $0.preferredEmail = $1.preferredEmail }),
        Field(name: "birthday", same: { $0.birthday == $1.birthday }, take: { $0.birthday = $1.birthday }),
        Field(name: "web address", same: { $0.url == $1.url }, take: { $0.url = $1.url }),
        Field(name: "addresses", same: { $0.addresses == $1.addresses }, take: { $0.addresses = $1.addresses }),
        Field(name: "other properties", same: { $0.extras == $1.extras }, take: { $0.extras = $1.extras }),
        Field(name: "UID", same: { $0.uid == $1.uid }, take: { $0.uid = $1.uid }),
    ]

    /// The result of a merge.
    public struct Result: Equatable, Sendable {
        /// The contact to keep in the list: the server's card with the local changes that do not collide.
        public var merged: ContactRecord
        /// The fields both sides changed differently (the server's value is in `merged`).
        public var conflicting: [String]
        /// The fields whose local change went into `merged` (what must still be sent to the server).
        public var localOnly: [String]
    }

    /// Merges `local` and `server` over `base` (see the type). `merged` keeps the local contact's
    /// id and revision and the server's card.
    public static func merge(base: ContactRecord, local: ContactRecord, server: ContactRecord) -> Result {
        var merged = server
        merged.id = local.id
        merged.revision = local.revision
        var conflicting: [String] = [], localOnly: [String] = []
        for field in fields {
            let localChanged = !field.same(base, local), serverChanged = !field.same(base, server)
            guard localChanged else { continue }
            if !serverChanged {
                field.take(&merged, local)
                localOnly.append(field.name)
            } else if !field.same(local, server) {
                conflicting.append(field.name)
            }
        }
        return Result(merged: merged, conflicting: conflicting, localOnly: localOnly)
    }

    /// The fields in which two versions of a contact differ.
    public static func differences(_ a: ContactRecord, _ b: ContactRecord) -> [String] {
        fields.filter { !$0.same(a, b) }.map(\.name)
    }
}
