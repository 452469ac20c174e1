import Testing
import AppServices
import CardMapping
@testable import Interchange

/// Property test: random contacts written as vCard 4.0 and 3.0 and read back are the same contacts.
@Suite("Records → vCard → records")
struct RecordCardRoundTripTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 { state &+= 0x9E37_79B9_7F4A_7C15; var z = state; z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9; z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB; return z ^ (z >> 31) }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
        mutating func text(_ pieces: [String], max: Int = 3) -> String { (0..<int(max + 1)).map { _ in pick(pieces) }.joined() }
    }

    static let words = ["Ada", "van Gogh", "中村", "Zoë", "a,b", "x;y", "back\\slash", "O'Brien", " ", "Ñ", "🙂", "line\nbreak", "de los"]

    static func record(_ r: inout Random) -> ContactRecord {
        var c = ContactRecord(firstName: r.text(words), lastName: r.text(words))
        if c.firstName.trimmingCharacters().isEmpty { c.firstName = "Ada" }
        c.phones = (0..<r.int(4)).map { _ in .init(label: r.pick(["phone", "mobile", "work", "home fax", "boat"]), number: r.pick(["+1 555 0100", "555.123.4567 x89", "+44-20-7946-0001", "(030) 1234"])) }
        c.emails = (0..<r.int(4)).map { i in "p\(i)\(r.int(100))@example.org" }
        if !c.emails.isEmpty, r.int(2) == 0 { c.emailLabels = c.emails.map { _ in r.pick(["", "work", "home"]) }; if c.emailLabels.allSatisfy(\.isEmpty) { c.emailLabels = [] } }
        c.company = r.text(words, max: 2).trimmingCharacters()
        c.notes = r.text(words + ["\n"], max: 5)
        c.isFriend = r.int(2) == 0
        c.uid = "urn:uuid:\(r.next())"
        c.nickname = r.pick(["", "Countess", "Vincent"])
        c.title = r.text(words, max: 2).trimmingCharacters()
        c.birthday = r.pick(["", "1815-12-10", "--04-12"])
        c.url = r.pick(["", "https://example.org/a"])
        c.namePrefix = r.pick(["", "Dr.", "Lady"])
        c.nameSuffix = r.pick(["", "Jr.", "PhD"])
        if !c.emails.isEmpty, r.int(2) == 0 { c.preferredEmail = r.int(c.emails.count) }
        if !c.phones.isEmpty, r.int(2) == 0 { c.preferredPhone = r.int(c.phones.count) }
        if r.int(2) == 0 { c.addresses = [.init(label: r.pick(["home", "work"]), street: r.text(words, max: 2).trimmingCharacters(), city: "Paris", postalCode: "75002", country: "France")] }
        return c
    }

    /// What a card keeps of a record: the mapping trims each value's spaces, so the record is compared as trimmed.
    static func trimmed(_ c: ContactRecord) -> ContactRecord {
        var c = c
        c.firstName = c.firstName.trimmingCharacters(); c.lastName = c.lastName.trimmingCharacters()
        c.addresses = c.addresses.map { var a = $0; a.street = a.street.trimmingCharacters(); return a }
        return c
    }

    @Test(arguments: [VCardVersion.v40, .v30])
    func randomRecordsComeBackEqual(version: VCardVersion) throws {
        var r = Random(state: version == .v40 ? 36 : 30)
        for i in 0..<500 {
            let record = Self.record(&r)
            let text = VCardWriter(version: version).write(ContactCardMapping.card(from: record))
            var reader = VCardReader(bytes: Array(text.utf8))
            guard case .card(let card)? = try reader.next() else { Issue.record("no card in \(text)"); return }
            var dropped = ContactCardMapping.Dropped()
            var back = ContactCardMapping.record(from: VCardDecoder.contact(from: card), dropped: &dropped)
            back.card = ""
            #expect(back == Self.trimmed(record), "\(i): \(text)")
            #expect(dropped.isEmpty)
        }
    }
}
