import Testing
@testable import switchboard

/// Issue 36's names, as a person meets them: cards imported from a file, then the contacts list,
/// a search, a card, the friends popup, the activity feed (the whole app, headless) and mail
/// clients' `query` all show a card's formatted name as it was written; N's middle name and two
/// suffixes are kept apart and come back in the exports; a company's card is listed by its
/// company; cards with no name, e-mail or phone are imported and shown by what they have.
@MainActor
@Suite("Card names: FN shown as stored, N's parts kept, companies and nameless cards", .serialized)
struct CardNamesTests {
    static let cards = """
    BEGIN:VCARD\r
    VERSION:4.0\r
    UID:ada\r
    FN:Ada Lovelace\r
    N:Lovelace;Ada;Augusta;;\r
    EMAIL:ada@example.org\r
    CATEGORIES:friends\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:4.0\r
    UID:nakamura\r
    FN:中村 博\r
    N:中村;博;;;\r
    EMAIL:hiroshi@example.jp\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:acme\r
    FN:Acme Plumbing Ltd\r
    N:Ltd;Acme Plumbing;;;\r
    EMAIL:office@acme.example\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:4.0\r
    UID:orsted\r
    KIND:org\r
    FN:Ørsted A/S\r
    ORG:Ørsted A/S\r
    CATEGORIES:friends\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:smith\r
    N:Smith;John;Quincy,Adams;Dr.;Jr.,Esq.\r
    FN:John Smith\r
    EMAIL:john@example.org\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:note-only\r
    NOTE:Met at the harbour\\nsecond line\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:urn:uuid:only-a-uid\r
    END:VCARD\r

    """

    /// A data file holding the cards, imported by the command.
    func imported(_ folder: InterchangeFolder) -> String {
        let db = folder.dataFile("names.sqlite3")
        folder.write("cards.vcf", Self.cards)
        let run = runSwitchboard(["import", folder.file("cards.vcf"), "--db", db])
        #expect(run.output.hasPrefix(folder.file("cards.vcf") + ": imported 7, updated 0, skipped 0"), "\(run.output)")
        return db
    }

    /// The screen after `keys` on the contacts list (headless), one string a row.
    func screen(_ db: String, _ keys: String) -> [String] {
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s " + keys])
        #expect(run.code == 0, "\(run.errors)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test func theListShowsEachCardByItsFormattedNameAndSortsByLastName() {
        let folder = InterchangeFolder("card-names-list")
        let db = imported(folder)
        let rows = screen(db, "")
        // By family name where the card has one (Lovelace, then Acme's card, filed under L as `Ltd`),
        // else by the name shown; FN is shown, not the middle name; a card with only a UID has no name.
        let names = ["(no name)", "Ada Lovelace", "Acme Plumbing Ltd", "Met at the harbour", "John Smith", "Ørsted A/S", "中村 博"]
        let at = names.map { name in rows.firstIndex { $0.contains(name) } }
        #expect(at.allSatisfy { $0 != nil } && at.map { $0 ?? 0 } == at.map { $0 ?? 0 }.sorted(), "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("L  Ada Lovelace") } && rows.contains { $0.contains("Ø  Ørsted A/S") }, "\(rows.joined(separator: "\n"))")
        #expect(!rows.joined().contains("Augusta"))
    }

