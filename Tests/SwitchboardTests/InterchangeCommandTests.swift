import TestSupport
import Testing
@testable import switchboard
@testable import Interchange
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of its own (a `TempFolder`) with a signed-up "ada" data file, removed at the end.
final class InterchangeFolder {
    private let folder: TempFolder
    var path: String { folder.path }
    init(_ name: String) { folder = TempFolder(name) }
    func file(_ name: String) -> String { folder.file(name) }
    func write(_ name: String, _ text: String) {
        let f = fopen(file(name), "wb")!
        var t = text
        t.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
    func write(_ name: String, bytes: [UInt8]) {
        let f = fopen(file(name), "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
    func read(_ name: String) -> String? {
        guard let f = fopen(file(name), "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, f) }
            if n == 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    /// A data file with the account "ada" signed in.
    @MainActor func dataFile(_ name: String) -> String {
        let db = file(name)
        let signUp = runSwitchboard(["--headless", "--db", db, "--keys", #"wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms"#])
        #expect(signUp.code == 0)
        return db
    }
}

@MainActor
@Suite("import, export, query")
struct InterchangeCommandTests {
    static let cards = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:grace-1\r
    N:Hopper;Grace;;;\r
    FN:Grace Hopper\r
    EMAIL:grace@navy.mil\r
    EMAIL:g@example.org\r
    TEL;TYPE=CELL:+1 555 0199\r
    ADR;TYPE=WORK:;;1 Navy Way;Arlington;VA;22202;USA\r
    BDAY:1906-12-09\r
    NICKNAME:Amazing Grace\r
    TITLE:Rear Admiral\r
    ORG:US Navy;Computing\r
    URL:https://navy.mil\r
    URL:https://example.org/grace\r
    NOTE:COBOL\\, compilers\\nand more\r
    CATEGORIES:Friends,Navy\r
    PHOTO;ENCODING=b;TYPE=JPEG:AAAA\r
    X-JABBER:grace@jabber.org\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    this line is broken\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:4.0\r
    UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1\r
    FN:Ada Lovelace\r
    N:Lovelace;Ada;;;\r
    EMAIL:ada@example.org\r
    BDAY:--1210\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:;;;;\r
    END:VCARD\r

    """

    @Test func aBadByteOrAnOddLineCostsOnlyItsLineAndUTF16FilesAreRead() throws {
        let folder = InterchangeFolder("interchange-bytes")
        let db = folder.dataFile("a.sqlite3")
        // A KAddressBook card with a stray windows-1252 byte in a UTF-8 file, and an odd line.
        let kde = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ren".utf8) + [0xE9] + Array("e Durand\r\n".utf8)
            + Array("X-messaging/aim-All:renee42\r\nthis line is broken\r\nEMAIL:renee@example.fr\r\nEND:VCARD\r\n".utf8)
        folder.write("kde.vcf", bytes: kde)
        // A UTF-16 export without a BOM.
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Иван Петров\r\nEMAIL:ivan@example.ru\r\nEND:VCARD\r\n"
        folder.write("wide.vcf", bytes: Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let run = runSwitchboard(["import", folder.file("kde.vcf"), folder.file("wide.vcf"), "--db", db])
        #expect(run.code == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(folder.file("kde.vcf") + ": imported 1, updated 0, skipped 0"), "\(lines)")
        #expect(lines.contains(folder.file("kde.vcf") + ":3: the bytes are not valid UTF-8; read as windows-1252, check the text (the rest of the card was imported)"), "\(lines)")
        #expect(lines.contains(folder.file("kde.vcf") + ":5: not a vCard line (no ':' after the name): this line is broken (the rest of the card was imported)"), "\(lines)")
        #expect(lines.contains(folder.file("wide.vcf") + ": imported 1, updated 0, skipped 0"), "\(lines)")
        let query = runSwitchboard(["query", "example", "--db", db])
        #expect(query.output.contains("renee@example.fr\tRenée Durand"), "\(query.output)")
        #expect(query.output.contains("ivan@example.ru\tИван Петров"), "\(query.output)")
        let exported = runSwitchboard(["export", "--db", db])
        #expect(exported.output.contains("IMPP:aim:renee42\r\n"))
    }

    @Test func thunderbirdCSVAndLDIFAndASemicolonCSVAreImportedAndFound() throws {
        let folder = InterchangeFolder("interchange-tb")
        let db = folder.dataFile("a.sqlite3")
        folder.write("tb.csv", "First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email,Screen Name,Work Phone,Home Phone,Fax Number,Pager Number,Mobile Number,Home Address,Home Address 2,Home City,Home State,Home ZipCode,Home Country,Work Address,Work Address 2,Work City,Work State,Work ZipCode,Work Country,Job Title,Department,Organization,Web Page 1,Web Page 2,Birth Year,Birth Month,Birth Day,Custom 1,Custom 2,Custom 3,Custom 4,Notes,\r\n"
                     + "Ada,Lovelace,Ada Lovelace,,ada@example.org,,,,,,,+44 7700 900000,,,London,,,UK,,,,,,,,,Analytical Engines,,,1815,12,10,,,,,,\r\n")
        folder.write("tb.ldif", "dn: cn=Grace Hopper,mail=grace@navy.mil\nobjectclass: top\nobjectclass: person\ncn: Grace Hopper\ngivenName: Grace\nsn: Hopper\nmail: grace@navy.mil\n\n"
                     + "dn: cn=Team\nobjectclass: groupOfNames\ncn: Team\n\n")
        folder.write("excel.csv", "First Name;Last Name;E-mail Address\r\nJürgen;Müller;jm@example.de\r\n\"Broken;Row;x@example.org\r\nErika;Musterfrau;erika@example.de\r\n")
        // A quote left open that a later row's quote would close: the rows between are read, each open quote costs its row.
        folder.write("closed-later.csv", "First Name,Last Name,E-mail Address\nAda,Lovelace,\"ada@example.org\nBob,Smith,bob@example.org\n"
                     + "Carl,Jones,carl@example.org,\"\nEve,Adams,eve@example.org\n")
        let run = runSwitchboard(["import", folder.file("tb.csv"), folder.file("tb.ldif"), folder.file("excel.csv"), folder.file("closed-later.csv"), "--db", db])
        #expect(run.code == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(folder.file("tb.csv") + ": imported 1, updated 0, skipped 0"), "\(lines)")
        #expect(lines.contains(folder.file("tb.ldif") + ": imported 1, updated 0, skipped 1"), "\(lines)")
        #expect(lines.contains(folder.file("tb.ldif") + ":9: a group or mailing list, not a person: not imported as a contact"), "\(lines)")
        #expect(lines.contains(folder.file("excel.csv") + ": imported 2, updated 0, skipped 1"), "\(lines)")
        #expect(lines.contains(folder.file("excel.csv") + ":3: a quoted CSV field is never closed; this row was skipped, the rows after it were read"), "\(lines)")
        #expect(lines.contains(folder.file("closed-later.csv") + ": imported 2, updated 0, skipped 2"), "\(lines)")
        #expect(lines.contains(folder.file("closed-later.csv") + ":2: a quoted CSV field is never closed; this row was skipped, the rows after it were read"), "\(lines)")
        #expect(lines.contains(folder.file("closed-later.csv") + ":4: a quoted CSV field is never closed; this row was skipped, the rows after it were read"), "\(lines)")
        let query = runSwitchboard(["query", "example", "--db", db])
        #expect(query.output.contains("bob@example.org\tBob Smith") && query.output.contains("eve@example.org\tEve Adams"), "\(query.output)")
        #expect(query.output.contains("ada@example.org\tAda Lovelace\tAnalytical Engines"), "\(query.output)")
        #expect(query.output.contains("jm@example.de\tJürgen Müller"), "\(query.output)")
        #expect(query.output.contains("erika@example.de\tErika Musterfrau"), "\(query.output)")
        #expect(runSwitchboard(["query", "navy", "--db", db]).output.contains("grace@navy.mil\tGrace Hopper"))
    }

    /// Excel's CSV in Russian and Polish: no BOM, no charset; read in the charset its letters
    /// fit, found by e-mail, and the import says which charset it took.
    @Test func excelCSVInWindows1251And1250IsReadAndSaysSo() throws {
        let folder = InterchangeFolder("interchange-1251")
        let db = folder.dataFile("a.sqlite3")
        let header = "Имя;Фамилия;First Name;Last Name;E-mail Address;Company\r\n"
        folder.write("ru.csv", bytes: Array((header + ";;Иван;Петров;ivan@example.ru;Газпром\r\n").data(using: .windowsCP1251)!))
        folder.write("pl.csv", bytes: Array("First Name;Last Name;E-mail Address;Company\r\nMichał;Wałęsa;lech@example.pl;Stocznia Gdańska\r\n".data(using: .windowsCP1250)!))
        let run = runSwitchboard(["import", folder.file("ru.csv"), folder.file("pl.csv"), "--db", db])
        #expect(run.code == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(folder.file("ru.csv") + ":1: not UTF-8 and no charset given; read as windows-1251, the charset its letters fit best: check the names"), "\(lines)")
        #expect(lines.contains(folder.file("pl.csv") + ":2: not UTF-8 and no charset given; read as windows-1250, the charset its letters fit best: check the names"), "\(lines)")
        let query = runSwitchboard(["query", "example", "--db", db])
        #expect(query.output.contains("ivan@example.ru\tИван Петров\tГазпром"), "\(query.output)")
        #expect(query.output.contains("lech@example.pl\tMichał Wałęsa\tStocznia Gdańska"), "\(query.output)")
    }

    @Test func anIPhoneCardsLabelsCategoriesAndBirthdayComeBackAsWrittenAndGroupsAreNotPeople() throws {
        let folder = InterchangeFolder("interchange-iphone")
        let db = folder.dataFile("a.sqlite3")
        folder.write("iphone.vcf", """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Appleseed;Johnny;;;\r
        FN:Johnny Appleseed\r
        EMAIL;type=INTERNET;type=HOME;type=pref:johnny@example.com\r
        item1.TEL;type=pref:+1 555 0100\r
        item1.X-ABLabel:_$!<AssistantPhone>!$_\r
        TEL;type=IPHONE;type=CELL;type=VOICE:+1 555 0101\r
        URL;type=HOME:https://johnny.example.com\r
        item2.URL:https://blog.example.com\r
        item2.X-ABLabel:_$!<HomePage>!$_\r
        BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12\r
        CATEGORIES:Friend,Golf Club\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Golf Club\r
        FN:Golf Club\r
        X-ADDRESSBOOKSERVER-KIND:group\r
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0b6e1a04\r
        END:VCARD\r

        """)
        let run = runSwitchboard(["import", folder.file("iphone.vcf"), "--db", db])
        let lines = run.output.split(separator: "\n").map(String.init)
        // The group card is not a person: kept whole as a group, and exported back as it came.
        #expect(lines.contains(folder.file("iphone.vcf") + ": imported 1, updated 0, skipped 0, kept 1 group card as they came (groups, not people)"), "\(lines)")
        #expect(runSwitchboard(["export", "--format", "csv", "--db", db]).output.split(separator: "\r\n").count == 2) // one person, no group row
        let withGroup = runSwitchboard(["export", "--db", db]).output
        #expect(withGroup.components(separatedBy: "BEGIN:VCARD").count - 1 == 2, "\(withGroup)")
        for line in ["N:Golf Club\r\nFN:Golf Club\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0b6e1a04\r\nEND:VCARD\r\n"] {
            #expect(withGroup.contains(line), "\(line) in \(withGroup)")
        }
        // Imported again, the group is the same group (by its UID, or as it came), not a second one.
        _ = runSwitchboard(["import", folder.file("iphone.vcf"), "--db", db])
        #expect(runSwitchboard(["export", "--db", db]).output.components(separatedBy: "BEGIN:VCARD").count - 1 == 2)
        let three = runSwitchboard(["export", "--format", "vcard3", "--db", db]).output
        // The card as it came (property names as the file spelled them, byte for byte; parameter names in capitals).
        for line in ["item1.X-ABLabel:_$!<AssistantPhone>!$_\r\n", "TEL;TYPE=IPHONE;TYPE=CELL;TYPE=VOICE:+1 555 0101\r\n", "CATEGORIES:Friend,Golf Club\r\n",
                     "BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12\r\n", "item2.URL:https://blog.example.com\r\nitem2.X-ABLabel:_$!<HomePage>!$_\r\n"] {
            #expect(three.contains(line), "\(line) in \(three)")
        }
        let four = runSwitchboard(["export", "--db", db]).output
        #expect(four.contains("BDAY:--0412\r\n"))
    }

    @Test func theSameContactTwiceInOneFileIsMergedNotReplaced() throws {
        let folder = InterchangeFolder("interchange-dup")
        let db = folder.dataFile("a.sqlite3")
        // Google's CSV with a person twice (a work phone only in the second row) and abook's
        // addressbook with a second e-mail in a second entry of the same person.
        folder.write("google.csv", "Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value\r\n"
                     + "Ada Lovelace,Ada,Lovelace,* Home,ada@example.org,Mobile,+44 7700 900000\r\n"
                     + "Grace Hopper,Grace,Hopper,,grace@navy.mil,,\r\n"
                     + "Ada Lovelace,Ada,Lovelace,Home,ada@example.org,Work,+44 20 7946 0001\r\n")
        folder.write("addressbook", "# abook addressbook file\n\n[format]\nprogram=abook\nversion=0.6.1\n\n[0]\nname=Charles Babbage\nemail=charles@example.org\n\n"
                     + "[1]\nname=Charles Babbage\nemail=charles@example.org,cb@engines.example\nmobile=555 0101\n")
        let run = runSwitchboard(["import", folder.file("google.csv"), folder.file("addressbook"), "--db", db])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(folder.file("google.csv") + ": imported 2, updated 0, skipped 0, merged 1 (the same contact again in the file)"), "\(lines)")
        #expect(lines.contains(folder.file("addressbook") + ": imported 1, updated 0, skipped 0, merged 1 (the same contact again in the file)"), "\(lines)")
        let exported = runSwitchboard(["export", "--db", db]).output
        #expect(exported.contains("TEL;TYPE=cell;VALUE=text:+44 7700 900000\r\n"), "\(exported)")
        #expect(exported.contains("TEL;TYPE=work;VALUE=text:+44 20 7946 0001\r\n"), "\(exported)")
        #expect(exported.contains("EMAIL:cb@engines.example\r\n"), "\(exported)")
        #expect(exported.components(separatedBy: "FN:Ada Lovelace").count == 2)
        // The second import of the same files updates, as before.
        let again = runSwitchboard(["import", folder.file("google.csv"), "--db", db])
        #expect(again.output.hasPrefix(folder.file("google.csv") + ": imported 0, updated 2, skipped 0, merged 1"), "\(again.output)")
    }

    @Test func exportFilesAreTheOwnersAloneAndCSVStartsWithABOM() throws {
        let folder = InterchangeFolder("interchange-mode")
        let db = folder.dataFile("a.sqlite3")
        folder.write("in.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Müller\r\nEMAIL:zoe@example.org\r\nEND:VCARD\r\n")
        _ = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        let previous = umask(0o022)
        defer { umask(previous) }
        for (name, format) in [("out.csv", "csv"), ("out.vcf", "vcard")] {
            let run = runSwitchboard(["export", "--format", format, "--output", folder.file(name), "--db", db])
            #expect(run.code == 0, "\(run.errors)")
            var info = stat()
            #expect(stat(folder.file(name), &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600, "\(name): \(String(info.st_mode & 0o777, radix: 8))")
        }
        let csv = try #require(folder.read("out.csv"))
        #expect(csv.unicodeScalars.first == "\u{FEFF}")
        #expect(csv.contains("Zoë Müller"))
        // And it reads back.
        let db2 = folder.dataFile("b.sqlite3")
        let back = runSwitchboard(["import", folder.file("out.csv"), "--db", db2])
        #expect(back.output.hasPrefix(folder.file("out.csv") + ": imported 1, updated 0, skipped 0"), "\(back.output)")
    }

    @Test func aFileInAnotherCharsetThanItSaysShowsTheFirstLinesAndCountsTheRest() throws {
        let folder = InterchangeFolder("interchange-many")
        let db = folder.dataFile("a.sqlite3")
        var bytes: [UInt8] = []
        for i in 0..<30 {
            bytes += Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Andr".utf8) + [0xE9] + Array(" \(i)\r\nEND:VCARD\r\n".utf8)
        }
        folder.write("latin.vcf", bytes: bytes)
        let run = runSwitchboard(["import", folder.file("latin.vcf"), "--db", db])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == folder.file("latin.vcf") + ": imported 30, updated 0, skipped 0")
        #expect(lines.filter { $0.hasSuffix("(the rest of the card was imported)") }.count == 20)
        #expect(lines.contains(folder.file("latin.vcf") + ": and 10 more lines like these (the rest of their cards was imported)"), "\(lines)")
        #expect(runSwitchboard(["export", "--db", db]).output.contains("FN:André 29\r\n"))
    }

    @Test func importTwiceUpdatesExportImportsIntoAFreshFileTheSame() throws {
        let folder = InterchangeFolder("interchange")
        let db = folder.dataFile("a.sqlite3")
        folder.write("in.vcf", Self.cards)
        let first = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        #expect(first.code == 0, "\(first.errors)")
        let lines = first.output.split(separator: "\n").map(String.init)
        #expect(lines.first == folder.file("in.vcf") + ": imported 2, updated 0, skipped 2")
        #expect(lines.contains(folder.file("in.vcf") + ":23: not a vCard line (no ':' after the name): this line is broken"))
        #expect(lines.contains(folder.file("in.vcf") + ":33: no name, e-mail or phone"))
        let second = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        #expect(second.output.hasPrefix(folder.file("in.vcf") + ": imported 0, updated 2, skipped 2"))

        let exported = runSwitchboard(["export", "--db", db])
        #expect(exported.code == 0)
        let text = exported.output
        for line in ["UID:grace-1\r\n", "NICKNAME:Amazing Grace\r\n", "TITLE:Rear Admiral\r\n", "ORG:US Navy;Computing\r\n",
                     "ADR;TYPE=WORK:;;1 Navy Way;", "BDAY:1906-12-09\r\n", "URL:https://navy.mil\r\n", "URL:https://example.org/grace\r\n",
                     "NOTE:COBOL\\, compilers\\nand more\r\n", "CATEGORIES:Friends,Navy\r\n", "PHOTO:data:image/jpeg;base64,AAAA\r\n",
                     "X-JABBER:grace@jabber.org\r\n", "BDAY:--1210\r\n", "EMAIL:g@example.org\r\n"] {
            #expect(text.contains(line), "\(line)")
        }
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })

        // A new user's check: export to a file, import into a fresh data file, the same contacts.
        let out = runSwitchboard(["export", "--output", folder.file("out.vcf"), "--db", db])
        #expect(out.code == 0 && out.errors.contains("Exported 2 contacts"))
        let fresh = folder.dataFile("b.sqlite3")
        let back = runSwitchboard(["import", folder.file("out.vcf"), "--db", fresh])
        #expect(back.output.hasPrefix(folder.file("out.vcf") + ": imported 2, updated 0, skipped 0"))
        #expect(runSwitchboard(["export", "--db", fresh]).output == text)
        for format in ["vcard3", "csv"] {
            let other = runSwitchboard(["export", "--format", format, "--output", folder.file("out.\(format)"), "--db", db])
            #expect(other.code == 0)
            let again = folder.dataFile("\(format).sqlite3")
            _ = runSwitchboard(["import", folder.file("out.\(format)"), "--db", again])
            let fromThere = runSwitchboard(["export", "--db", again]).output
            if format == "csv" {
                // CSV has no column for the photo and the X- property: the names, e-mails and phones come back.
                #expect(Self.people(fromThere) == Self.people(text), "\(format)")
                #expect(!fromThere.contains("PHOTO") && !fromThere.contains("X-JABBER"))
            } else {
                // The 3.0 export read back is that card, written as 4.0 (REV aside: written afresh where it differs).
                #expect(Self.people(fromThere) == Self.people(text), "\(format)")
                for line in ["PHOTO:data:image/jpeg;base64,AAAA\r\n", "X-JABBER:grace@jabber.org\r\n", "NOTE:COBOL\\, compilers\\nand more\r\n"] {
                    #expect(fromThere.contains(line), "\(format): \(line)")
                }
            }
        }
    }

    /// Google's CSV and abook's vCards carry no UID: a second import finds each contact by name
    /// and first e-mail (else first phone, else name alone) and updates it.
    @Test func filesWithoutUIDsUpdateOnTheSecondImport() {
        let folder = InterchangeFolder("no-uid")
        let db = folder.dataFile("n.sqlite3")
        folder.write("google.csv", """
            First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Notes\r
            Grace,Hopper,* Work,grace@navy.mil,Mobile,+1 555 0199,first\r
            Ada,Lovelace,,,Home,020 7946 0001,\r
            Alan,Turing,,,,,\r

            """)
        folder.write("abook.vcf", "BEGIN:VCARD\r\nFN:Søren Kierkegaard\r\nN:Kierkegaard;Søren;;;\r\nEMAIL:soren@example.dk\r\nEND:VCARD\r\n")
        let first = runSwitchboard(["import", folder.file("google.csv"), folder.file("abook.vcf"), "--db", db])
        #expect(first.output.contains(folder.file("google.csv") + ": imported 3, updated 0, skipped 0"), "\(first.output)")
        #expect(first.output.contains(folder.file("abook.vcf") + ": imported 1, updated 0, skipped 0"))
        folder.write("google.csv", (folder.read("google.csv") ?? "").replacingOccurrences(",first", ",second"))
        let second = runSwitchboard(["import", folder.file("google.csv"), folder.file("abook.vcf"), "--db", db])
        #expect(second.output.contains(folder.file("google.csv") + ": imported 0, updated 3, skipped 0"), "\(second.output)")
        #expect(second.output.contains(folder.file("abook.vcf") + ": imported 0, updated 1, skipped 0"))
        let exported = runSwitchboard(["export", "--format", "csv", "--db", db]).output
        #expect(exported.split(separator: "\r\n").count == 5) // the header and four contacts
        #expect(exported.contains("second") && !exported.contains("first"))
    }

    /// Name prefixes and suffixes, e-mail labels and the preferred e-mail and phone are kept
    /// (migration 10): through vCard 4.0, 3.0 and CSV and back, and none is "not kept".
    @Test func prefixesSuffixesLabelsAndPreferencesSurviveEveryFormat() {
        let folder = InterchangeFolder("labels")
        let db = folder.dataFile("l.sqlite3")
        folder.write("in.vcf", """
            BEGIN:VCARD\r
            VERSION:3.0\r
            UID:grace-1\r
            N:Hopper;Grace;Brewster;Rear Adm.;PhD\r
            FN:Rear Adm. Grace Brewster Hopper PhD\r
            EMAIL;TYPE=INTERNET,WORK:grace@navy.mil\r
            EMAIL;TYPE=home;TYPE=pref:grace@example.org\r
            EMAIL:g@example.net\r
            TEL;TYPE=CELL:+1 555 0199\r
            TEL;TYPE=WORK,PREF:+1 555 0100\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1\r
            FN:Ada, Countess of Lovelace\r
            N:Lovelace;Ada;;Lady;Countess of Lovelace\r
            EMAIL;PREF=1:ada@example.org\r
            EMAIL;TYPE=work:ada@analytical.example\r
            TEL;VALUE=uri;PREF=1;TYPE=home:tel:+44-20-7946-0001\r
            END:VCARD\r

            """)
        let imported = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        #expect(imported.output == folder.file("in.vcf") + ": imported 2, updated 0, skipped 0\n", "\(imported.output)")
        let v4 = runSwitchboard(["export", "--db", db]).output
        // Each card as it came (N's five parts apart, parameters as written), in 4.0's form where 3.0's differs (PREF=1).
        for line in ["N:Hopper;Grace;Brewster;Rear Adm.;PhD\r\n", "FN:Rear Adm. Grace Brewster Hopper PhD\r\n",
                     "EMAIL;TYPE=INTERNET,WORK:grace@navy.mil\r\n", "EMAIL;TYPE=home;PREF=1:grace@example.org\r\n", "EMAIL:g@example.net\r\n",
                     "TEL;TYPE=WORK;PREF=1:+1 555 0100\r\n", "TEL;VALUE=uri;PREF=1;TYPE=home:tel:+44-20-7946-0001\r\n", "N:Lovelace;Ada;;Lady;Countess of Lovelace\r\n",
                     "EMAIL;PREF=1:ada@example.org\r\n", "EMAIL;TYPE=work:ada@analytical.example\r\n"] {
            #expect(v4.contains(line), "\(line) in \(v4)")
        }
        let v3 = runSwitchboard(["export", "--format", "vcard3", "--db", db]).output
        #expect(v3.contains("EMAIL;TYPE=home,pref:grace@example.org\r\n") || v3.contains("EMAIL;TYPE=home;TYPE=pref:grace@example.org\r\n"), "\(v3)")
        for format in ["vcard", "vcard3", "csv"] {
            _ = runSwitchboard(["export", "--format", format, "--output", folder.file("out.\(format)"), "--db", db])
            let again = folder.dataFile("\(format).sqlite3")
            let back = runSwitchboard(["import", folder.file("out.\(format)"), "--db", again])
            #expect(!back.output.contains("not kept"), "\(format): \(back.output)")
            let fromThere = runSwitchboard(["export", "--db", again]).output
            if format == "vcard" {
                #expect(fromThere == v4)
            } else if format == "csv" {
                // CSV has no display-name column: FN comes back made from the name's parts.
                #expect(Self.people(fromThere).map { $0.dropFirst() } == Self.people(v4).map { $0.dropFirst() }, "\(format)")
            } else {
                // Parameters may come back in another order (3.0's TYPE=pref is 4.0's PREF=1): the same names, e-mails and phones.
                #expect(Self.people(fromThere) == Self.people(v4), "\(format)")
            }
        }
    }

    /// Each card's FN, and its e-mails and phones with their labels and preference.
    static func people(_ text: String) -> [[String]] {
        var reader = VCardReader(bytes: Array(text.utf8))
        return ((try? reader.readAll()) ?? []).compactMap { item -> [String]? in
            guard case .card(let card) = item else { return nil }
            let c = VCardDecoder.contact(from: card)
            return [c.formattedName] + (c.emails + c.phones).map { "\($0.label)|\($0.value)|\($0.isPreferred)" }
        }
    }

    @Test func queryAnswersMuttAndListsBirthdaysNextFirst() {
        let folder = InterchangeFolder("query")
        let db = folder.dataFile("q.sqlite3")
        folder.write("in.vcf", Self.cards)
        _ = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        let grace = runSwitchboard(["query", "hopper", "--db", db])
        #expect(grace.code == 0)
        #expect(grace.output == "Switchboard: 2 addresses for “hopper”\ngrace@navy.mil\tGrace Hopper\tUS Navy\ng@example.org\tGrace Hopper\tUS Navy\n")
        let none = runSwitchboard(["query", "nobody-here", "--db", db])
        #expect(none.code == 1)
        let birthdays = runSwitchboard(["query", "--birthdays", "--today", "2026-12-10", "--db", db])
        #expect(birthdays.output == "--12-10\tAda Lovelace\n1906-12-09\tGrace Hopper\n")
        let later = runSwitchboard(["query", "--birthdays", "--today", "2026-12-01", "--db", db])
        #expect(later.output == "1906-12-09\tGrace Hopper\n--12-10\tAda Lovelace\n")
    }

    @Test func nothingImportableIsExitOneAndUsageErrorsExitTwo() {
        let folder = InterchangeFolder("usage")
        let db = folder.dataFile("u.sqlite3")
        folder.write("notes.txt", "just some text\n")
        let notCards = runSwitchboard(["import", folder.file("notes.txt"), "--db", db])
        #expect(notCards.code == 1)
        #expect(notCards.errors.contains("not a vCard, CSV (with a header row), LDIF or abook file: its first line (line 1) is “just some text”: not BEGIN:VCARD, a CSV header with commas, semicolons or tabs, an LDIF dn: line or an abook section; nothing was imported from it"), "\(notCards.errors)")
        folder.write("numbers.csv", "Amount,Date\n12,2024-01-01\n")
        let notContacts = runSwitchboard(["import", folder.file("numbers.csv"), "--db", db])
        #expect(notContacts.code == 1)
        #expect(notContacts.errors.contains("none of the CSV header's columns (“Amount”, “Date”) is a name, e-mail, phone or address column Google, Outlook or Thunderbird write; nothing was imported from it"), "\(notContacts.errors)")
        folder.write("empty.vcf", "\n\n")
        #expect(runSwitchboard(["import", folder.file("empty.vcf"), "--db", db]).errors.contains("abook file: the file is empty; nothing"))
        #expect(runSwitchboard(["import", folder.file("missing.vcf"), "--db", db]).code == 1)
        #expect(runSwitchboard(["import", "--db", db]).code == 2)
        #expect(runSwitchboard(["export", "--format", "ldif", "--db", db]).errors.contains("--format 'ldif': expected vcard, vcard3 or csv"))
        #expect(runSwitchboard(["query", "--db", db]).code == 2)
        for command in ["import", "export", "query", "populate"] {
            let help = runSwitchboard([command, "--help"])
            #expect(help.code == 0 && help.output.hasPrefix("usage: switchboard \(command)"))
        }
        #expect(folder.read("never.vcf") == nil)
        let unwritable = runSwitchboard(["export", "--output", folder.file("no-such-dir/out.vcf"), "--db", db])
        #expect(unwritable.code == 1)
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
