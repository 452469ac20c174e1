import TestSupport
import Testing
@testable import Interchange

func csvContacts(_ text: String) throws -> [ContactCard] {
    var reader = CSVReader(bytes: Array(text.utf8))
    var mapping: CSVContactMapping?
    var out: [ContactCard] = []
    for item in try reader.readAll() {
        guard case .record(let fields, let line) = item else { continue }
        if let mapping { out.append(mapping.contact(from: fields, line: line)) } else { mapping = CSVContactMapping(header: fields) }
    }
    return out
}

@Suite("CSV")
struct CSVTests {
    @Test func rfc4180QuotesCommasLineBreaksAndBOM() throws {
        var reader = CSVReader(bytes: [0xEF, 0xBB, 0xBF] + Array("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\r\n\"two\nlines\",,x\n".utf8))
        #expect(try reader.readAll() == [.record(["a", "b,c", "say \"hi\""], line: 1), .record(["two\nlines", "", "x"], line: 3)])
    }

    @Test func anUnclosedQuoteCostsItsRowAndTheRowsAfterItAreRead() throws {
        var reader = CSVReader(bytes: Array("h1,h2\nok,1\n\"never closed,2\nmore,3\n\"two\nlines\",4\n".utf8))
        let items = try reader.readAll()
        #expect(items == [.record(["h1", "h2"], line: 1), .record(["ok", "1"], line: 2),
                          .problem(ReadProblem(line: 3, reason: .unterminatedQuote)),
                          .record(["more", "3"], line: 4), .record(["two\nlines", "4"], line: 5)])
        #expect(ReadProblem(line: 3, reason: .unterminatedQuote).description
                == "line 3: a quoted CSV field is never closed; this row was skipped, the rows after it were read")
    }

    /// A quote left open whose field a later row's quote would close at a line's end: the lines in
    /// between are rows (as many fields as the header), so the quote is taken as never closed and
    /// each row it would have swallowed is read; a multi-line note in a wide file stays one field.
    @Test func anUnclosedQuoteClosedByALaterRowDoesNotSwallowTheRowsBetween() throws {
        let text = "First Name,Last Name,E-mail Address\nAda,Lovelace,\"ada@example.org\nBob,Smith,bob@example.org\n"
            + "Carl,Jones,carl@example.org,\"\nEve,Adams,eve@example.org\n"
        var reader = CSVReader(bytes: Array(text.utf8))
        #expect(try reader.readAll() == [.record(["First Name", "Last Name", "E-mail Address"], line: 1),
                                         .problem(ReadProblem(line: 2, reason: .unterminatedQuote)),
                                         .record(["Bob", "Smith", "bob@example.org"], line: 3),
                                         .problem(ReadProblem(line: 4, reason: .unterminatedQuote)),
                                         .record(["Eve", "Adams", "eve@example.org"], line: 5)])
        let note = "First Name,Last Name,E-mail Address,Notes\nAda,Lovelace,ada@example.org,\"Met at the Society,\nwith Babbage, Somerville\nand the Herschels\"\nEve,Adams,eve@example.org,\n"
        var wide = CSVReader(bytes: Array(note.utf8))
        #expect(try wide.readAll().dropFirst() == [.record(["Ada", "Lovelace", "ada@example.org", "Met at the Society,\nwith Babbage, Somerville\nand the Herschels"], line: 2),
                                                   .record(["Eve", "Adams", "eve@example.org", ""], line: 5)])
    }

    /// Random rows of quoted and unquoted fields with stray quotes, in any delimiter: never a
    /// crash, every problem on a line of the file, and an unclosed quote costs one row at most.
    @Test func quotesInAnyDelimiterNeverSwallowTheFile() throws {
        var rng = SeededGenerator(seed: 4180_2)
        let pieces = ["a", "\"", "\"\"", ",", ";", "\t", " ", "\n", "\r\n", "é", "x\"y"]
        for i in 0..<1500 {
            let text = (0..<Int.random(in: 0...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let bytes = Array(("h1;h2,h3\n" + text + "\nlast,row\n").utf8)
            var reader = CSVReader(bytes: bytes)
            let items = try reader.readAll()
            let lines = bytes.filter { $0 == 0x0A }.count + 1
            var problems = 0
            for item in items {
                switch item {
                case .problem(let p):
                    problems += 1
                    #expect(p.line >= 1 && p.line <= lines, "case \(i)")
                case .record(_, let line):
                    #expect(line >= 1 && line <= lines, "case \(i)")
                }
            }
            // Every problem is one row; the rows after it are still read: the last row's line is reached.
            let lastLine = items.compactMap { if case .record(_, let line) = $0 { return line } else { return nil } }.max() ?? 0
            let problemLines = items.compactMap { if case .problem(let p) = $0 { return p.line } else { return nil } }
            #expect(lastLine >= lines - 1 || problemLines.contains { $0 >= lastLine }, "case \(i): \(items)")
        }
    }

    @Test func semicolonAndTabSeparatedFilesAreFoundFromTheHeader() throws {
        // Excel and Outlook in much of Europe write semicolons; "Unicode text" is UTF-16 with tabs.
        let semicolons = "Vorname;Nachname;First Name;Last Name;E-mail Address;Notes\r\n;;Jürgen;Müller;jm@example.de;\"a; b, c\"\r\n"
        var reader = CSVReader(bytes: Array(semicolons.utf8))
        #expect(try reader.readAll().last == .record(["", "", "Jürgen", "Müller", "jm@example.de", "a; b, c"], line: 2))
        #expect(reader.delimiter == UInt8(ascii: ";"))
        let c = try #require(try csvContacts(semicolons).first)
        #expect(c.givenName == "Jürgen" && c.emails.map(\.value) == ["jm@example.de"])

        let tabs = "First Name\tLast Name\tE-mail Address\r\nGrace\tHopper\tgrace@navy.mil\r\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + Array(tabs.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(InterchangeFormat.detect(utf16) == .csv)
        var wide = CSVReader(bytes: utf16)
        #expect(try wide.readAll() == [.record(["First Name", "Last Name", "E-mail Address"], line: 1),
                                       .record(["Grace", "Hopper", "grace@navy.mil"], line: 2)])
    }

    @Test func windows1252CSVIsRead() throws {
        let bytes = Array("First Name,Last Name,Company\r\nJos".utf8) + [0xE9] + Array(",M".utf8) + [0xFC] + Array("ller,Caf".utf8) + [0xE9, 0x20, 0x80] + [0x0D, 0x0A]
        var reader = CSVReader(bytes: bytes)
        #expect(try reader.readAll().last == .record(["José", "Müller", "Café €"], line: 2))
    }

    @Test func thunderbirdCSVExportIsMapped() throws {
        // Thunderbird's own column names, in its order.
        let text = """
        First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email,Screen Name,Work Phone,Home Phone,Fax Number,Pager Number,Mobile Number,Home Address,Home Address 2,Home City,Home State,Home ZipCode,Home Country,Work Address,Work Address 2,Work City,Work State,Work ZipCode,Work Country,Job Title,Department,Organization,Web Page 1,Web Page 2,Birth Year,Birth Month,Birth Day,Custom 1,Custom 2,Custom 3,Custom 4,Notes,
        Ada,Lovelace,Ada Lovelace,Countess,ada@example.org,ada@home.example,adal,+44 20 7946 0001,+44 20 7946 0002,+44 20 7946 0003,,+44 7700 900000,12 St James's Square,Flat 2,London,,SW1Y 4JH,UK,1 Engine Row,,Cambridge,Cambs,CB1 1AA,UK,Programmer,Mathematics,Analytical Engines,https://work.example/ada,https://ada.example,1815,12,10,likes poetry,,,,"first line
        second line",
        Charles,Babbage,Charles Babbage,,charles@example.org,,,,,,,,,,,,,,,,,,,,,,,,,,4,12,,,,,,
        """
        let all = try csvContacts(text)
        #expect(all.count == 2)
        let c = all[0]
        #expect(c.formattedName == "Ada Lovelace" && c.givenName == "Ada" && c.familyName == "Lovelace" && c.nicknames == ["Countess"])
        #expect(c.emails.map(\.value) == ["ada@example.org", "ada@home.example"])
        #expect(c.phones == [LabeledValue(label: "work", value: "+44 20 7946 0001"), LabeledValue(label: "home", value: "+44 20 7946 0002"),
                             LabeledValue(label: "fax", value: "+44 20 7946 0003"), LabeledValue(label: "mobile", value: "+44 7700 900000")])
        #expect(c.addresses == [PostalAddress(label: "home", extended: "Flat 2", street: "12 St James's Square", locality: "London", postalCode: "SW1Y 4JH", country: "UK"),
                                PostalAddress(label: "work", street: "1 Engine Row", locality: "Cambridge", region: "Cambs", postalCode: "CB1 1AA", country: "UK")])
        #expect(c.organization == "Analytical Engines" && c.organizationUnits == ["Mathematics"] && c.title == "Programmer")
        #expect(c.urls == [LabeledValue(label: "work", value: "https://work.example/ada"), LabeledValue(label: "home", value: "https://ada.example")])
        #expect(c.birthday == PartialDate(year: 1815, month: 12, day: 10))
        #expect(c.note == "first line\nsecond line")
        #expect(c.extras.map(\.name) == ["X-CSV-SCREEN-NAME", "X-CSV-CUSTOM-1"])
        // A birthday without a year stays without one.
        #expect(all[1].birthday == PartialDate(year: nil, month: 4, day: 12))
        #expect(all[1].emails.map(\.value) == ["charles@example.org"])
    }

    @Test func googleExportHeaders() throws {
        let text = """
        First Name,Middle Name,Last Name,Nickname,Organization Name,Organization Title,Birthday,Notes,Labels,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - Postal Code,Address 1 - Country,Website 1 - Label,Website 1 - Value,Custom Field 1 - Value
        Ada,,Lovelace,Countess,Analytical Engines,Programmer,1815-12-10,"first, note",* myContacts ::: Friends,* Home,ada@example.org ::: ada@home.example,Work,ada@work.example,Mobile,+44 20 7946 0000,Home,"12 St James's Square
        London",12 St James's Square,London,SW1Y 4JH,UK,Profile,https://example.org/ada,secret
        """
        let c = try #require(try csvContacts(text).first)
        #expect(c.givenName == "Ada" && c.familyName == "Lovelace" && c.nicknames == ["Countess"])
        #expect(c.organization == "Analytical Engines" && c.title == "Programmer")
        #expect(c.birthday == PartialDate(year: 1815, month: 12, day: 10))
        #expect(c.note == "first, note")
        #expect(c.isFriend && c.categories == ["Friends"])
        #expect(c.emails == [LabeledValue(label: "home", value: "ada@example.org", isPreferred: true),
                             LabeledValue(label: "home", value: "ada@home.example", isPreferred: true),
                             LabeledValue(label: "work", value: "ada@work.example")])
        #expect(c.phones == [LabeledValue(label: "mobile", value: "+44 20 7946 0000")])
        #expect(c.addresses == [PostalAddress(label: "home", street: "12 St James's Square", locality: "London", postalCode: "SW1Y 4JH", country: "UK")])
        #expect(c.urls == [LabeledValue(label: "profile", value: "https://example.org/ada")])
        #expect(c.extras == [VCardProperty(name: "X-CSV-CUSTOM-FIELD-1---VALUE", value: "secret")])
    }

    @Test func outlookExportHeaders() throws {
        let text = """
        "Title","First Name","Middle Name","Last Name","Suffix","Company","Department","Job Title","Business Street","Business City","Business Postal Code","Business Country/Region","Business Phone","Mobile Phone","E-mail Address","E-mail 2 Address","Birthday","Notes","Categories","Web Page"
        "Dr.","Grace","B.","Hopper","","US Navy","Computing","Rear Admiral","1 Navy Way","Arlington","22202","United States of America","+1 555 0100","+1 555 0199","grace@navy.mil","g@example.org","12/9/1906","","Friends;Navy",""
        """
        let c = try #require(try csvContacts(text).first)
        #expect(c.prefixes == "Dr." && c.givenName == "Grace" && c.additionalNames == "B." && c.familyName == "Hopper")
        #expect(c.organization == "US Navy" && c.organizationUnits == ["Computing"] && c.title == "Rear Admiral")
        #expect(c.addresses == [PostalAddress(label: "work", street: "1 Navy Way", locality: "Arlington", postalCode: "22202", country: "United States of America")])
        #expect(c.phones == [LabeledValue(label: "work", value: "+1 555 0100"), LabeledValue(label: "mobile", value: "+1 555 0199")])
        #expect(c.emails.map(\.value) == ["grace@navy.mil", "g@example.org"])
        #expect(c.birthday == PartialDate(year: 1906, month: 12, day: 9))
    }

    /// Outlook's other phone columns and PO boxes, and its German export (semicolons, German names).
    @Test func outlooksOtherPhonesPOBoxesAndGermanHeaders() throws {
        let text = """
        "First Name","Last Name","Assistant's Phone","Car Phone","ISDN","TTY/TDD Phone","Business Address PO Box","Business City"
        "Grace","Hopper","+1 555 0101","+1 555 0102","+1 555 0103","+1 555 0104","PO Box 7","Arlington"
        """
        let c = try #require(try csvContacts(text).first)
        #expect(c.phones == [LabeledValue(label: "assistant", value: "+1 555 0101"), LabeledValue(label: "car", value: "+1 555 0102"),
                             LabeledValue(label: "isdn", value: "+1 555 0103"), LabeledValue(label: "textphone", value: "+1 555 0104")])
        #expect(c.addresses == [PostalAddress(label: "work", poBox: "PO Box 7", locality: "Arlington")])
        #expect(c.extras.isEmpty)

        let german = "Anrede;Vorname;Weitere Vornamen;Nachname;Firma;Abteilung;Position;Straße geschäftlich;Ort geschäftlich;Postleitzahl geschäftlich;"
            + "Land/Region geschäftlich;Telefon geschäftlich;Telefon privat;Mobiltelefon;E-Mail-Adresse;E-Mail 2: Adresse;Geburtstag;Notizen;Kategorien\r\n"
            + "Dr.;Jürgen;Karl;Müller;Müller GmbH;Vertrieb;Leiter;Hauptstraße 1;Köln;50667;Deutschland;+49 221 100;+49 221 200;+49 170 300;"
            + "jm@example.de;j@example.org;4.5.1970;Kennt Ada;Kunden\r\n"
        let g = try #require(try csvContacts(german).first)
        #expect(g.prefixes == "Dr." && g.givenName == "Jürgen" && g.additionalNames == "Karl" && g.familyName == "Müller")
        #expect(g.organization == "Müller GmbH" && g.organizationUnits == ["Vertrieb"] && g.title == "Leiter")
        #expect(g.addresses == [PostalAddress(label: "work", street: "Hauptstraße 1", locality: "Köln", postalCode: "50667", country: "Deutschland")])
        #expect(g.phones.map(\.label) == ["work", "home", "mobile"] && g.emails.map(\.value) == ["jm@example.de", "j@example.org"])
        #expect(g.note == "Kennt Ada" && g.categories == ["Kunden"] && g.birthday == PartialDate(year: 1970, month: 5, day: 4))
        #expect(g.extras.map(\.name) == [])
    }

    /// A refused file is told for what it is: a workbook, an old Office file, a PDF, an image,
    /// a database, JSON, XML, bytes that are not text; else its first line is shown.
    @Test func aRefusedFileIsToldForWhatItIs() {
        let cases: [([UInt8], String)] = [
            ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x2C, 0x3B], "it is a ZIP archive (an Excel .xlsx or OpenDocument .ods workbook?): save the sheet as CSV and import that"),
            ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], "it is an old Office file (an Excel .xls workbook or an Outlook .msg?): save it as CSV (or the contacts as vCard) and import that"),
            (Array("%PDF-1.7\n".utf8), "it is a PDF document: contacts are read from vCard, CSV, LDIF or abook files"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46], "it is an image: contacts are read from vCard, CSV, LDIF or abook files"),
            (Array("SQLite format 3".utf8) + [0, 0x10, 0], "it is an SQLite database (a switchboard data file? open it with --db)"),
            (Array("[{\"name\": \"Ada\", \"email\": \"ada@example.org\"}]".utf8), "it looks like JSON: contacts are read from vCard, CSV, LDIF or abook files"),
            (Array("<?xml version=\"1.0\"?>\n<contacts/>".utf8), "it looks like XML or HTML: contacts are read from vCard, CSV, LDIF or abook files"),
            ([0x01, 0x02, 0x2C, 0x03, 0x04, 0x05, 0x41, 0x2C], "it is not text (5 control bytes in its first 8): contacts are read from vCard, CSV, LDIF or abook files"),
            (Array("just some text\n".utf8), "its first line (line 1) is “just some text”: not BEGIN:VCARD, a CSV header with commas, semicolons or tabs, an LDIF dn: line or an abook section"),
            ([], "the file is empty"),
        ]
        for (bytes, why) in cases {
            #expect(InterchangeFormat.detect(bytes) == nil, "\(why)")
            #expect(InterchangeFormat.refusal(bytes) == why)
        }
        // A grouped BEGIN (py-vobject's test file) is a vCard.
        #expect(InterchangeFormat.detect(Array("home.begin:vcard\nversion:3.0\nfn:Meister Berger\nEND:VCARD\n".utf8)) == .vCard)
        // Text that only starts like one of them is still read.
        #expect(InterchangeFormat.detect(Array("First Name,Last Name\r\nAda,Lovelace\r\n".utf8)) == .csv)
    }

    @Test func aHeaderWithNoContactColumnIsNotAContactsFile() {
        #expect(CSVContactMapping(header: ["foo", "bar"]) == nil)
    }

    /// Random contacts -> our CSV -> contacts are equal (extras have no CSV column).
    @Test func roundTripOfRandomContacts() throws {
        var rng = SeededGenerator(seed: 4180)
        var cards = (0..<300).map { _ in RandomContact.make(&rng) }
        let writer = CSVContactWriter(fitting: cards)
        let text = writer.header + cards.map(writer.line).joined()
        let back = try csvContacts(text)
        #expect(back.count == cards.count)
        var line = 2
        for i in cards.indices {
            cards[i].line = line
            line += 1 + cards[i].note.filter { $0 == "\n" }.count
        }
        for (a, b) in zip(back, cards) where a != b {
            Issue.record("\(a)\n!=\n\(b)")
            break
        }
    }

    @Test func csvReaderFuzzNeverCrashesAndSaysWhere() throws {
        var rng = SeededGenerator(seed: 99)
        let alphabet = Array("a,\"\r\n ::: *x".utf8) + [0xC3, 0xFF]
        for i in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...200, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            var reader = CSVReader(bytes: bytes)
            var mapping: CSVContactMapping?
            for item in try reader.readAll() {
                switch item {
                case .record(let fields, let line):
                    if let mapping { _ = mapping.contact(from: fields, line: line) } else { mapping = CSVContactMapping(header: fields + ["E-mail 1 - Value"]) }
                case .problem(let p):
                    #expect(p.line >= 1 && p.line <= ReaderFuzzTests.lineCount(bytes), "case \(i): \(p)")
                    #expect(p.description.hasPrefix("line \(p.line): "))
                }
            }
        }
    }
}