    @Test func aOneLetterSearchFindsTheCompanyAndTheMiddleNameFindsThePerson() {
        let folder = InterchangeFolder("card-names-search")
        let db = imported(folder)
        let a = screen(db, #"/ "a" wait:400ms"#).joined(separator: "\n")
        #expect(a.contains("Ørsted A/S") && a.contains("Ada Lovelace") && a.contains("Acme Plumbing Ltd"), "\(a)")
        let aug = screen(db, #"/ "aug" wait:400ms"#).joined(separator: "\n")
        #expect(aug.contains("Ada Lovelace") && !aug.contains("Ørsted"), "\(aug)")
        let harbour = screen(db, #"/ "harbour" wait:400ms"#).joined(separator: "\n")
        #expect(harbour.contains("Met at the harbour"), "\(harbour)")
    }

    @Test func theCardShowsTheFormattedNameAndTheNamesParts() {
        let folder = InterchangeFolder("card-names-card")
        let db = imported(folder)
        let card = screen(db, #"/ "ada" wait:400ms Enter Enter wait:400ms"#).joined(separator: "\n")
        #expect(card.contains("Ada Lovelace"), "\(card)")
        #expect(card.contains("Ada Augusta Lovelace"), "the name's parts on the card: \(card)")
        let smith = screen(db, #"/ "smith" wait:400ms Enter Enter wait:400ms"#).joined(separator: "\n")
        #expect(smith.contains("Dr. John Quincy, Adams Smith Jr., Esq."), "\(smith)")
    }

    @Test func theFriendsPopupShowsTheFormattedNameAndTheCompany() {
        let folder = InterchangeFolder("card-names-friends")
        let db = imported(folder)
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s F wait:1s"])
        #expect(run.output.contains("Ada Lovelace") && run.output.contains("Ørsted A/S"), "\(run.output)")
        #expect(!run.output.contains("Augusta"))
    }

    @Test func anEditIsLoggedUnderTheNameShown() {
        let folder = InterchangeFolder("card-names-feed")
        let db = imported(folder)
        // Edit Ada's title (16 Tabs from the first name: past the names, three phones and three e-mails with their labels, the company), save, then the activity feed.
        let keys = #"/ "lovelace" wait:400ms Enter e wait:400ms "# + Array(repeating: "Tab", count: 16).joined(separator: " ")
            + #" "Countess" C-s wait:400ms Esc wait:400ms Esc wait:400ms Esc wait:400ms C-t wait:1s"#
        let feed = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s " + keys]).output
        #expect(feed.contains("Contact edited · Ada Lovelace"), "\(feed)")
        #expect(!feed.contains("Augusta"), "\(feed)")
        let export = runSwitchboard(["export", "--db", db]).output
        #expect(export.contains("TITLE:Countess\r\n") && export.contains("FN:Ada Lovelace\r\n") && export.contains("N:Lovelace;Ada;Augusta;;\r\n"), "\(export)")
    }

    @Test func queryAnswersMailClientsWithTheFormattedName() {
        let folder = InterchangeFolder("card-names-query")
        let db = imported(folder)
        let ada = runSwitchboard(["query", "ada", "--db", db]).output
        #expect(ada.contains("ada@example.org\tAda Lovelace\t"), "\(ada)")
        let hiroshi = runSwitchboard(["query", "hiroshi", "--db", db]).output
        #expect(hiroshi.contains("hiroshi@example.jp\t中村 博\t"), "\(hiroshi)")
        let acme = runSwitchboard(["query", "office", "--db", db]).output
        #expect(acme.contains("office@acme.example\tAcme Plumbing Ltd\t"), "\(acme)")
    }

    @Test func exportsKeepTheMiddleNameAndBothSuffixes() {
        let folder = InterchangeFolder("card-names-export")
        let db = imported(folder)
        let vcard = runSwitchboard(["export", "--db", db]).output
        for line in ["FN:Ada Lovelace\r\n", "N:Lovelace;Ada;Augusta;;\r\n", "FN:中村 博\r\n", "FN:Acme Plumbing Ltd\r\n", "N:Ltd;Acme Plumbing;;;\r\n",
                     "KIND:org\r\n", "FN:Ørsted A/S\r\n", "N:Smith;John;Quincy,Adams;Dr.;Jr.,Esq.\r\n", "NOTE:Met at the harbour\\nsecond line\r\n",
                     "UID:urn:uuid:only-a-uid\r\n"] {
            #expect(vcard.contains(line), "\(line): \(vcard)")
        }
        let csv = runSwitchboard(["export", "--format", "csv", "--db", db]).output
        let lines = csv.split(separator: "\r\n").map(String.init)
        let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) ?? []
        let middle = header.firstIndex { $0.hasSuffix("Middle Name") }
        let ada = lines.first { $0.contains("ada@example.org") }?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) ?? []
        #expect(middle.map { ada.count > $0 && ada[$0] == "Augusta" } == true, "\(csv)")
        // Read back from the CSV, the middle name is the middle name again, not part of the first name.
        folder.write("back.csv", csv)
        let fresh = folder.dataFile("fresh.sqlite3")
        _ = runSwitchboard(["import", folder.file("back.csv"), "--db", fresh])
        let again = runSwitchboard(["export", "--db", fresh]).output
        #expect(again.contains("N:Lovelace;Ada;Augusta;;\r\n"), "\(again)")
    }
}

/// Issue 36: a kept card's property names are written as its file spelled them, byte for byte.
@MainActor
@Suite("Property names keep their case", .serialized)
struct PropertyNameCaseTests {
    static let card = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:mixed-case\r
    N:Hopper;Grace;;;\r
    Fn:Grace Hopper\r
    item1.Email;type=INTERNET:grace@navy.mil\r
    item1.X-ABLabel:Navy\r
    Tel;type=CELL:+1 555 0199\r
    X-abc:kept as written\r
    x-Phonetic-First-Name:GRAY-s\r
    END:VCARD\r

    """

    @Test func exportsWriteTheNamesAsTheFileSpelledThem() {
        let folder = InterchangeFolder("name-case")
        let db = folder.dataFile("case.sqlite3")
        folder.write("case.vcf", Self.card)
        #expect(runSwitchboard(["import", folder.file("case.vcf"), "--db", db]).output.contains("imported 1"))
        for format in ["vcard", "vcard3"] {
            let export = runSwitchboard(["export", "--format", format, "--db", db]).output
            for line in ["Fn:Grace Hopper\r\n", "item1.Email;", "item1.X-ABLabel:Navy\r\n", "Tel;", "X-abc:kept as written\r\n",
                         "x-Phonetic-First-Name:GRAY-s\r\n"] {
                #expect(export.contains(line), "\(format): \(line) in \(export)")
            }
        }
        // An edit (the friend flag) rewrites only what it changed; the names stay as written.
        let edited = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s f wait:400ms"])
        #expect(edited.code == 0)
        let export = runSwitchboard(["export", "--db", db]).output
        #expect(export.contains("CATEGORIES:friends\r\n") && export.contains("X-abc:kept as written\r\n") && export.contains("item1.Email;"), "\(export)")
    }
}
