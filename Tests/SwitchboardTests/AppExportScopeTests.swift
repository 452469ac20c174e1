import Testing
@testable import switchboard

/// Export… of the current search or of the contact selected (issue 39): from the contacts list,
/// `x` with a search writes what the search found; `X` writes the contact selected — the same
/// export job and file as every contact's, headless on the virtual screen.
@MainActor
@Suite("App: Export… of a search or a selection", .serialized)
struct AppExportScopeTests {
    static let cards = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEMAIL:ada@analytical.example\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Byron\r\nN:Byron;Ada;;;\r\nEMAIL:ada@byron.example\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nEMAIL:grace@navy.example\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Alan Turing\r\nN:Turing;Alan;;;\r\nEMAIL:alan@bletchley.example\r\nEND:VCARD\r

        """

    func setUp(_ name: String) -> (InterchangeFolder, String) {
        let folder = InterchangeFolder(name)
        let db = folder.dataFile("data.sqlite3")
        folder.write("people.vcf", Self.cards)
        #expect(runSwitchboard(["import", folder.file("people.vcf"), "--db", db]).code == 0)
        return (folder, db)
    }

    func screen(_ db: String, _ keys: String) -> String {
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s " + keys])
        #expect(run.code == 0, "\(run.errors)")
        return run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func xWithASearchExportsWhatItFound() {
        let (folder, db) = setUp("export-search")
        let file = folder.file("adas.vcf")
        let searched = screen(db, #"/ "ada" wait:400ms Enter"#) // on the list, the hints name it
        #expect(searched.contains("x Export found"), "\(searched)")
        let shown = screen(db, #"/ "ada" wait:400ms Enter x wait:400ms"#)
        #expect(shown.contains("The contacts matching “ada”: the file to write"), "\(shown)")
        let done = screen(db, #"/ "ada" wait:400ms Enter x wait:400ms "\#(file)" Enter wait:500ms"#)
        #expect(done.contains("Exported 2 contacts to \(file)."), "\(done)")
        let written = folder.read("adas.vcf") ?? ""
        #expect(written.contains("FN:Ada Byron") && written.contains("FN:Ada Lovelace"), "\(written)")
        #expect(!written.contains("Grace") && !written.contains("Turing"))
    }

    @Test func bigXExportsTheContactSelectedAndXWithoutASearchEveryContact() {
        let (folder, db) = setUp("export-selection")
        let one = folder.file("one.vcf"), all = folder.file("all.vcf")
        // The list: Byron, Hopper, Lovelace, Turing; Down Down selects Ada Lovelace.
        let done = screen(db, #"Down Down X wait:400ms "\#(one)" Enter wait:500ms"#)
        #expect(done.contains("The contact selected: the file to write"), "\(done)")
        #expect(done.contains("Exported 1 contact") , "\(done)")
        let written = folder.read("one.vcf") ?? ""
        #expect(written.contains("FN:Ada Lovelace") && !written.contains("Byron") && !written.contains("Hopper"), "\(written)")
        let everything = screen(db, #"x wait:400ms "\#(all)" Enter wait:500ms"#)
        #expect(everything.contains("Every contact: the file to write") && everything.contains("Exported 4 contacts"), "\(everything)")
        // The list's help is longer than 30 rows since marking (issue 51): it scrolls, and X is in it.
        let help = ["?", "? PgDn", "? End"].map { screen(db, $0) }
        #expect(help.contains { $0.contains("Export this contact") }, "\(help)")
    }
}
