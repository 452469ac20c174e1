import Testing
@testable import Interchange

/// The bytes people's address books really hold: every charset a CHARSET parameter names (read
/// through iconv), UTF-16 files, quoted-printable without a charset, CR CR LF and bare CR, and
/// odd lines; none of them costs a contact.
@Suite("Charsets and line ends")
struct CharsetsAndLineEndsTests {
    /// The cards in `bytes`, each with what the reader said about its lines.
    static func cards(_ bytes: [UInt8]) throws -> [VCard] {
        var reader = VCardReader(bytes: bytes)
        return try reader.readAll().compactMap { if case .card(let c) = $0 { return c } else { return nil } }
    }

    /// A 2.1 card whose FN value is `value` bytes, declared as `charset`.
    static func card21(charset: String, value: [UInt8], extra: String = "") -> [UInt8] {
        Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=\(charset):".utf8) + value
            + Array("\r\n\(extra)TEL;CELL:+1 555 0100\r\nEND:VCARD\r\n".utf8)
    }

    @Test(arguments: [
        ("windows-1250", [0x4A, 0x69, 0xF8, 0xED, 0x20, 0x44, 0x76, 0x6F, 0xF8, 0xE1, 0x6B] as [UInt8], "Jiří Dvořák"),
        ("Windows-1251", [0xC8, 0xE2, 0xE0, 0xED, 0x20, 0xCF, 0xE5, 0xF2, 0xF0, 0xEE, 0xE2], "Иван Петров"),
        ("ISO-8859-2", [0xA3, 0xF3, 0x64, 0xBC], "Łódź"),
        ("ISO-8859-15", [0xBC, 0x75, 0x76, 0x72, 0x65, 0x20, 0xA4], "Œuvre €"),
        ("KOI8-R", [0xF0, 0xA3, 0xD4, 0xD2], "Пётр"),
        ("Shift_JIS", [0x8E, 0x52, 0x93, 0x63, 0x91, 0xBE, 0x98, 0x59], "山田太郎"),
        ("GB2312", [0xD5, 0xC5, 0xCE, 0xB0], "张伟"),
        ("BIG5", [0xB3, 0xAF, 0xA4, 0x6A, 0xA4, 0xE5], "陳大文"),
        ("ISO-8859-1", [0x43, 0x61, 0x66, 0xE9], "Café"),
        ("x-sjis", [0x8E, 0x52, 0x93, 0x63], "山田"),
    ])
    func everyCharsetAddressBooksDeclareIsRead(charset: String, value: [UInt8], expected: String) throws {
        let cards = try Self.cards(Self.card21(charset: charset, value: value))
        let card = try #require(cards.first)
        #expect(VCardDecoder.contact(from: card).formattedName == expected)
        #expect(VCardDecoder.contact(from: card).phones.map(\.value) == ["+1 555 0100"])
        #expect(card.problems.isEmpty, "\(card.problems)")
    }

