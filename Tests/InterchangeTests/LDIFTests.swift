import TestSupport
import Testing
@testable import Interchange

/// Thunderbird's and Evolution's LDIF exports.
@Suite("LDIF")
struct LDIFTests {
    static func items(_ text: String) throws -> [LDIFReader.Item] {
        var reader = LDIFReader(bytes: Array(text.utf8))
        return try reader.readAll()
    }

    @Test func thunderbirdLDIFExport() throws {
        // Thunderbird's attribute names; `::` is base64 of UTF-8 ("Müller"), a line folded with a space.
        let text = """
        dn: cn=Ada Lovelace,mail=ada@example.org
        objectclass: top
        objectclass: person
        objectclass: organizationalPerson
        objectclass: inetOrgPerson
        objectclass: mozillaAbPersonAlpha
        givenName: Ada
        sn: Lovelace
        cn: Ada Lovelace
        mozillaNickname: Countess
        mail: ada@example.org
        mozillaSecondEmail: ada@home.example
        modifytimestamp: 0
        telephoneNumber: +44 20 7946 0001
        homePhone: +44 20 7946 0002
        mobile: +44 7700 900000
        mozillaHomeStreet: 12 St James's Square
        mozillaHomeLocalityName: London
        mozillaHomePostalCode: SW1Y 4JH
        mozillaHomeCountryName: UK
        street: 1 Engine Row
        l: Cambridge
        title: Programmer
        department: Mathematics
        company: Analytical Engines
        mozillaWorkUrl: https://work.example/ada
        birthyear: 1815
        birthmonth: 12
        birthday: 10
        description: a note that is folded
          over two lines
        mozillaCustom1: kept

        dn: cn=J=C3=BCrgen
        objectclass: top
        objectclass: person
        cn:: SsO8cmdlbiBNw7xsbGVy
        mail: jm@example.de

        dn: cn=Friends
        objectclass: top
        objectclass: groupOfNames
        cn: Friends
        member: cn=Ada Lovelace,mail=ada@example.org

        """
        let items = try Self.items(text)
        #expect(items.count == 3)
        guard case .contact(let ada) = items[0], case .contact(let jurgen) = items[1] else { Issue.record("\(items)"); return }
        #expect(ada.line == 1)
        #expect(ada.formattedName == "Ada Lovelace" && ada.givenName == "Ada" && ada.familyName == "Lovelace" && ada.nicknames == ["Countess"])
        #expect(ada.emails.map(\.value) == ["ada@example.org", "ada@home.example"])
        #expect(ada.phones == [LabeledValue(label: "work", value: "+44 20 7946 0001"), LabeledValue(label: "home", value: "+44 20 7946 0002"),
                               LabeledValue(label: "mobile", value: "+44 7700 900000")])
        #expect(ada.addresses == [PostalAddress(label: "home", street: "12 St James's Square", locality: "London", postalCode: "SW1Y 4JH", country: "UK"),
                                  PostalAddress(label: "work", street: "1 Engine Row", locality: "Cambridge")])
        #expect(ada.title == "Programmer" && ada.organization == "Analytical Engines" && ada.organizationUnits == ["Mathematics"])
        #expect(ada.urls == [LabeledValue(label: "work", value: "https://work.example/ada")])
        #expect(ada.birthday == PartialDate(year: 1815, month: 12, day: 10))
        #expect(ada.note == "a note that is folded over two lines")
        #expect(ada.extras == [VCardProperty(name: "X-LDIF-MOZILLACUSTOM1", value: "kept")])
        #expect(jurgen.formattedName == "Jürgen Müller" && jurgen.emails.map(\.value) == ["jm@example.de"] && jurgen.line == 34)
        #expect(items[2] == .problem(ReadProblem(line: 40, reason: .notAPerson)))
    }

    @Test func evolutionLDIFWithVersionAndComments() throws {
        let text = "# Evolution export\nversion: 1\n\ndn: uid=pas-id-1\nobjectClass: inetOrgPerson\ncn: Grace Hopper\nsn: Hopper\ngivenName: Grace\nmail: grace@navy.mil\no: US Navy\nnote: COBOL\n"
        let items = try Self.items(text)
        guard case .contact(let grace) = try #require(items.first), items.count == 1 else { Issue.record("\(items)"); return }
        #expect(grace.formattedName == "Grace Hopper" && grace.emails.map(\.value) == ["grace@navy.mil"] && grace.organization == "US Navy" && grace.note == "COBOL")
    }

    @Test func randomAndMutatedLDIFNeverCrashes() throws {
        var rng = SeededGenerator(seed: 2849)
        let seed = Array("dn: cn=A\nobjectclass: person\ncn:: QcOk\n folded\nmail: a@b.c\n\ndn: cn=B\ncn: B\n".utf8)
        let alphabet = Array("dn:cn=#\n \r:Aa0=+/".utf8) + [0x00, 0xC3, 0xFF]
        for i in 0..<2000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                if Bool.random(using: &rng), !bytes.isEmpty { bytes.remove(at: Int.random(in: 0..<bytes.count, using: &rng)) }
                else { bytes.insert(alphabet.randomElement(using: &rng)!, at: Int.random(in: 0...bytes.count, using: &rng)) }
            }
            var reader = LDIFReader(bytes: bytes)
            for item in try reader.readAll() {
                if case .problem(let p) = item { #expect(p.line >= 1, "case \(i)") }
            }
        }
    }
}
