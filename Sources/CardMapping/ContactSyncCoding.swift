import AppServices
import Interchange
import Sync

/// The engine's cards as import and export read and write them (`ContactCardMapping`): a card
/// from the server becomes the contact an import would make of it, kept whole; a contact goes
/// back as its kept card with only the changed fields' properties rewritten (and REV), or as a
/// new vCard 3.0 card when it has none.
public struct ContactSyncCoding: SyncCardCoding {
    /// REV of the cards written (now, in UTC).
    public var revision: () -> String = ContactCardMapping.timestamp

    public init() {}

    /// Cards written with `revision` as their REV (tests fix it).
    public init(revision: @escaping () -> String) { self.revision = revision }

    public func read(_ vCard: String) -> SyncCardReading {
        var reader = VCardReader(bytes: Array(vCard.utf8))
        var firstProblem: ReadProblem?
        while let item = try? reader.next() {
            switch item {
            case .problem(let problem):
                if firstProblem == nil { firstProblem = problem }
            case .card(let card):
                if VCardDecoder.isGroup(card) {
                    return .skipped(reason: "a group card (\(card.first("FN")?.text ?? "no name")): groups stay on the server, they do not sync yet")
                }
                let contact = VCardDecoder.contact(from: card)
                if contact.isNameless {
                    return .unreadable(reason: card.problems.first.map { "\($0)" } ?? "a card with no name, e-mail, phone or company to show")
                }
                var scratch = ContactCardMapping.Dropped()
                var record = ContactCardMapping.record(from: contact, dropped: &scratch)
                record.card = card.storedText
                return .contact(record.removingNULs())
            }
        }
        return .unreadable(reason: firstProblem.map { "not a vCard: \($0)" } ?? "not a vCard (no BEGIN:VCARD … END:VCARD)")
    }

    public func write(_ contact: ContactRecord, over base: String?) -> String {
        var record = contact
        // The card as the server has it, line for line: only the lines of the changed fields (and
        // REV) are written anew, in the card's own version; every other line goes back byte for byte.
        if let base, let source = VCardSourceText(base) {
            record.card = source.card.storedText
            return source.text(with: ContactCardMapping.edited(source.card, to: record, revision: revision(), fillsBlankName: false))
        }
        if let base, let card = VCard(storedText: base) {
            record.card = card.storedText
            if let kept = ContactCardMapping.keptCard(of: record, revision: revision()) {
                return VCardWriter(version: kept.version).write(kept)
            }
        }
        record.card = ""
        return VCardWriter(version: .v30).write(ContactCardMapping.card(from: record))
    }
}