    @Test func shiftJISWithABackslashByteIsNotAnEscape() throws {
        // 表 is 0x95 0x5C in Shift_JIS: its second byte is ASCII's backslash.
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=SHIFT_JIS:".utf8) + [0x8E, 0x52, 0x93, 0x63]
            + Array("\r\nORG;CHARSET=SHIFT_JIS:".utf8) + [0x95, 0x5C, 0x8E, 0x51, 0x93, 0xB9]
            + Array("\r\nTEL;CELL:+81 3 0000 0000\r\nEND:VCARD\r\n".utf8)
        let contact = VCardDecoder.contact(from: try #require(try Self.cards(bytes).first))
        #expect(contact.organization == "表参道")
        #expect(contact.formattedName == "山田")
        #expect(contact.phones.map(\.value) == ["+81 3 0000 0000"])
    }

    @Test func aCharsetIconvDoesNotKnowIsToldAndTheValueKept() throws {
        let card = try #require(try Self.cards(Self.card21(charset: "x-klingon", value: Array("Worf".utf8) + [0xE9])).first)
        #expect(VCardDecoder.contact(from: card).formattedName == "Worfé")
        #expect(card.problems == [ReadProblem(line: 3, reason: .unknownCharset("x-klingon"))])
    }

    @Test func bytesInvalidInTheDeclaredCharsetCostOnlyThoseCharacters() throws {
        // 0x81 0x20 is no Shift_JIS character: the rest of the value is kept.
        let card = try #require(try Self.cards(Self.card21(charset: "Shift_JIS", value: [0x8E, 0x52, 0x81, 0x20, 0x93, 0x63])).first)
        let name = VCardDecoder.contact(from: card).formattedName
        #expect(name.hasPrefix("山") && name.hasSuffix("田"))
        #expect(card.problems.count == 1)
        #expect(card.problems.first?.line == 3)
    }

    @Test func utf16WithAndWithoutBOMIsRead() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë 山田\r\nEMAIL:zoe@example.org\r\nEND:VCARD\r\n"
        let le = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (name, bytes) in [("LE with BOM", [0xFF, 0xFE] + le), ("BE with BOM", [0xFE, 0xFF] + be), ("LE", le), ("BE", be)] {
            #expect(InterchangeFormat.detect(bytes) == .vCard, "\(name)")
            // Chunks of odd sizes split code units; the reader joins them again.
            for size in [1, 3, 7, 4096] {
                var offset = 0
                var reader = VCardReader { () -> [UInt8]? in
                    guard offset < bytes.count else { return nil }
                    defer { offset += size }
                    return Array(bytes[offset..<min(offset + size, bytes.count)])
                }
                let items = try reader.readAll()
                guard case .card(let card) = items.first, items.count == 1 else { Issue.record("\(name) \(size): \(items)"); continue }
                let c = VCardDecoder.contact(from: card)
                #expect(c.formattedName == "Zoë 山田", "\(name) \(size)")
                #expect(c.emails.map(\.value) == ["zoe@example.org"], "\(name) \(size)")
            }
        }
    }

    @Test func quotedPrintableWithoutCharsetIsUTF8OrElseWindows1252() throws {
        let text = """
        BEGIN:VCARD\r
        VERSION:2.1\r
        N;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen\r
        ORG;ENCODING=QUOTED-PRINTABLE:B=E4ckerei Sch=F6n\r
        END:VCARD\r

        """
        let card = try #require(try Self.cards(Array(text.utf8)).first)
        let c = VCardDecoder.contact(from: card)
        #expect(c.familyName == "Müller" && c.givenName == "Jürgen")
        #expect(c.organization == "Bäckerei Schön")
        #expect(card.problems == [ReadProblem(line: 4, reason: .decodedAs(expected: "UTF-8", used: "windows-1252"))])
    }

    @Test func aStrayEquals80InOneValueCostsOneCharacter() throws {
        let text = """
        BEGIN:VCARD\r
        VERSION:2.1\r
        FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Ren=C3=A9e Durand\r
        ORG;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9 de la Gare =80 Lyon\r
        EMAIL;INTERNET:renee@example.fr\r
        END:VCARD\r

        """
        let card = try #require(try Self.cards(Array(text.utf8)).first)
        let c = VCardDecoder.contact(from: card)
        #expect(c.formattedName == "Renée Durand")
        #expect(c.organization == "Café de la Gare € Lyon")
        #expect(c.emails.map(\.value) == ["renee@example.fr"])
        #expect(card.problems.map(\.line) == [4])
    }

    @Test func crCRLFLineEndsOfAnIPhoneExport() throws {
        let text = "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:Appleseed;Johnny;;;\r\r\nFN:Johnny Appleseed\r\r\n"
            + "NOTE:a note folded over\r\r\n  two lines\r\r\nitem1.EMAIL;type=INTERNET;type=pref:johnny@example.com\r\r\n"
            + "item1.X-ABLabel:_$!<Other>!$_\r\r\nEND:VCARD\r\r\nBEGIN:VCARD\r\r\nVERSION:2.1\r\r\n"
            + "NOTE;ENCODING=QUOTED-PRINTABLE:soft=\r\r\nbreak\r\r\nFN:Second\r\r\nEND:VCARD\r\r\n"
        let cards = try Self.cards(Array(text.utf8))
        #expect(cards.count == 2)
        let first = VCardDecoder.contact(from: cards[0])
        #expect(first.formattedName == "Johnny Appleseed")
        #expect(first.note == "a note folded over two lines")
        #expect(first.emails.map(\.value) == ["johnny@example.com"])
        #expect(VCardDecoder.contact(from: cards[1]).note == "softbreak")
        #expect(cards.allSatisfy { $0.problems.isEmpty })
        // Lines are counted once per line end.
        #expect(cards[1].line == 10)
    }

