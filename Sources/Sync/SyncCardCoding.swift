import AppServices

/// What a card from the server holds, read as a contact.
public enum SyncCardReading: Sendable {
    /// A contact (its `card` the card's text as the store keeps it).
    case contact(ContactRecord)
    /// A card this app cannot keep as a contact (a group, one with no name, not a vCard): it is
    /// left on the server untouched, and listed with `reason`.
    case unreadable(reason: String)
    /// A card left on the server on purpose (a group card: groups do not sync yet): noted once with
    /// `reason` where the Sync screen lists the cards left alone, never counted as unreadable.
    case skipped(reason: String)
}

/// How cards and contacts turn into each other: the executable's mapping (the one import and
/// export use), handed to the engine so the Sync target needs no copy of it.
public protocol SyncCardCoding {
    /// Reads a card's text as the server sent it.
    func read(_ vCard: String) -> SyncCardReading
    /// The card to send for `contact`: `base` (the card as last synced) with only the properties
    /// of the fields that differ from it rewritten (and REV); a new card when `base` is nil.
    func write(_ contact: ContactRecord, over base: String?) -> String
}
