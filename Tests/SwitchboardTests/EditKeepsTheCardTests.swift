import TestSupport
import Testing
import Foundation
@testable import switchboard
@testable import Interchange

/// Issue 36's edit test: a card imported, one field changed through the contact form (the whole
/// app, headless, on the virtual screen), exported again: only that property and REV differ from
/// the export before the edit; every other property (groups, parameters, order, unknown ones,
/// photos) is as it was, and as it came in the source card where the version is the same.
@MainActor
@Suite("Edits change only what was edited", .serialized)
struct EditKeepsTheCardTests {
    /// The Tabs from the first name to the title: past the last and middle name, each phone and
    /// each e-mail with its label (three rows of each at least), and the company.
    static func toTitle(_ card: [UInt8]) -> String {
        var reader = VCardReader(bytes: card)
        var phones = 0, emails = 0
        while let item = try? reader.next() {
            guard case .card(let vcard) = item else { continue }
            let contact = VCardDecoder.contact(from: vcard)
            phones = contact.phones.count
            emails = contact.emails.count
            break
        }
        return Array(repeating: "Tab", count: 3 + 2 * max(3, phones) + 2 * max(3, emails) + 1).joined(separator: " ")
    }

    /// Cards of the shapes people's address books write, beside the published corpus.
    static let ownCards: [String] = [
        // iPhone: item groups with Apple labels, a photo, a year-less birthday.
        """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//iPhone OS 17.0//EN\r
        N:Appleseed;Johnny;;;\r
        FN:Johnny Appleseed\r
        item1.TEL;type=pref:+1 555 0100\r
        item1.X-ABLabel:_$!<AssistantPhone>!$_\r
        TEL;type=IPHONE;type=CELL;type=VOICE:+1 555 0101\r
        item2.URL:https://blog.example.com\r
        item2.X-ABLabel:_$!<HomePage>!$_\r
        BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12\r
        PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==\r
        X-SOCIALPROFILE;type=twitter:https://twitter.com/johnny\r
        END:VCARD\r

        """,
        // 2.1 with quoted-printable over two lines and a charset.
        """
        BEGIN:VCARD\r
        VERSION:2.1\r
        N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;\r
        FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller\r
        TEL;WORK;VOICE:+49 30 1234567\r
        EMAIL;INTERNET:juergen@example.de\r
        X-MS-OL-DEFAULT-POSTAL-ADDRESS:2\r
        END:VCARD\r

        """,
        // 4.0 with KIND, GENDER, a LANG parameter, PREF and a data: photo.
        """
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:urn:uuid:e6f8a1c2-0000-4000-8000-000000000001\r
        KIND:individual\r
        FN;LANGUAGE=ja:中村 博\r
        N:中村;博;;;\r
        GENDER:M\r
        EMAIL;TYPE=work;PREF=1:hiroshi@example.jp\r
        TEL;VALUE=uri;TYPE=cell:tel:+81-90-1234-5678\r
        X-CUSTOM;X-PARAM=one:kept as it came\r
        END:VCARD\r

        """,
        // Google: a multi-part N, an ORG with units, CATEGORIES, an X- property with a group.
        """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Ada Lovelace\r
        N:Lovelace;Ada;Augusta;;\r
        ORG:Analytical Engines;Research;Notes\r
        EMAIL;TYPE=INTERNET;TYPE=HOME:ada@example.org\r
        CATEGORIES:myContacts,Mathematicians\r
        item3.X-ABRELATEDNAMES:Charles Babbage\r
        item3.X-ABLabel:colleague\r
        END:VCARD\r

        """,
    ]

    struct Outcome {
        var failure: String?
        /// Properties (without REV) that differ between the exports before and after the edit.
        var changed: [String] = []
    }

    /// The properties of the first card in `text`, REV left out, as their stored lines.
    static func lines(_ text: String) -> [String] {
        var reader = VCardReader(bytes: Array(text.utf8))
        let items = (try? reader.readAll()) ?? []
        guard case .card(let card)? = items.first(where: { if case .card = $0 { true } else { false } }) else { return [] }
        return card.properties.filter { $0.name != "REV" }.map(\.storedLine)
    }

