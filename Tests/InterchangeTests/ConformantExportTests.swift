import TestSupport
import Testing
@testable import Interchange
import Foundation

/// Each version's export holds only that version's properties, converted where a mapping
/// exists, and binary values say the media type their bytes have.
@Suite("Conformant exports")
struct ConformantExportTests {
    /// RFC 6350's properties.
    static let names40: Set<String> = ["BEGIN", "END", "SOURCE", "KIND", "XML", "FN", "N", "NICKNAME", "PHOTO", "BDAY", "ANNIVERSARY",
                                       "GENDER", "ADR", "TEL", "EMAIL", "IMPP", "LANG", "TZ", "GEO", "TITLE", "ROLE", "LOGO", "ORG",
                                       "MEMBER", "RELATED", "CATEGORIES", "NOTE", "PRODID", "REV", "SOUND", "UID", "CLIENTPIDMAP",
                                       "URL", "VERSION", "KEY", "FBURL", "CALADRURI", "CALURI"]
    /// RFC 2426's, with IMPP (RFC 4770) and the calendar URIs (RFC 2739).
    static let names30: Set<String> = ["BEGIN", "END", "NAME", "PROFILE", "SOURCE", "FN", "N", "NICKNAME", "PHOTO", "BDAY", "ADR", "LABEL",
                                       "TEL", "EMAIL", "MAILER", "TZ", "GEO", "TITLE", "ROLE", "LOGO", "AGENT", "ORG", "CATEGORIES",
                                       "NOTE", "PRODID", "REV", "SORT-STRING", "SOUND", "UID", "URL", "VERSION", "CLASS", "KEY",
                                       "IMPP", "FBURL", "CALADRURI", "CALURI"]

    static let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    static let jpeg = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP8="

    static func contact(_ text: String) throws -> ContactCard {
        var reader = VCardReader(bytes: Array(text.utf8))
        guard case .card(let card) = try #require(try reader.readAll().first) else { throw ReadProblem(line: 0, reason: .noName) }
        return VCardDecoder.contact(from: card)
    }