    @Test func aBareCRInsideAValueIsALineBreakOfThatValue() throws {
        // Thunderbird writes a note's own line breaks as bare CRs in a CRLF file.
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Tb User\r\nNOTE:first line\rsecond line\rthird\r\nEMAIL:tb@example.org\r\nEND:VCARD\r\n"
        let card = try #require(try Self.cards(Array(text.utf8)).first)
        let c = VCardDecoder.contact(from: card)
        #expect(c.note == "first line\nsecond line\nthird")
        #expect(c.emails.map(\.value) == ["tb@example.org"])
        #expect(card.problems.isEmpty)
        #expect(VCardWriter(version: .v40).write(c).contains("NOTE:first line\\nsecond line\\nthird\r\n"))
    }

    @Test func bareCRLineEndsOfAnOldMacFile() throws {
        let text = "BEGIN:VCARD\rVERSION:3.0\rFN:Classic Mac\rEMAIL:mac@example.org\rEND:VCARD\r"
        let card = try #require(try Self.cards(Array(text.utf8)).first)
        #expect(VCardDecoder.contact(from: card).emails.map(\.value) == ["mac@example.org"])
    }

    @Test func kAddressBookPropertyNamesWithASlashAreKept() throws {
        let text = """
        BEGIN:VCARD
        VERSION:3.0
        FN:Konqi Dragon
        X-messaging/aim-All:konqi42
        X-messaging/xmpp-All:konqi@jabber.example
        EMAIL:konqi@kde.example
        END:VCARD

        """
        let card = try #require(try Self.cards(Array(text.utf8)).first)
        #expect(card.problems.isEmpty)
        let c = VCardDecoder.contact(from: card)
        #expect(c.extras.map(\.name) == ["X-MESSAGING/AIM-ALL", "X-MESSAGING/XMPP-ALL"])
        #expect(c.extras.map(\.value) == ["konqi42", "konqi@jabber.example"])
        // Written, they are the IMPP they stand for (as kcontacts converts them); vobject refuses a name with '/'.
        let written = VCardWriter(version: .v40).write(c)
        #expect(written.contains("IMPP:aim:konqi42\r\nIMPP:xmpp:konqi@jabber.example\r\n"))
        #expect(!written.contains("X-MESSAGING"))
        // And they come back as those.
        let again = VCardDecoder.contact(from: try #require(try Self.cards(Array(written.utf8)).first))
        #expect(again.extras.map(\.name) == ["IMPP", "IMPP"] && again.extras.map(\.value) == ["aim:konqi42", "xmpp:konqi@jabber.example"])
        // Several addresses in one (KAddressBook separates them with U+E000) are one IMPP each; another
        // name vCard does not allow is made one it does.
        var more = c
        more.extras = [VCardProperty(name: "X-MESSAGING/XMPP-ALL", value: "one@test.org\u{E000}two@test.org"),
                       VCardProperty(name: "X-FOO/BAR", value: "x")]
        let three = VCardWriter(version: .v30).write(more)
        #expect(three.contains("IMPP:xmpp:one@test.org\r\nIMPP:xmpp:two@test.org\r\nX-FOO-BAR:x\r\n"))
    }

    @Test func aBareFNLineIsAnEmptyNameAndTheCardStays() throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN\nN:Lovelace;Ada;;;\nEMAIL:ada@example.org\nEND:VCARD\n"
        let card = try #require(try Self.cards(Array(text.utf8)).first)
        #expect(card.problems.isEmpty)
        let c = VCardDecoder.contact(from: card)
        #expect(c.displayName == "Ada Lovelace")
        #expect(c.emails.map(\.value) == ["ada@example.org"])
    }

    @Test func anUnknownVersionCostsOnlyThatLine() throws {
        let text = "BEGIN:VCARD\nVERSION:5.0\nFN:Future Person\nEMAIL:f@example.org\nEND:VCARD\n"
        let card = try #require(try Self.cards(Array(text.utf8)).first)
        #expect(VCardDecoder.contact(from: card).emails.map(\.value) == ["f@example.org"])
        #expect(card.problems.map(\.line) == [2])
    }
}