    /// A TITLE or TEL line, with or without a group (the properties the tests edit).
    nonisolated static func isEdited(_ line: String) -> Bool {
        let head = line.prefix { $0 != ":" && $0 != ";" }.uppercased() // a name as its file spelled it: `title`
        return head.hasSuffix("TITLE") || head.hasSuffix("TEL")
    }

    /// What differs between two cards' lines: those only in `a`, then those only in `b`, each in order.
    static func difference(_ a: [String], _ b: [String]) -> [String] {
        var rest = b
        var onlyA: [String] = []
        for line in a { if let i = rest.firstIndex(of: line) { rest.remove(at: i) } else { onlyA.append(line) } }
        return onlyA.map { "- " + $0 } + rest.map { "+ " + $0 }
    }

    /// An FN line, with or without a group.
    nonisolated static func isFormattedName(_ line: String) -> Bool {
        line.prefix { $0 != ":" && $0 != ";" }.uppercased().hasSuffix("FN")
    }

    func edit(_ card: [UInt8], in folder: InterchangeFolder, template: String, index: Int, keys: String,
              edited: (String) -> Bool = Self.isEdited) throws -> Outcome {
        let db = folder.file("edit\(index).sqlite3")
        try FileManager.default.copyItem(atPath: template, toPath: db)
        folder.write("edit\(index).vcf", bytes: card)
        let imported = runSwitchboard(["import", folder.file("edit\(index).vcf"), "--db", db])
        // A group card is not a contact: nothing to edit.
        if imported.output.contains("not a person") { return Outcome(failure: "group") }
        // A card with no name, e-mail or phone is not imported yet (CorpusTests tells): nothing to edit.
        if imported.output.contains("no name, e-mail or phone") { return Outcome(failure: "nameless") }
        guard imported.code == 0, imported.output.contains("imported 1") else { return Outcome(failure: "import: \(imported.output)") }
        let format = String(decoding: card, as: UTF8.self).uppercased().contains("VERSION:4.0") ? "vcard" : "vcard3"
        let before = runSwitchboard(["export", "--format", format, "--db", db]).output
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x40", "--keys", "wait:1s C wait:1s Enter wait:500ms e wait:500ms " + keys + " C-s wait:800ms"])
        guard run.code == 0 else { return Outcome(failure: "app: \(run.errors)") }
        let after = runSwitchboard(["export", "--format", format, "--db", db]).output
        // The other lines, in order, are the same.
        let kept = Self.lines(after).filter { !edited($0) }
        let was = Self.lines(before).filter { !edited($0) }
        var outcome = Outcome(changed: Self.difference(Self.lines(before), Self.lines(after)))
        if kept != was { outcome.failure = "other lines changed or moved: \(Self.difference(was, kept))\n\(after)" }
        if !after.contains("\r\nREV:") { outcome.failure = (outcome.failure ?? "") + " no REV in \(after)" }
        return outcome
    }

