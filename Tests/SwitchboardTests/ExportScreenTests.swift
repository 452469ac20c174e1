import Testing
@testable import switchboard
#if canImport(Glibc)
import Glibc
#endif

/// Export… as a person meets it (issue 39, item 7): the path field starts empty, a file that is
/// there is replaced only when asked, a failed write says it could not write and never "Done.",
/// and the screen speaks the app's words, not the command line's flags.
@MainActor
@Suite("App: Export… says what happened", .serialized)
struct ExportScreenTests {
    func screen(_ db: String, _ keys: String) -> String {
        let run = runSwitchboard(["--headless", "--db", db, "--size", "140x30", "--keys", "wait:1s C wait:1s " + keys])
        #expect(run.code == 0, "\(run.errors)")
        return run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func theFieldStartsEmptySoWhatIsTypedIsThePath() {
        let folder = InterchangeFolder("export-empty-field")
        let db = folder.dataFile("data.sqlite3")
        #expect(runSwitchboard(["populate", "--contacts", "3", "--db", db]).code == 0)
        let file = folder.file("all.vcf")
        let done = screen(db, #"x wait:400ms "\#(file)" Enter wait:500ms"#)          // no ^U first
        #expect(done.contains("Exported 3 contacts to \(file)."), "\(done)")
        #expect(folder.read("all.vcf")?.contains("BEGIN:VCARD") == true)
    }

    @Test func aFailedWriteSaysItCouldNotWriteAndNotDone() {
        let folder = InterchangeFolder("export-fails")
        let db = folder.dataFile("data.sqlite3")
        #expect(runSwitchboard(["populate", "--contacts", "3", "--db", db]).code == 0)
        let failed = screen(db, #"x wait:400ms "/no/such/folder/all.vcf" Enter wait:500ms"#)
        #expect(failed.contains("cannot write /no/such/folder/all.vcf"), "\(failed)")
        #expect(!failed.contains("cannot read"), "\(failed)")
        #expect(!failed.contains("Done."), "\(failed)")
        #expect(failed.contains("Not exported."), "\(failed)")
        // The command says the same.
        let command = runSwitchboard(["export", "--output", "/no/such/folder/all.vcf", "--db", db])
        #expect(command.code == 1)
        #expect(command.errors.contains("cannot write /no/such/folder/all.vcf"), "\(command.errors)")
    }

    @Test func aFileThatIsThereIsReplacedOnlyWhenAsked() {
        let folder = InterchangeFolder("export-replace")
        let db = folder.dataFile("data.sqlite3")
        #expect(runSwitchboard(["populate", "--contacts", "3", "--db", db]).code == 0)
        folder.write("mine.vcf", "my own notes\n")
        let file = folder.file("mine.vcf")
        let asked = screen(db, #"x wait:400ms "\#(file)" Enter wait:400ms"#)
        #expect(asked.contains("Replace the file?"), "\(asked)")
        _ = screen(db, #"x wait:400ms "\#(file)" Enter wait:400ms Enter wait:500ms"#)      // Cancel has the focus
        #expect(folder.read("mine.vcf") == "my own notes\n")
        let replaced = screen(db, #"x wait:400ms "\#(file)" Enter wait:400ms Left Enter wait:500ms"#)
        #expect(replaced.contains("Exported 3 contacts to \(file)."), "\(replaced)")
        #expect(folder.read("mine.vcf")?.contains("BEGIN:VCARD") == true)
    }

    @Test func aCSVExportLosingPhotosSaysSoInTheAppsWords() {
        let folder = InterchangeFolder("export-csv-note")
        let db = folder.dataFile("data.sqlite3")
        folder.write("photo.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nPHOTO:https://example.org/ada.jpg\r\nX-FAVOURITE:yes\r\nEND:VCARD\r\n")
        #expect(runSwitchboard(["import", folder.file("photo.vcf"), "--db", db]).code == 0)
        let out = folder.file("all.csv")
        let done = screen(db, #"x wait:400ms "\#(out)" Enter wait:500ms"#)
        #expect(done.contains("Exported 1 contact to \(out)."), "\(done)")
        #expect(done.contains("export to a .vcf file to keep them"), "\(done)")
        #expect(!done.contains("--format") && !done.contains("switchboard:"), "\(done)")
    }
}