@Suite("abook and format detection")
struct AbookTests {
    @Test func abookAddressbookFile() throws {
        let text = """
        # abook addressbook file

        [format]
        program=abook
        version=0.6.1


        [0]
        name=Ada Lovelace
        email=ada@example.org,a2@example.org
        address=1 St
        city=London
        zip=N1
        country=UK
        mobile=123
        nick=Countess
        url=http://x.org
        notes=hi
        anniversary=1815-12-10
        custom1=kept

        [1]
        name=Charles Babbage
        phone=555
        """
        var reader = AbookReader(bytes: Array(text.utf8))
        let items = try reader.readAll()
        #expect(items.count == 2)
        guard case .contact(let ada) = items[0], case .contact(let charles) = items[1] else { Issue.record("\(items)"); return }
        #expect(ada.formattedName == "Ada Lovelace" && ada.line == 8)
        #expect(ada.emails.map(\.value) == ["ada@example.org", "a2@example.org"])
        #expect(ada.addresses == [PostalAddress(label: "home", street: "1 St", locality: "London", postalCode: "N1", country: "UK")])
        #expect(ada.phones == [LabeledValue(label: "mobile", value: "123")])
        #expect(ada.nicknames == ["Countess"] && ada.note == "hi" && ada.birthday == PartialDate(year: 1815, month: 12, day: 10))
        #expect(ada.extras == [VCardProperty(name: "X-ABOOK-CUSTOM1", value: "kept")])
        #expect(charles.formattedName == "Charles Babbage" && charles.phones == [LabeledValue(label: "home", value: "555")] && charles.line == 22)
    }

