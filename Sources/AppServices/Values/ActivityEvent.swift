/// What happened, for the activity log.
public enum ActivityKind: String, Sendable, CaseIterable {
    case signedIn = "signed_in"
    case signInFailed = "sign_in_failed"
    case signedOut = "signed_out"
    case accountCreated = "account_created"
    case passwordChanged = "password_changed"
    case contactAdded = "contact_added"
    case contactEdited = "contact_edited"
    case contactDeleted = "contact_deleted"
    /// Brought back by Undo or from the Trash, under the id it had.
    case contactRestored = "contact_restored"
    /// Two contacts made one (the other's delete is kept for Undo).
    case contactsMerged = "contacts_merged"
    case friendAdded = "friend_added"
    case friendRemoved = "friend_removed"
    case settingChanged = "setting_changed"
    case populated = "populated"
    case imported = "imported"

    /// In a few words, as the log shows it.
    public var text: String {
        switch self {
        case .signedIn: "Signed in"
        case .signInFailed: "Failed sign-in"
        case .signedOut: "Signed out"
        case .accountCreated: "Account created"
        case .passwordChanged: "Password changed"
        case .contactAdded: "Contact added"
        case .contactEdited: "Contact edited"
        case .contactDeleted: "Contact deleted"
        case .contactRestored: "Contact brought back"
        case .contactsMerged: "Contacts merged"
        case .friendAdded: "Marked as a friend"
        case .friendRemoved: "No longer a friend"
        case .settingChanged: "Setting changed"
        case .populated: "Contacts generated"
        case .imported: "Contacts imported"
        }
    }

    /// Whether the event names a contact (Enter opens its card).
    public var isAboutAContact: Bool {
        [.contactAdded, .contactEdited, .contactDeleted, .contactRestored, .contactsMerged, .friendAdded, .friendRemoved].contains(self)
    }
}

/// One row of the activity log.
public struct ActivityEvent: Equatable, Sendable {
    public let id: Int64
    /// Seconds since 1970.
    public let at: Int64
    public let kind: ActivityKind
    /// Who or what it was about, as it was then ("Ada Lovelace", "theme: light", "3 in a row").
    public let subject: String
    public let contactID: Int64?
    /// Who did it, where the log is shared (a team book's event: the member's name, as the database
    /// wrote it); "" for the account's own.
    public let actor: String

    public init(id: Int64, at: Int64, kind: ActivityKind, subject: String, contactID: Int64?, actor: String = "") {
        self.id = id
        self.at = at
        self.kind = kind
        self.subject = subject
        self.contactID = contactID
        self.actor = actor
    }

    /// The subject with who did it, where someone else may have ("Joe Plumber · by bob").
    public var subjectWithActor: String { actor.isEmpty ? subject : "\(subject) · by \(actor)" }
}
