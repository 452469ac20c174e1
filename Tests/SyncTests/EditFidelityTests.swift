import AppServices
import CardDAV
import Foundation
import Interchange
import Storage
import Sync
import Testing

/// Issue 48's fidelity check: real-world cards (the published corpus and cards in the spellings of
/// iPhone, macOS Contacts, Google, Outlook 2.1, Nextcloud, Thunderbird, Evolution and DAVx⁵) put on
/// real Radicale and Xandikos by another device, synced in, one field of each edited here through
/// the contacts store (the app's own data path: its triggers queue the edit), synced out. The
/// server's card then differs from what it was only in the edited property and REV: every other
/// line byte for byte (folding, parameter spelling and order, encodings, VERSION, unknown ones).
@Suite(.serialized)
struct EditFidelityTests {
    /// The field a card has edited, and the property that says it.
    enum Edit: CaseIterable {
        case title, phone, note

        var property: String {
            switch self {
            case .title: "TITLE"
            case .phone: "TEL"
            case .note: "NOTE"
            }
        }

        func apply(to record: inout ContactRecord) {
            switch self {
            case .title: record.title = "Edited Title"
            case .phone:
                if record.phones.isEmpty { record.phones.append(.init(label: "mobile", number: "+1 555 0199")) } else { record.phones[0].number = "+1 555 0199" }
            case .note: record.notes = "Edited note, with ü"
            }
        }

        func isIn(_ contact: ContactCard) -> Bool {
            switch self {
            case .title: contact.title == "Edited Title"
            case .phone: contact.phones.contains { $0.value == "+1 555 0199" }
            case .note: contact.note == "Edited note, with ü"
            }
        }
    }

    /// The edit each written card gets (the rest take turns: title, phone, note).
    static let editOf: [String: Edit] = [
        "UTF-8 under CHARSET=windows-1252": .phone, "two NOTEs": .title, "Outlook 2.1": .note, "Outlook 2.1 UTF-8": .note, "Android 2.1 export": .phone,
        "Nextcloud": .phone, "4.0 with X-GENDER": .title, "iPhone": .phone, "Thunderbird": .note,
    ]

    /// A card's content lines as they came: each one's bytes (folds and line ends kept) and its
    /// property name (group left out, upper-cased).
    static func contentLines(_ text: String) -> [(name: String, raw: String)] {
        let physical = FidelityCards.physicalLines(text)
        var lines: [(name: String, raw: String)] = []
        var quotedPrintable = false
        for line in physical {
            let bare = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r\n"))
            if let last = lines.last, line.hasPrefix(" ") || line.hasPrefix("\t") || (quotedPrintable && last.raw.trimmingCharacters(in: CharacterSet(charactersIn: "\r\n")).hasSuffix("=")) {
                lines[lines.count - 1].raw += line
                continue
            }
            let head = bare.prefix { $0 != ":" }
            quotedPrintable = head.uppercased().contains("QUOTED-PRINTABLE")
            var name = head.prefix { $0 != ";" }
            if let dot = name.firstIndex(of: ".") { name = name[name.index(after: dot)...] }
            lines.append((name.uppercased(), line))
        }
        return lines
    }

    /// The card with a UID of its own (a card without one, or with one already used, gets one after VERSION).
    static func withOwnUID(_ text: String, _ n: Int, used: inout Set<String>) -> String {
        let lines = contentLines(text)
        if let uid = lines.first(where: { $0.name == "UID" }) {
            let value = String(uid.raw.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines)
            if used.insert(value).inserted { return text }
            return lines.map { $0.name == "UID" ? "UID:fidelity-\(n)\r\n" : $0.raw }.joined()
        }
        return lines.map { $0.name == "VERSION" ? $0.raw + "UID:fidelity-\(n)\r\n" : $0.raw }.joined()
    }

    static func contact(in text: String) -> ContactCard? {
        var reader = VCardReader(bytes: Array(text.utf8))
        while let item = try? reader.next() { if case .card(let card) = item { return VCardDecoder.contact(from: card) } }
        return nil
    }

