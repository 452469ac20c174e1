import Testing
@testable import switchboard

/// Issue 51: import keeps to the form's limit on names (it took 304 characters): a card whose
/// name is too long is not imported, and the summary says which name, how long, and the limit.
@MainActor
@Suite("Import: a name over the form's limit")
struct NameLimitAtImportTests {
    @Test func aThreeHundredFourCharacterNameIsRefusedSayingWhy() {
        let folder = InterchangeFolder("name-limit")
        let db = folder.dataFile("data.sqlite3")
        let long = String(repeating: "x", count: 304)
        folder.write("cards.vcf", """
            BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r
            BEGIN:VCARD\r\nVERSION:3.0\r\nN:\(long);Grace;;;\r\nEND:VCARD\r

            """)
        let run = runSwitchboard(["import", folder.file("cards.vcf"), "--db", db])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(folder.file("cards.vcf") + ": imported 1, updated 0, skipped 1"), "\(lines)")
        #expect(lines.contains { $0.contains("the last name has 304 characters, at most 80 are taken (as in the app's form); the card was not imported") },
                "\(lines)")
        #expect(!runSwitchboard(["query", "xxxx", "--db", db]).output.contains("Grace"))
    }
}
