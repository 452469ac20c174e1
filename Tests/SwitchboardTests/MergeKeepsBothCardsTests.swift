import TestSupport
import Testing
import Foundation
@testable import switchboard
@testable import Interchange

/// Issue 39's merge, through the whole app (headless) between an import and an export: two
/// cards of one person with many properties each, merged on the "Possible duplicates" screen,
/// export as one card holding every value of both — the kept card's lines as they came, the
/// other card's unknown properties whole (groups, parameters), its fields' values — and u brings
/// the merged-away contact back with its card whole.
@MainActor
@Suite("A merge keeps every value of both cards", .serialized)
struct MergeKeepsBothCardsTests {
    static let kept = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//iPhone OS 17.0//EN\r
        UID:ada-kept\r
        N:Lovelace;Ada;;;\r
        FN:Ada Lovelace\r
        ORG:Analytical Engines;Research\r
        TITLE:Countess\r
        EMAIL;TYPE=INTERNET;TYPE=HOME:ada@example.org\r
        item1.TEL;type=pref:+44 20 7946 0018\r
        item1.X-ABLabel:_$!<AssistantPhone>!$_\r
        ADR;TYPE=HOME:;;12 St James's Square;London;;SW1Y 4JH;UK\r
        BDAY:1815-12-10\r
        NOTE:Wrote the first program\r
        CATEGORIES:Mathematicians,Science\r
        PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2Q==\r
        X-SOCIALPROFILE;type=twitter:https://twitter.com/ada\r
        END:VCARD\r

        """

    static let other = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:ada-other\r
        N:Lovelace;Ada;Augusta;;\r
        FN:Ada Augusta Lovelace\r
        NICKNAME:Enchantress of Numbers\r
        ORG:Babbage & Co\r
        TITLE:Mathematician\r
        EMAIL;TYPE=INTERNET:ADA@example.org\r
        EMAIL;TYPE=INTERNET;TYPE=WORK:countess@lovelace.example\r
        TEL;TYPE=CELL:+44 7700 900123\r
        ADR;TYPE=WORK:;;Ockham Park;Surrey;;;UK\r
        URL:https://example.org/ada\r
        NOTE:Daughter of Lord Byron\r
        CATEGORIES:myContacts,Poetry,Friends\r
        item3.X-ABRELATEDNAMES:Charles Babbage\r
        item3.X-ABLabel:colleague\r
        X-GENDER:F\r
        IMPP;TYPE=personal:xmpp:ada@jabber.example\r
        GEO:51.5072;-0.1276\r
        END:VCARD\r

        """

    /// The properties of each card in `text` (REV left out), as their stored lines, by UID.
    static func cards(_ text: String) -> [String: [String]] {
        var reader = VCardReader(bytes: Array(text.utf8))
        var found: [String: [String]] = [:]
        for case .card(let card) in (try? reader.readAll()) ?? [] {
            let uid = card.properties.first { $0.name == "UID" }?.value ?? ""
            found[uid] = card.properties.filter { $0.name != "REV" }.map(\.storedLine)
        }
        return found
    }

    @Test func theMergedCardHoldsEveryValueOfBothAndUndoBringsTheOtherBack() throws {
        let folder = InterchangeFolder("merge-cards")
        let db = folder.dataFile("data.sqlite3")
        folder.write("kept.vcf", Self.kept)
        folder.write("other.vcf", Self.other)
        #expect(runSwitchboard(["import", folder.file("kept.vcf"), "--db", db]).output.contains("imported 1"))
        #expect(runSwitchboard(["import", folder.file("other.vcf"), "--db", db]).output.contains("imported 1"))
        let before = Self.cards(runSwitchboard(["export", "--format", "vcard3", "--db", db]).output)
        #expect(before.count == 2)

        // Contacts, D: the pair (the same e-mail), m, Merge.
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys",
                                  "wait:1s C wait:1s D wait:1s m wait:500ms Left Enter wait:800ms"])
        #expect(run.code == 0, "\(run.errors)")
        #expect(run.output.contains("Merged Ada Augusta Lovelace into Ada Lovelace"), "\(run.output)")

        let after = Self.cards(runSwitchboard(["export", "--format", "vcard3", "--db", db]).output)
        #expect(after.count == 1)
        let merged = try #require(after["ada-kept"])
        let text = merged.joined(separator: "\n")
        // The kept card's lines as they came, but for the note and the groups (now both cards').
        for line in try #require(before["ada-kept"]) where !line.hasPrefix("NOTE") && !line.hasPrefix("CATEGORIES") {
            #expect(merged.contains(line), "kept card's \(line) not in:\n\(text)")
        }
        // The other card's properties no field holds, whole: groups, parameters, values (names as their file spelled them).
        for line in ["item3.X-ABRELATEDNAMES:Charles Babbage", "item3.X-ABLabel:colleague", "X-GENDER:F", "IMPP;TYPE=personal:xmpp:ada@jabber.example"] {
            #expect(merged.contains(line), "\(line) not in:\n\(text)")
        }
        #expect(merged.contains { $0.hasPrefix("GEO") && $0.contains("51.5072") }, "\(text)")
        // Every value of the other card's fields.
        for value in ["countess@lovelace.example", "+44 7700 900123", "Ockham Park", "Surrey", "https://example.org/ada",
                      "Enchantress of Numbers", "Ada Augusta Lovelace", "Daughter of Lord Byron", "Wrote the first program",
                      "Mathematicians", "Science", "myContacts", "Poetry", "Babbage & Co", "Mathematician"] {
            #expect(text.contains(value), "\(value) not in:\n\(text)")
        }
        #expect(merged.contains { $0.hasPrefix("CATEGORIES") && $0.lowercased().contains("friends") }, "the friend flag: \(text)")
        #expect(merged.filter { $0.hasPrefix("EMAIL") }.count == 2)      // the same address once
        #expect(merged.filter { $0.hasPrefix("TEL") || $0.hasPrefix("item1.TEL") }.count == 2)
        #expect(merged.filter { $0.hasPrefix("ADR") }.count == 2)

        // u in Contacts: the other comes back with its card as it was.
        let undo = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s u wait:800ms"])
        #expect(undo.output.contains("Brought back Ada Augusta Lovelace"), "\(undo.output)")
        let back = Self.cards(runSwitchboard(["export", "--format", "vcard3", "--db", db]).output)
        #expect(back["ada-other"] == before["ada-other"])
        #expect(back["ada-kept"] == merged)
    }
}
