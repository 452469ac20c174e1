import Testing
@testable import Interchange

func read(_ text: String) throws -> [VCardReader.Item] {
    var reader = VCardReader(bytes: Array(text.utf8))
    return try reader.readAll()
}

func contacts(_ text: String) throws -> [ContactCard] {
    try read(text).compactMap { if case .card(let c) = $0 { return VCardDecoder.contact(from: c) } else { return nil } }
}

func problems(_ text: String) throws -> [ReadProblem] {
    try read(text).compactMap { if case .problem(let p) = $0 { return p } else { return nil } }
}

@Suite("vCard reader")
struct VCardReaderTests {
    @Test func rfc6350AuthorCardWithUriTelPrefAndKind() throws {
        // RFC 6350 section 8's example, with a tel: URI, PREF and KIND.
        let text = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        KIND:individual\r
        FN:Simon Perreault\r
        N:Perreault;Simon;;;ing. jr,M.Sc.\r
        BDAY:--0203\r
        GENDER:M\r
        LANG;PREF=1:fr\r
        ORG;TYPE=work:Viagenie\r
        ADR;TYPE=work:;Suite D2-630;2875 Laurier;\r
         Quebec;QC;G1V 2M2;Canada\r
        TEL;VALUE=uri;TYPE="work,voice";PREF=1:tel:+1-418-656-9254;ext=102\r
        TEL;VALUE=uri;TYPE="work,cell,voice,video,text":tel:+1-418-262-6501\r
        EMAIL;TYPE=work:simon.perreault@viagenie.ca\r
        URL;TYPE=home:http://nomis80.org\r
        UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1\r
        END:VCARD\r

        """
        let cards = try contacts(text)
        #expect(cards.count == 1)
        let c = try #require(cards.first)
        #expect(c.formattedName == "Simon Perreault")
        #expect(c.familyName == "Perreault" && c.givenName == "Simon" && c.suffixes == "ing. jr, M.Sc.") // two suffixes, kept as two
        #expect(c.birthday == PartialDate(year: nil, month: 2, day: 3))
        #expect(c.organization == "Viagenie")
        #expect(c.addresses == [PostalAddress(label: "work", extended: "Suite D2-630", street: "2875 Laurier", locality: "Quebec",
                                              region: "QC", postalCode: "G1V 2M2", country: "Canada")])
        #expect(c.phones == [LabeledValue(label: "work", value: "+1-418-656-9254;ext=102", isPreferred: true),
                             LabeledValue(label: "work mobile video text", value: "+1-418-262-6501")])
        #expect(c.emails == [LabeledValue(label: "work", value: "simon.perreault@viagenie.ca")])
        #expect(c.urls == [LabeledValue(label: "home", value: "http://nomis80.org")])
        #expect(c.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        #expect(c.extras.map(\.name) == ["KIND", "GENDER", "LANG"])
    }

    @Test func vcard30EscapesGroupsAndBase64Photo() throws {
        let text = """
        BEGIN:VCARD
        VERSION:3.0
        N:Doe;John;Q.,Public;;
        FN:John Q. Public\\, Esq.
        NOTE:line one\\nline two\\; with a \\\\ backslash
        item1.EMAIL;type=INTERNET;type=pref:john@example.com
        item1.X-ABLabel:_$!<Other>!$_
        item2.TEL:+1 555 0100
        item2.X-ABLabel:boat
        TEL;TYPE=CELL,VOICE:+1 555 0101
        PHOTO;ENCODING=b;TYPE=JPEG:MIICajCCAdOgAwIBAgICBEUwDQYJKoZIhvcNAQEEBQAwdzELMAkGA1UEBhMCVVMxLDAqBgNVBAoTI05l
          dHNjYXBlIENvbW11bmljYXRpb25z
        CATEGORIES:Friends,work
        X-JABBER:john@jabber.org
        END:VCARD
        """
        let c = try #require(try contacts(text).first)
        #expect(c.formattedName == "John Q. Public, Esq.")
        #expect(c.additionalNames == "Q., Public") // two additional names
        #expect(c.note == "line one\nline two; with a \\ backslash")
        #expect(c.emails == [LabeledValue(label: "_$!<Other>!$_", value: "john@example.com", isPreferred: true)])
        #expect(c.phones == [LabeledValue(label: "boat", value: "+1 555 0100"), LabeledValue(label: "mobile", value: "+1 555 0101")])
        #expect(c.isFriend)
        #expect(c.extras.map(\.name) == ["PHOTO", "X-JABBER"])
        #expect(c.extras[0].value == "MIICajCCAdOgAwIBAgICBEUwDQYJKoZIhvcNAQEEBQAwdzELMAkGA1UEBhMCVVMxLDAqBgNVBAoTI05ldHNjYXBlIENvbW11bmljYXRpb25z")
    }

    @Test func vcard21QuotedPrintableSoftBreaksAndCharsets() throws {
        let text = """
        BEGIN:VCARD
        VERSION:2.1
        N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;
        FN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:J=C3=BCrgen M=C3=BC=
        ller
        NOTE;QUOTED-PRINTABLE:first line=0D=0Asecond=
         line
        TEL;HOME;VOICE:+49 30 1234
        TEL;CELL;PREF:+49 170 1234
        ORG;CHARSET=ISO-8859-1:Caf\u{E9}
        END:VCARD
        """
        // Make the ORG value real Latin-1 bytes.
        var bytes = Array(text.utf8)
        let e9 = Array("\u{E9}".utf8)
        if let at = bytes.indices.first(where: { bytes[$0] == e9[0] && bytes[$0 + 1] == e9[1] }) { bytes.replaceSubrange(at...at + 1, with: [0xE9]) }
        var reader = VCardReader(bytes: bytes)
        let items = try reader.readAll()
        guard case .card(let card) = try #require(items.first) else { Issue.record("no card: \(items)"); return }
        #expect(card.version == .v21)
        let c = VCardDecoder.contact(from: card)
        #expect(c.familyName == "Müller" && c.givenName == "Jürgen")
        #expect(c.formattedName == "Jürgen Müller")
        #expect(c.note == "first line\nsecond line")
        #expect(c.phones == [LabeledValue(label: "home", value: "+49 30 1234"), LabeledValue(label: "mobile", value: "+49 170 1234", isPreferred: true)])
        #expect(c.organization == "Café")
    }

    @Test func abookExportWithoutVersionIsRead() throws {
        let c = try #require(try contacts("BEGIN:VCARD\nFN:Ada Lovelace\nEMAIL;INTERNET:ada@example.org\nEND:VCARD\n").first)
        #expect(c.formattedName == "Ada Lovelace")
        #expect(c.emails == [LabeledValue(value: "ada@example.org")])
    }

    @Test func aBadLineCostsThatLineAndTheCardIsKept() throws {
        let text = """
        BEGIN:VCARD
        VERSION:3.0
        FN:Good One
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Broken
        this line has no colon
        EMAIL:broken@example.org
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Good Two
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Never ends
        """
        let items = try read(text)
        #expect(items.count == 4)
        let cards = items.compactMap { if case .card(let c) = $0 { return c } else { return nil } }
        #expect(cards.map { VCardDecoder.contact(from: $0).formattedName } == ["Good One", "Broken", "Good Two", "Never ends"])
        #expect(VCardDecoder.contact(from: cards[1]).emails.map(\.value) == ["broken@example.org"])
        #expect(cards[1].problems.map(\.line) == [8])
        #expect(cards[1].problems[0].description.hasPrefix("line 8: not a vCard line"))
        #expect(cards[3].problems.map(\.description) == ["line 15: unterminated card (BEGIN:VCARD without END:VCARD)"])
        #expect(cards[0].problems.isEmpty && cards[2].problems.isEmpty)
    }

    @Test func invalidUTF8IsReadAsWindows1252AndToldOnItsLine() throws {
        var bytes = Array("BEGIN:VCARD\nVERSION:3.0\nFN:Zo".utf8)
        bytes += [0xEB]   // windows-1252 ë in a file otherwise UTF-8
        bytes += Array(" M\u{FC}ller\nEND:VCARD\n".utf8)
        var reader = VCardReader(bytes: bytes)
        let items = try reader.readAll()
        guard case .card(let card) = try #require(items.first), items.count == 1 else { Issue.record("\(items)"); return }
        #expect(VCardDecoder.contact(from: card).formattedName == "Zoë Müller")
        #expect(card.problems == [ReadProblem(line: 3, reason: .decodedAs(expected: "UTF-8", used: "windows-1252"))])
    }

    @Test func chunkBoundariesDoNotMatter() throws {
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Chunked\r\n  Name\r\nEND:VCARD\r\n"
        let bytes = Array(text.utf8)
        for size in 1...7 {
            var offset = 0
            var reader = VCardReader { () -> [UInt8]? in
                guard offset < bytes.count else { return nil }
                defer { offset += size }
                return Array(bytes[offset..<min(offset + size, bytes.count)])
            }
            let items = try reader.readAll()
            guard case .card(let card) = items.first, items.count == 1 else { Issue.record("size \(size): \(items)"); continue }
            #expect(VCardDecoder.contact(from: card).formattedName == "Chunked Name")
        }
    }
}