    /// Folded lines joined, byte by byte (a fold may fall inside a grapheme).
    static func unfold(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if i + 2 < bytes.count, bytes[i] == 0x0D, bytes[i + 1] == 0x0A, bytes[i + 2] == 0x20 { i += 3; continue }
            out.append(bytes[i]); i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The property names of an export, unfolded, groups aside.
    static func names(_ text: String) -> [String] {
        unfold(text).components(separatedBy: "\r\n").filter { !$0.isEmpty }.map { line in
            let header = line.prefix { $0 != ":" && $0 != ";" }
            return String(header.split(separator: ".").last ?? header).uppercased()
        }
    }

    static func conforms(_ text: String, _ version: VCardVersion) -> [String] {
        let allowed = version == .v40 ? names40 : names30
        return names(text).filter { !allowed.contains($0) && !$0.hasPrefix("X-") }
    }

    @Test func a30CardExportedAs40() throws {
        let c = try Self.contact("""
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Erika Mustermann\r
        N:Mustermann;Erika;;;\r
        LABEL;TYPE=HOME:Heidestraße 17\\n51147 Köln\r
        MAILER:Evolution 3.50\r
        CLASS:PRIVATE\r
        SORT-STRING:Mustermann\r
        GEO:50.9375;6.9603\r
        PHOTO;ENCODING=b;TYPE=WORK:\(Self.png)\r
        IMPP;TYPE=pref:xmpp:erika@example.de\r
        END:VCARD\r

        """)
        let four = VCardWriter(version: .v40).write(c)
        #expect(Self.conforms(four, .v40) == [])
        #expect(four.contains("X-LABEL;TYPE=HOME:Heidestraße 17\\n51147 Köln\r\n"))
        #expect(four.contains("X-MAILER:Evolution 3.50\r\n") && four.contains("X-CLASS:PRIVATE\r\n") && four.contains("X-SORT-STRING:Mustermann\r\n"))
        #expect(four.contains("GEO:geo:50.9375,6.9603\r\n"))
        #expect(Self.unfold(four).contains("PHOTO:data:image/png;base64,\(Self.png)\r\n"))
        #expect(four.contains("IMPP;PREF=1:xmpp:erika@example.de\r\n"))
        // And back to 3.0 it is what it was.
        let three = VCardWriter(version: .v30).write(try Self.contact(four))
        #expect(Self.conforms(three, .v30) == [])
        for line in ["LABEL;TYPE=HOME:Heidestraße 17\\n51147 Köln\r\n", "MAILER:Evolution 3.50\r\n", "CLASS:PRIVATE\r\n", "GEO:50.9375;6.9603\r\n",
                     "IMPP;TYPE=pref:xmpp:erika@example.de\r\n"] {
            #expect(three.contains(line), "\(line)")
        }
        #expect(Self.unfold(three).contains("PHOTO;ENCODING=b;TYPE=PNG:\(Self.png)\r\n"))
    }

    /// 3.0's LABEL of an address's type is 4.0's LABEL parameter of that ADR, both ways; one
    /// that matches no address stays X-LABEL in 4.0; a written one is never replaced by the
    /// address on lines, and an address with none gets only that in 4.0 and nothing in 3.0.
    @Test func labelsMoveBetweenTheLABELPropertyAndADRsLABELParameter() throws {
        let c = try Self.contact("""
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Erika Mustermann\r
        N:Mustermann;Erika;;;\r
        LABEL;TYPE=HOME:Frau E. Mustermann\\nHeidestraße 17\\n51147 Köln\r
        ADR;TYPE=HOME:;;Heidestraße 17;Köln;;51147;\r
        ADR;TYPE=WORK:;;Hauptstraße 1;Bonn;;53111;\r
        item1.ADR:;;Am Hang 3;Hennef;;53773;\r
        item1.X-ABLabel:Ferienhaus\r
        item1.LABEL:Am Hang 3\\n53773 Hennef (Sieg)\r
        LABEL;TYPE=POSTAL:Postfach 10 01\\n50667 Köln\r
        END:VCARD\r

        """)
        #expect(c.addresses.map(\.deliveryLabel) == ["Frau E. Mustermann\nHeidestraße 17\n51147 Köln", "", "Am Hang 3\n53773 Hennef (Sieg)"])
        #expect(c.extras.map(\.name) == ["LABEL"])  // the postal one: no postal address
        let four = Self.unfold(VCardWriter(version: .v40).write(c))
        #expect(Self.conforms(four, .v40) == [])
        #expect(four.contains("ADR;TYPE=home;LABEL=\"Frau E. Mustermann^nHeidestraße 17^n51147 Köln\":;;Heidestraße 17;Köln;;51147;\r\n"))
        #expect(four.contains("ADR;TYPE=work;LABEL=\"Hauptstraße 1^n53111 Bonn\":;;Hauptstraße 1;Bonn;;53111;\r\n"))
        #expect(four.contains(".ADR;LABEL=\"Am Hang 3^n53773 Hennef (Sieg)\":;;Am Hang 3;Hennef;;53773;\r\n"))
        #expect(four.contains("X-LABEL;TYPE=POSTAL:Postfach 10 01\\n50667 Köln\r\n"))
        #expect(!four.contains("\r\nLABEL"))
        let back = try Self.contact(four)
        #expect(back.addresses == c.addresses)
        let three = Self.unfold(VCardWriter(version: .v30).write(back))
        #expect(Self.conforms(three, .v30) == [])
        #expect(three.contains("ADR;TYPE=home:;;Heidestraße 17;Köln;;51147;\r\nLABEL;TYPE=home:Frau E. Mustermann\\nHeidestraße 17\\n51147 Köln\r\n"))
        #expect(three.contains("ADR;TYPE=work:;;Hauptstraße 1;Bonn;;53111;\r\nitem"))   // no LABEL: none was written
        #expect(three.contains(".LABEL:Am Hang 3\\n53773 Hennef (Sieg)\r\n"))
        #expect(three.contains("\r\nLABEL;TYPE=POSTAL:Postfach 10 01\\n50667 Köln\r\n"))
        #expect(try Self.contact(three).addresses == c.addresses)
    }

    /// A photo whose base64 was damaged before it came (a length no base64 has) is written from
    /// the bytes it still holds, so the export stays readable; a valid one is written as it came.
    @Test func aDamagedBase64ValueIsWrittenValid() throws {
        let damaged = String(Self.png.dropLast(2)) + "A=="   // one data character too many for its padding
        let c = try Self.contact("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:X\r\nPHOTO;ENCODING=b;TYPE=PNG:\(damaged)\r\nEND:VCARD\r\n")
        for version in [VCardVersion.v30, .v40] {
            let text = Self.unfold(VCardWriter(version: version).write(c))
            let line = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("PHOTO") })
            var data = String(line[line.index(after: line.lastIndex(of: ":")!)...])
            if let comma = data.lastIndex(of: ",") { data = String(data[data.index(after: comma)...]) }
            #expect(data.count % 4 == 0 && Data(base64Encoded: data) != nil, "\(version): \(data)")
        }
        let valid = try Self.contact("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:X\r\nPHOTO;ENCODING=b;TYPE=PNG:\(Self.png)\r\nEND:VCARD\r\n")
        #expect(Self.unfold(VCardWriter(version: .v30).write(valid)).contains("PHOTO;ENCODING=b;TYPE=PNG:\(Self.png)\r\n"))
    }

    @Test func a40CardExportedAs30() throws {
        let c = try Self.contact("""
        BEGIN:VCARD\r
        VERSION:4.0\r
        KIND:individual\r
        FN:Jane Doe\r
        GENDER:F\r
        ANNIVERSARY:20090808\r
        LANG;PREF=1:fr\r
        RELATED;TYPE=spouse:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af\r
        GEO:geo:46.772673,-71.282945;u=10\r
        PHOTO:data:image/jpeg;base64,\(Self.jpeg)\r
        END:VCARD\r

        """)
        let three = VCardWriter(version: .v30).write(c)
        #expect(Self.conforms(three, .v30) == [])
        for line in ["X-KIND:individual\r\n", "X-GENDER:F\r\n", "X-ANNIVERSARY:20090808\r\n", "X-LANG;TYPE=pref:fr\r\n", "GEO:46.772673;-71.282945\r\n",
                     "PHOTO;ENCODING=b;TYPE=JPEG:\(Self.jpeg)\r\n"] {
            #expect(three.contains(line), "\(line) in \(three)")
        }
        let four = VCardWriter(version: .v40).write(try Self.contact(three))
        #expect(Self.conforms(four, .v40) == [])
        for line in ["KIND:individual\r\n", "GENDER:F\r\n", "ANNIVERSARY:20090808\r\n", "LANG;PREF=1:fr\r\n", "GEO:geo:46.772673,-71.282945\r\n",
                     "PHOTO:data:image/jpeg;base64,\(Self.jpeg)\r\n"] {
            #expect(four.contains(line), "\(line) in \(four)")
        }
    }

    @Test func aPhotosMediaTypeComesFromItsBytesAndADataURIIsNeverDoubled() throws {
        // TYPE=JPEG on PNG bytes (a mislabelled export), and a data URI that came with ENCODING=b.
        let mislabelled = try Self.contact("BEGIN:VCARD\nVERSION:3.0\nFN:P\nPHOTO;ENCODING=b;TYPE=JPEG:\(Self.png)\nEND:VCARD\n")
        let four = Self.unfold(VCardWriter(version: .v40).write(mislabelled))
        #expect(four.contains("PHOTO:data:image/png;base64,\(Self.png)\r\n"))
        let doubled = try Self.contact("BEGIN:VCARD\nVERSION:4.0\nFN:P\nPHOTO;ENCODING=b:data:image/png;base64,\(Self.png)\nEND:VCARD\n")
        let again = Self.unfold(VCardWriter(version: .v40).write(doubled))
        #expect(again.contains("PHOTO:data:image/png;base64,\(Self.png)\r\n"))
        #expect(!again.contains("base64,data:"))
        // A 4.0 data URI that says JPEG over PNG bytes becomes TYPE=PNG in 3.0.
        let wrongURI = try Self.contact("BEGIN:VCARD\nVERSION:4.0\nFN:P\nPHOTO:data:image/jpeg;base64,\(Self.png)\nEND:VCARD\n")
        #expect(Self.unfold(VCardWriter(version: .v30).write(wrongURI)).contains("PHOTO;ENCODING=b;TYPE=PNG:"))
        // Bytes it does not know, under a TYPE that is no format, are application/octet-stream, not image/work.
        let unknown = try Self.contact("BEGIN:VCARD\nVERSION:3.0\nFN:P\nPHOTO;ENCODING=b;TYPE=WORK:AAAA\nEND:VCARD\n")
        #expect(VCardWriter(version: .v40).write(unknown).contains("PHOTO:data:application/octet-stream;base64,AAAA\r\n"))
    }

    /// Random cards with properties of either version: every export holds only its version's.
    @Test func randomCardsExportOnlyTheirVersionsProperties() throws {
        var rng = SeededGenerator(seed: 6350)
        let pool = Array(VCardConformance.only30) + Array(VCardConformance.only40) + ["GEO", "X-FOO", "ROLE", "IMPP", "TZ", "X-LABEL", "X-KIND"]
        for _ in 0..<200 {
            var c = RandomContact.make(&rng)
            c.extras = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                VCardProperty(name: pool.randomElement(using: &rng)!, value: Bool.random(using: &rng) ? "1.5;2.5" : "geo:1.5,2.5")
            }
            for version in [VCardVersion.v40, .v30] {
                let text = VCardWriter(version: version).write(c)
                #expect(Self.conforms(text, version) == [], "\(text)")
            }
        }
    }
}