    @Test func changingTheTitleChangesOnlyTheTitleInEveryCardOfTheCorpus() throws {
        let folder = InterchangeFolder("edit-corpus")
        let template = folder.dataFile("template.sqlite3")
        let names = (FileManager.default.enumerator(atPath: CorpusTests.corpus)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".vcf") || $0.hasSuffix(".ics") }.sorted()
        var cards: [(String, [UInt8])] = []
        for name in names {
            let bytes = Array(FileManager.default.contents(atPath: CorpusTests.corpus + "/" + name) ?? Data())
            for (i, card) in CorpusTests.split(bytes).enumerated() { cards.append(("\(name) card \(i + 1)", card)) }
        }
        for (i, card) in Self.ownCards.enumerated() { cards.append(("own card \(i + 1)", Array(card.utf8))) }
        #expect(cards.count >= 55)
        var edited = 0
        for (index, (place, card)) in cards.enumerated() {
            let source = String(decoding: card, as: UTF8.self).uppercased()
            // A group card is not a contact (nothing to edit).
            if source.contains("KIND:GROUP") { continue }
            let outcome = try edit(card, in: folder, template: template, index: index, keys: Self.toTitle(card) + " C-u \"Edited Title\"")
            if outcome.failure == "group" || outcome.failure == "nameless" { continue }
            #expect(outcome.failure == nil, "\(place): \(outcome.failure ?? "")")
            guard outcome.failure == nil else { continue }
            edited += 1
            let titles = outcome.changed.filter { $0.uppercased().contains("TITLE") }
            #expect(outcome.changed.allSatisfy { $0.uppercased().contains("TITLE") }, "\(place): \(outcome.changed)")
            #expect(titles.contains { $0.hasPrefix("+") && $0.hasSuffix(":Edited Title") }, "\(place): \(outcome.changed)")
        }
        #expect(edited >= 50)
    }

    /// The display name, edited apart from N's parts (issue 36's form): only FN changes, in every card.
    @Test func changingTheDisplayNameChangesOnlyFNInEveryCardOfTheCorpus() throws {
        let folder = InterchangeFolder("edit-corpus-fn")
        let template = folder.dataFile("template.sqlite3")
        var edited = 0
        for (index, (place, card)) in Self.corpusCards().enumerated() {
            if String(decoding: card, as: UTF8.self).uppercased().contains("KIND:GROUP") { continue }
            // Shift-Tab from the first name: the suffix, the prefix, the display name.
            let outcome = try edit(card, in: folder, template: template, index: index, keys: #"S-Tab S-Tab S-Tab C-u "Edited Name""#,
                                   edited: Self.isFormattedName)
            if outcome.failure == "group" || outcome.failure == "nameless" { continue }
            #expect(outcome.failure == nil, "\(place): \(outcome.failure ?? "")")
            guard outcome.failure == nil else { continue }
            edited += 1
            #expect(outcome.changed.allSatisfy { Self.isFormattedName(String($0.dropFirst(2))) }, "\(place): \(outcome.changed)")
            #expect(outcome.changed.contains { $0.hasPrefix("+") && $0.hasSuffix(":Edited Name") }, "\(place): \(outcome.changed)")
        }
        #expect(edited >= 50)
    }

    /// A custom field added with ^N (issue 39's richer form): only its line is new, in every card.
    @Test func addingACustomFieldAddsOnlyItsLineInEveryCardOfTheCorpus() throws {
        let folder = InterchangeFolder("edit-corpus-custom")
        let template = folder.dataFile("template.sqlite3")
        var edited = 0
        for (index, (place, card)) in Self.corpusCards().enumerated() {
            if String(decoding: card, as: UTF8.self).uppercased().contains("KIND:GROUP") { continue }
            // From the first name (in no list): ^N adds a custom field, the cursor in its name.
            let outcome = try edit(card, in: folder, template: template, index: index, keys: #"C-n "X-EDITED" Tab "yes""#,
                                   edited: { $0 == "X-EDITED:yes" })
            if outcome.failure == "group" || outcome.failure == "nameless" { continue }
            #expect(outcome.failure == nil, "\(place): \(outcome.failure ?? "")")
            guard outcome.failure == nil else { continue }
            edited += 1
            #expect(outcome.changed == ["+ X-EDITED:yes"], "\(place): \(outcome.changed)")
        }
        #expect(edited >= 50)
    }

    /// Every card of the published corpus and the own cards above, named by where they come from.
    static func corpusCards() -> [(String, [UInt8])] {
        let names = (FileManager.default.enumerator(atPath: CorpusTests.corpus)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".vcf") || $0.hasSuffix(".ics") }.sorted()
        var cards: [(String, [UInt8])] = []
        for name in names {
            let bytes = Array(FileManager.default.contents(atPath: CorpusTests.corpus + "/" + name) ?? Data())
            for (i, card) in CorpusTests.split(bytes).enumerated() { cards.append(("\(name) card \(i + 1)", card)) }
        }
        for (i, card) in ownCards.enumerated() { cards.append(("own card \(i + 1)", Array(card.utf8))) }
        return cards
    }

    @Test func changingAPhoneChangesOnlyThatPhone() throws {
        let folder = InterchangeFolder("edit-phone")
        let template = folder.dataFile("template.sqlite3")
        // Tab three times from the first name (past the last and middle name): the first phone's number.
        let outcome = try edit(Array(Self.ownCards[0].utf8), in: folder, template: template, index: 0, keys: "Tab Tab Tab C-u \"+1 555 0199\"")
        #expect(outcome.failure == nil, "\(outcome.failure ?? "")")
        #expect(outcome.changed == ["- item1.TEL;TYPE=pref:+1 555 0100", "+ item1.TEL;TYPE=pref:+1 555 0199"])
    }
}