    @Test func formatsAreToldApartByContent() {
        #expect(InterchangeFormat.detect(Array("\r\nBEGIN:VCARD\r\nVERSION:3.0".utf8)) == .vCard)
        #expect(InterchangeFormat.detect(Array("# abook addressbook file\n".utf8)) == .abook)
        #expect(InterchangeFormat.detect([0xEF, 0xBB, 0xBF] + Array("First Name,Last Name\n".utf8)) == .csv)
        #expect(InterchangeFormat.detect(Array("hello\n".utf8)) == nil)
        #expect(InterchangeFormat.detect(Array("dn: cn=Ada Lovelace,mail=ada@example.org\nobjectclass: top\n".utf8)) == .ldif)
        #expect(InterchangeFormat.detect(Array("# Evolution\nversion: 1\n\ndn: uid=1\n".utf8)) == .ldif)
        #expect(InterchangeFormat.detect(Array("First Name;Last Name\r\n".utf8)) == .csv)
        #expect(InterchangeFormat.detect(Array("First Name\tLast Name\r\n".utf8)) == .csv)
        #expect(InterchangeFormat.detect([]) == nil)
    }

    @Test func birthdaysInTheFormsPeopleWriteThem() {
        #expect(PartialDate(parsing: "19850412") == PartialDate(year: 1985, month: 4, day: 12))
        #expect(PartialDate(parsing: "1985-04-12T00:00:00Z") == PartialDate(year: 1985, month: 4, day: 12))
        #expect(PartialDate(parsing: "--0412") == PartialDate(year: nil, month: 4, day: 12))
        #expect(PartialDate(parsing: "--04-12")?.description == "--04-12")
        #expect(PartialDate(parsing: "0/0/00") == nil)
        #expect(PartialDate(parsing: "13/40/1985") == nil)
        #expect(PartialDate(year: nil, month: 1, day: 2)!.daysUntilNext(month: 12, day: 31) == 2)
    }
}
