import Testing
@testable import switchboard
#if canImport(Glibc)
import Glibc
#endif

/// Import… and Export… on the contacts screen, end to end on the virtual screen (headless, the
/// virtual clock): the same files and summaries as the commands, a progress bar that moves, and
/// Esc leaving nothing half-written behind.
@MainActor
@Suite("App: Import… and Export…", .serialized)
struct AppTransferTests {
    static let toContacts = "wait:1s C wait:1s"

    func screen(_ db: String, _ keys: String, size: String = "140x30") -> String {
        let run = runSwitchboard(["--headless", "--db", db, "--size", size, "--keys", Self.toContacts + " " + keys])
        #expect(run.code == 0, "\(run.errors)")
        // The screen as the keys left it, its runs of spaces and line ends as one space (wrapped lines join).
        return run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    func count(_ db: String) -> Int {
        let out = runSwitchboard(["export", "--format", "csv", "--db", db]).output
        return max(0, out.split(separator: "\r\n").count - 1)
    }

    @Test func exportThenImportIntoAFreshFileGivesTheSameContacts() {
        let folder = InterchangeFolder("app-transfer")
        let source = folder.dataFile("source.sqlite3")
        #expect(runSwitchboard(["populate", "--contacts", "1200", "--db", source]).code == 0)
        let listed = screen(source, "")
        #expect(listed.contains("i Import") && listed.contains("x Export"), "\(listed)")
        let help = screen(source, "?")
        #expect(help.contains("Import") && help.contains("Export"), "\(help)")

        let file = folder.file("from-app.vcf")
        let exported = screen(source, #"x wait:400ms C-u "\#(file)" Enter wait:500ms"#) // ^U: away with the offered ~/contacts.vcf
        #expect(exported.contains("Exported 1200 contacts to \(file)."), "\(exported)")
        #expect(exported.contains("100%"))
        let byCommand = runSwitchboard(["export", "--db", source]).output
        #expect(folder.read("from-app.vcf") == byCommand)

        let fresh = folder.dataFile("fresh.sqlite3")
        let imported = screen(fresh, #"i wait:400ms "\#(file)" Enter wait:500ms"#)
        #expect(imported.contains("\(file): imported 1200, updated 0, skipped 0"), "\(imported)")
        #expect(runSwitchboard(["export", "--db", fresh]).output == byCommand)
        // Back on the list, the contacts are there.
        let back = screen(fresh, "")
        #expect(back.contains("Contacts (1,200)"), "\(back)") // issue 51: counts grouped
    }

    /// A summary longer than the screen (40 skipped cards) uses every row under the form and
    /// scrolls to its last line with the keys the hints name (issue 39, item 3).
    @Test func aLongSummaryScrollsToItsLastLine() {
        let folder = InterchangeFolder("app-long-summary")
        let db = folder.dataFile("data.sqlite3")
        // Cards with nothing in them (an empty N): a card with only a note would be kept.
        let cards = (1...40).map { _ in "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nEND:VCARD\r\n" }.joined()
        folder.write("bad.vcf", cards)
        let file = folder.file("bad.vcf")
        let keys = #"i wait:400ms "\#(file)" Enter wait:500ms"#
        let first = screen(db, keys, size: "100x30")
        #expect(first.contains("skipped 40"), "\(first)")
        // 21 rows under the form (the summary had 12): the paths wrap, two rows a line.
        #expect(first.components(separatedBy: "no name, e-mail or phone").count - 1 >= 9, "rows under the form are used: \(first)")
        #expect(!first.contains("bad.vcf:157:"), "\(first)")
        #expect(first.contains("↓ Scroll down") && first.contains("PgDn Page down"), "\(first)")
        let last = screen(db, keys + " " + Array(repeating: "PgDn", count: 8).joined(separator: " "), size: "100x30")
        #expect(last.contains("bad.vcf:157: no name, e-mail or phone"), "\(last)")
        let again = screen(db, keys + " PgDn PgDn PgUp PgUp", size: "100x30")
        #expect(again.contains("skipped 40"), "\(again)")
        let rowByRow = screen(db, keys + " " + Array(repeating: "Down", count: 100).joined(separator: " "), size: "100x30")
        #expect(rowByRow.contains("bad.vcf:157: no name, e-mail or phone"), "\(rowByRow)")
    }

    @Test func theBarMovesAndEscLeavesNothingHalfWritten() {
        let folder = InterchangeFolder("app-cancel")
        let source = folder.dataFile("source.sqlite3")
        #expect(runSwitchboard(["populate", "--contacts", "3000", "--db", source]).code == 0)
        let file = folder.file("cards.vcf")
        #expect(runSwitchboard(["export", "--output", file, "--db", source]).code == 0)

        // Two slices in (one each 30 ms), the bar is part way; Esc then rolls the file's transaction back.
        let fresh = folder.dataFile("fresh.sqlite3")
        let midway = screen(fresh, #"i wait:400ms "\#(file)" Enter wait:70ms"#)
        #expect(midway.contains("Importing… 2000 contacts so far. Esc cancels."), "\(midway)")
        #expect(!midway.contains("100%") && midway.contains("░"))
        let cancelled = screen(fresh, #"i wait:400ms "\#(file)" Enter wait:70ms Esc wait:100ms"#)
        #expect(cancelled.contains("Cancelled: nothing was imported."), "\(cancelled)")
        #expect(count(fresh) == 0)

        // The export's partial file goes too.
        let out = folder.file("out.vcf")
        let stopped = screen(source, #"x wait:400ms C-u "\#(out)" Enter wait:40ms Esc wait:100ms"#)
        #expect(stopped.contains("Cancelled: no file was written."), "\(stopped)")
        #expect(folder.read("out.vcf") == nil)
        #expect(system("ls '\(folder.path)' | grep -q partial") != 0)

        // A file that is not there: the command's message, nothing else.
        let missing = screen(fresh, #"i wait:400ms "\#(folder.file("nope.vcf"))" Enter wait:100ms"#)
        #expect(missing.contains("nothing was imported from it"), "\(missing)")
    }
}
