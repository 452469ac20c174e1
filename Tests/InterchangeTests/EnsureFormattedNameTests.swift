import Testing
@testable import Interchange

/// A kept card exported without a name to show gets one (every vCard must have FN; vobject
/// refuses a card without): the FN it has is never replaced.
@Suite("A kept card's FN on export")
struct EnsureFormattedNameTests {
    func card(_ text: String) throws -> VCard {
        var reader = VCardReader(bytes: Array(text.utf8))
        guard case .card(let card)? = try reader.readAll().first else { throw ReadFailure() }
        return card
    }
    struct ReadFailure: Error {}

    @Test func anEmptyOrMissingFNIsGivenTheNameTheContactIsKnownBy() throws {
        var empty = try card("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\r\nORG:Acme Plumbing\r\nEND:VCARD\r\n")
        let gaveEmpty = empty.ensureFormattedName("Acme Plumbing")
        #expect(gaveEmpty)
        #expect(empty.properties.filter { $0.name == "FN" }.map(\.value) == ["Acme Plumbing"])
        var missing = try card("BEGIN:VCARD\r\nVERSION:4.0\r\nEMAIL:a@example.org\r\nEND:VCARD\r\n")
        let gaveMissing = missing.ensureFormattedName("a@example.org")
        #expect(gaveMissing)
        #expect(missing.properties.map(\.name) == ["FN", "EMAIL"])
    }

    @Test func anFNTheCardHasIsKept() throws {
        var named = try card("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Mustermann\\, Heiko\r\nN:Mustermann;Heiko;;;\r\nEND:VCARD\r\n")
        let replaced = named.ensureFormattedName("Heiko Mustermann")
        #expect(!replaced)
        #expect(named.properties.filter { $0.name == "FN" }.map(\.value) == ["Mustermann\\, Heiko"])
        let blank = named.ensureFormattedName(" ")
        #expect(!blank)
    }

    /// A card with nothing to name it by (KDE's vcard7: an empty N, a label and a UID) still gets
    /// an FN, empty: vobject refused the export of such a card once nameless cards were imported.
    @Test func aCardWithNothingToNameItByGetsAnEmptyFN() throws {
        var nameless = try card("BEGIN:VCARD\r\nVERSION:3.0\r\nN:\r\nUID:pas-id-3E136F9B00000000\r\nEND:VCARD\r\n")
        let gave = nameless.ensureFormattedName("")
        #expect(gave)
        #expect(nameless.properties.map(\.name) == ["FN", "N", "UID"])
        #expect(nameless.properties.first?.value == "")
        let again = nameless.ensureFormattedName(" ")
        #expect(!again)                                                  // one FN, never two
    }
}