    @Test(.enabled(if: SyncTestServer.isAvailable, SyncServerTests.needsServer), arguments: SyncTestServer.servers)
    func oneFieldEditedChangesOnlyThatPropertyAndREVOnTheServer(server: SyncTestServer.Server) throws {
        let f = try SyncFixture(server: server.url)
        let cards = FidelityCards.written + FidelityCards.corpus()
        var used = Set<String>()
        var refused: [String] = []
        var put: [String: (place: String, edit: Edit)] = [:] // card name → what it is
        for (n, card) in cards.enumerated() {
            let text = Self.withOwnUID(card.text, n, used: &used)
            let name = "card-\(n)"
            do {
                try f.phonePut(text, name: name)
                put[name + ".vcf"] = (card.place, Self.editOf[card.place] ?? Edit.allCases[n % 3])
            } catch {
                refused.append("\(card.place): \(error)")
            }
        }
        try f.sync()
        let before = try f.serverCards()
        // One field of each contact edited here, as the contact form saves it.
        var edited: [String: (place: String, edit: Edit)] = [:]
        for contact in try f.localContacts() {
            let binding = try #require(try f.store.binding(contact: contact.id!))
            guard let what = put[String(binding.href.split(separator: "/").last ?? "")] else { continue }
            var changed = contact
            what.edit.apply(to: &changed)
            #expect(try f.contacts.update(changed), "\(what.place)")
            edited[binding.href] = what
        }
        let pushed = try f.sync().summary
        #expect(pushed.sent == edited.count && pushed.conflicts == 0, "\(pushed)")
        let after = try f.serverCards()

        var identical = 0
        var differing: [String] = []
        for (href, what) in edited.sorted(by: { $0.key < $1.key }) {
            let key = try #require(before.keys.first { SyncFixtureHref.path($0) == href }, "\(what.place) not on the server")
            let was = try #require(before[key]), now = try #require(after[key])
            let skip: Set<String> = [what.edit.property, "REV"]
            let kept = Self.contentLines(now).filter { !skip.contains($0.name) }.map(\.raw)
            let expected = Self.contentLines(was).filter { !skip.contains($0.name) }.map(\.raw)
            let editArrived = Self.contact(in: now).map(what.edit.isIn) ?? false
            #expect(editArrived, "\(server.name), \(what.place): the edit is not on the server:\n\(now)")
            if kept == expected && editArrived {
                identical += 1
            } else {
                let gone = expected.filter { !kept.contains($0) }, new = kept.filter { !expected.contains($0) }
                differing.append("\(what.place): - \(gone) + \(new)")
            }
        }
        #expect(differing.isEmpty, "\(server.name): changed beyond the edit:\n\(differing.joined(separator: "\n"))")
        #expect(edited.count >= 60, "\(server.name): only \(edited.count) cards edited")
        // The card whose bytes are UTF-8 under CHARSET=windows-1252: shown and kept as "John Doë".
        let doe = try #require(try f.localContacts().first { $0.uid == "charset-contradicted-1" })
        #expect(doe.lastName == "Doë")
        let bare = { (line: String) in String(String.UnicodeScalarView(line.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })) }
        #expect(after.values.contains { FidelityCards.physicalLines($0).map(bare).contains("FN;CHARSET=windows-1252:John Doë") })
        print("measured: \(server.name): \(identical) of \(edited.count) cards identical beyond the edited property and REV "
              + "(\(refused.count) refused by the server at the other device's PUT, \(cards.count - put.count - refused.count) not put)")
        if !refused.isEmpty { print("refused by \(server.name): " + refused.map { String($0.prefix { $0 != ":" }) }.joined(separator: ", ")) }
    }
}

/// Hrefs as the store keeps them (paths).
enum SyncFixtureHref {
    static func path(_ href: String) -> String {
        guard let scheme = href.range(of: "://") else { return href }
        return href[scheme.upperBound...].firstIndex(of: "/").map { String(href[$0...]) } ?? "/"
    }
}
