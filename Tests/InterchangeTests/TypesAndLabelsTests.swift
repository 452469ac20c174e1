import Testing
@testable import Interchange

/// What people's cards say about their values — types, labels, preference, categories, a
/// birthday without a year — comes back as written.
@Suite("Types and labels")
struct TypesAndLabelsTests {
    static func card(_ text: String) throws -> VCard {
        var reader = VCardReader(bytes: Array(text.utf8))
        guard case .card(let card) = try #require(try reader.readAll().first) else { throw ReadProblem(line: 0, reason: .noName) }
        return card
    }

    /// An iPhone export's card (shape of Apple's vCard 3.0).
    static let iPhone = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    PRODID:-//Apple Inc.//iPhone OS 17.0//EN\r
    N:Appleseed;Johnny;;;\r
    FN:Johnny Appleseed\r
    item1.TEL;type=pref:+1 555 0100\r
    item1.X-ABLabel:_$!<AssistantPhone>!$_\r
    TEL;type=IPHONE;type=CELL;type=VOICE:+1 555 0101\r
    item2.ADR;type=WORK;type=POSTAL;type=PARCEL;type=pref:;;1 Infinite Loop;Cupertino;CA;95014;USA\r
    ADR;type=HOME:;;2 Home St;Cupertino;CA;95014;USA\r
    item3.URL;type=pref:https://example.com/johnny\r
    item3.X-ABLabel:_$!<HomePage>!$_\r
    URL;type=WORK:https://work.example.com\r
    BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12\r
    CATEGORIES:Friend,Golf Club\r
    END:VCARD\r

    """

    @Test func appleLabelsTypesAndPreferencesAreKeptAsWritten() throws {
        let c = VCardDecoder.contact(from: try Self.card(Self.iPhone))
        #expect(c.phones == [LabeledValue(label: "_$!<AssistantPhone>!$_", value: "+1 555 0100", isPreferred: true),
                             LabeledValue(label: "iphone mobile", value: "+1 555 0101")])
        #expect(c.phones[0].readableLabel == "AssistantPhone")
        #expect(c.addresses.map(\.label) == ["work postal parcel", "home"])
        #expect(c.addresses.map(\.isPreferred) == [true, false])
        #expect(c.urls == [LabeledValue(label: "_$!<HomePage>!$_", value: "https://example.com/johnny", isPreferred: true),
                           LabeledValue(label: "work", value: "https://work.example.com")])
        #expect(c.categories == ["Friend", "Golf Club"] && c.isFriend)
        #expect(c.birthday == PartialDate(year: nil, month: 4, day: 12))

        let three = VCardWriter(version: .v30).write(c)
        #expect(three.contains("item1.TEL;TYPE=pref:+1 555 0100\r\nitem1.X-ABLabel:_$!<AssistantPhone>!$_\r\n"))
        #expect(three.contains("TEL;TYPE=iphone,cell:+1 555 0101\r\n"))
        #expect(three.contains("ADR;TYPE=work,postal,parcel,pref:;;1 Infinite Loop;Cupertino;CA;95014;USA\r\n"))
        #expect(three.contains(";TYPE=pref:https://example.com/johnny\r\n"))
        #expect(three.contains("X-ABLabel:_$!<HomePage>!$_\r\n"))
        #expect(three.contains("URL;TYPE=work:https://work.example.com\r\n"))
        #expect(three.contains("CATEGORIES:Friend,Golf Club\r\n"))
        #expect(three.contains("BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12\r\n"))
        let four = VCardWriter(version: .v40).write(c)
        let unfolded = four.components(separatedBy: "\r\n ").joined()
        #expect(unfolded.contains("ADR;TYPE=work,postal,parcel;LABEL=\"1 Infinite Loop^n95014 Cupertino^nCA^nUSA\";PREF=1:;;1 Infinite Loop;Cupertino;CA;95014;USA\r\n"))
        #expect(four.contains("BDAY:--0412\r\n"))
        // Both come back as they went out.
        for text in [three, four] {
            var back = VCardDecoder.contact(from: try Self.card(text))
            back.line = c.line
            #expect(back == c)
        }
    }

    @Test func aYearLessBirthdayStaysYearLessInEveryForm() throws {
        for bday in ["BDAY:--0412", "BDAY:--04-12", "BDAY:1604-04-12", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12", "BDAY;VALUE=date:--0412"] {
            let c = VCardDecoder.contact(from: try Self.card("BEGIN:VCARD\nVERSION:3.0\nFN:X\n\(bday)\nEND:VCARD\n"))
            #expect(c.birthday == PartialDate(year: nil, month: 4, day: 12), "\(bday)")
        }
        let withYear = VCardDecoder.contact(from: try Self.card("BEGIN:VCARD\nVERSION:4.0\nFN:X\nBDAY:19850412\nEND:VCARD\n"))
        #expect(withYear.birthday?.year == 1985)
    }

    @Test func iCloudGroupCardsAreGroupsNotPeople() throws {
        let group = try Self.card("""
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Golf Club\r
        FN:Golf Club\r
        X-ADDRESSBOOKSERVER-KIND:group\r
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0b6e1a04-2b7f-4d3c-9d0e-1a2b3c4d5e6f\r
        END:VCARD\r

        """)
        #expect(VCardDecoder.isGroup(group))
        #expect(VCardDecoder.isGroup(try Self.card("BEGIN:VCARD\nVERSION:4.0\nKIND:group\nFN:Team\nEND:VCARD\n")))
        #expect(!VCardDecoder.isGroup(try Self.card(Self.iPhone)))
        #expect(!VCardDecoder.isGroup(try Self.card("BEGIN:VCARD\nVERSION:4.0\nKIND:org\nFN:Acme\nEND:VCARD\n")))
    }

    @Test func aQuotedPrintableLabelWithLineBreaksStaysWhole() throws {
        let card = try Self.card("""
        BEGIN:VCARD\r
        VERSION:2.1\r
        FN:Erika Mustermann\r
        LABEL;HOME;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Heidestra=C3=9Fe 17=0D=0A51147 K=C3=B6ln=0D=0A=\r
        Deutschland\r
        END:VCARD\r

        """)
        let c = VCardDecoder.contact(from: card)
        let label = try #require(c.extras.first { $0.name == "LABEL" })
        #expect(label.text == "Heidestraße 17\n51147 Köln\nDeutschland")
        // Written back it is one content line, and reads back whole.
        let three = VCardWriter(version: .v30).write(c)
        #expect(three.contains("LABEL;TYPE=HOME:Heidestraße 17\\n51147 Köln\\nDeutschland\r\n"))
        let again = VCardDecoder.contact(from: try Self.card(three))
        #expect(again.extras.first { $0.name == "LABEL" }?.text == "Heidestraße 17\n51147 Köln\nDeutschland")
    }
}
