import Interchange
import Testing
import TestSupport
@testable import switchboard

/// Issue 50: `switchboard query` as mutt, neomutt and aerc read it: every matching address (no
/// silent cut: 250 Gödels without an address before Kurt Gödel in the list), best first (a name or
/// address starting with the search before a match inside a word, then by name), identical lines
/// once, and mutt's first line true to the count of the lines after it.
@MainActor
@Suite("query for mail clients", .serialized)
struct QueryForMailClientsTests {
    static func card(first: String, last: String, emails: [String], org: String = "", note: String = "", uid: String = "") -> String {
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(first) \(last)\r\nN:\(last);\(first);;;\r\n"
        if !uid.isEmpty { text += "UID:\(uid)\r\n" }
        for email in emails { text += "EMAIL:\(email)\r\n" }
        if !org.isEmpty { text += "ORG:\(org)\r\n" }
        if !note.isEmpty { text += "NOTE:\(note)\r\n" }
        return text + "END:VCARD\r\n"
    }

    /// 250 Anaïs Gödels without an address (listed before Kurt), 30 with one, Kurt Gödel with two
    /// (and a copy of him with one of them), and two people matched inside a word of an address:
    /// Alonzo Church listed before the Gödels, Emil Post after.
    static var seeded: String {
        var text = ""
        for i in 0..<250 { text += card(first: "Anaïs\(1000 + i)", last: "Gödel", emails: []) }
        for i in 0..<30 { text += card(first: "Åsa\(100 + i)", last: "Gödel", emails: ["asa\(100 + i)@example.org"]) }
        text += card(first: "Kurt", last: "Gödel", emails: ["kurt@ias.edu", "k.goedel@univie.ac.at"], org: "IAS", uid: "kurt-1")
        text += card(first: "Kurt", last: "Gödel", emails: ["kurt@ias.edu"], org: "IAS", uid: "kurt-2")
        text += card(first: "Alonzo", last: "Church", emails: ["alonzo@vongodel.example"])
        text += card(first: "Emil", last: "Post", emails: ["emil@postgodel.example"])
        text += card(first: "Ada", last: "Lovelace", emails: ["ada@example.org"])
        return text
    }

    /// What every matching address is, in the order the answer must have.
    static let expected: [String] = (0..<30).map { "asa\(100 + $0)@example.org" } + ["kurt@ias.edu", "k.goedel@univie.ac.at", "alonzo@vongodel.example", "emil@postgodel.example"]

    /// A line split as mutt's and neomutt's query.c split it: strtok(3) on TAB and newline (runs of TABs are one).
    static func muttFields(_ line: Substring) -> [String] {
        line.split(whereSeparator: { $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    /// An address as mutt's rfc822 parser and Go's net/mail (aerc) take it: one addr-spec, nothing around it.
    static func isOneAddress(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at], domain = text[text.index(after: at)...]
        if domain.isEmpty || domain.contains(where: { " ,;<>()\"\\@\t".contains($0) }) { return false }
        if local.hasPrefix("\"") { return local.hasSuffix("\"") && local.count >= 2 }
        return !local.isEmpty && !local.contains(where: { " ,;<>()\"\\@\t:[]".contains($0) })
    }

    func seededBook(_ name: String) -> (InterchangeFolder, String) {
        let folder = InterchangeFolder(name)
        let db = folder.dataFile("q.sqlite3")
        folder.write("in.vcf", Self.seeded)
        let imported = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        #expect(imported.code == 0, "\(imported.errors)")
        return (folder, db)
    }

    @Test func muttGetsEveryAddressBestFirstAndATrueCount() throws {
        let (folder, db) = seededBook("query-mutt")
        _ = folder
        let answer = runSwitchboard(["query", "gödel", "--db", db])
        #expect(answer.code == 0, "\(answer.errors)")
        var lines = answer.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        lines.removeLast()
        let first = try #require(lines.first)
        let entries = lines.dropFirst().map(Self.muttFields)
        #expect(first == "Switchboard: \(entries.count) addresses for “gödel”")
        #expect(entries.map { $0[0] } == Self.expected, "\(answer.output)")
        #expect(entries.allSatisfy { Self.isOneAddress($0[0]) })
        let kurt = try #require(entries.first { $0[0] == "kurt@ias.edu" })
        #expect(kurt == ["kurt@ias.edu", "Kurt Gödel", "IAS"])
        // The other search forms find him first too, and a search of two letters is a word's start.
        let byName = runSwitchboard(["query", "godel kurt", "--db", db])
        #expect(byName.output.split(separator: "\n").dropFirst().map { Self.muttFields($0)[0] } == ["kurt@ias.edu", "k.goedel@univie.ac.at"])
        let two = runSwitchboard(["query", "Kü", "--db", db])
        #expect(two.output.split(separator: "\n").dropFirst().map { Self.muttFields($0)[0] } == ["kurt@ias.edu", "k.goedel@univie.ac.at"], "\(two.output)")
        let none = runSwitchboard(["query", "nobody-here", "--db", db])
        #expect(none.code == 1 && none.output == "No matches for “nobody-here”.\n")
    }

    @Test func aercGetsAddressTabNameLinesAndNothingElse() {
        let (folder, db) = seededBook("query-aerc")
        _ = folder
        let answer = runSwitchboard(["query", "--format", "aerc", "Gödel", "--db", db])
        #expect(answer.code == 0, "\(answer.errors)")
        // aerc: each line split at TABs, the first field an address (net/mail.ParseAddress), the second the name.
        let lines = answer.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(lines.map { $0[0] } == Self.expected, "\(answer.output)")
        #expect(lines.allSatisfy { $0.count == 2 && Self.isOneAddress($0[0]) && !$0[1].isEmpty })
        #expect(lines.first { $0[0] == "kurt@ias.edu" } == ["kurt@ias.edu", "Kurt Gödel"])
        let none = runSwitchboard(["query", "--format", "aerc", "nobody-here", "--db", db])
        #expect(none.code == 0 && none.output.isEmpty)
    }

    @Test func vcardGetsEachMatchingContactOnceBestFirst() throws {
        let (folder, db) = seededBook("query-vcard")
        _ = folder
        let answer = runSwitchboard(["query", "--format", "vcard", "gödel", "--db", db])
        #expect(answer.code == 0, "\(answer.errors)")
        var reader = VCardReader(bytes: Array(answer.output.utf8))
        let cards = try reader.readAll().compactMap { item -> ContactCard? in
            guard case .card(let card) = item else { return nil }
            return VCardDecoder.contact(from: card)
        }
        // Kurt's two cards are two contacts (one line each in mutt's answer is what is once).
        #expect(cards.map(\.formattedName) == (0..<30).map { "Åsa\(100 + $0) Gödel" } + ["Kurt Gödel", "Kurt Gödel", "Alonzo Church", "Emil Post"])
        #expect(runSwitchboard(["query", "--format", "vcard", "nobody-here", "--db", db]).code == 1)
        #expect(runSwitchboard(["query", "--format", "ldif", "x", "--db", db]).errors.contains("--format 'ldif': expected mutt, aerc or vcard"))
    }

    /// An address with a space or a comma in its local part is quoted, so the client reads one address.
    @Test func anAddressTheClientWouldSplitIsQuoted() {
        #expect(QueryFormat.addressField("eve mallory@example.org") == "\"eve mallory\"@example.org")
        #expect(QueryFormat.addressField("a,b@example.org") == "\"a,b\"@example.org")
        #expect(QueryFormat.addressField("say\"hi\"@example.org") == "\"say\\\"hi\\\"\"@example.org")
        #expect(QueryFormat.addressField("plain.name+tag@example.org") == "plain.name+tag@example.org")
        #expect(QueryFormat.mutt.line(email: "x@y.org", name: "", company: "Acme") == "x@y.org\tAcme\t")
        #expect(QueryFormat.aerc.line(email: "x@y.org", name: "", company: "") == "x@y.org")
    }
}
