import TestSupport
import Testing
@testable import Interchange

@Suite("vCard writer")
struct VCardWriterTests {
    @Test func foldsAt75OctetsWithoutSplittingUTF8() {
        let line = "NOTE:" + String(repeating: "é", count: 100)   // 2 octets each
        let folded = VCardWriter.fold(line)
        let pieces = folded.split(separator: "\r\n", omittingEmptySubsequences: true).map(String.init)
        #expect(pieces.allSatisfy { $0.utf8.count <= 75 })
        #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(pieces.count == 3)
        #expect(pieces[0] + pieces.dropFirst().map { String($0.dropFirst()) }.joined() == line)
        #expect(folded.hasSuffix("\r\n"))
        #expect(VCardWriter.fold("FN:Short") == "FN:Short\r\n")
    }

    @Test func writes40WithEscapesTypesPrefAndAppleLabels() {
        let card = ContactCard(uid: "urn:uuid:1", formattedName: "Grace Hopper", familyName: "Hopper", givenName: "Grace",
                               organization: "US Navy", title: "Rear Admiral",
                               emails: [LabeledValue(label: "work", value: "grace@navy.mil", isPreferred: true)],
                               phones: [LabeledValue(label: "mobile", value: "+1 555 0199"), LabeledValue(label: "boat", value: "555")],
                               birthday: PartialDate(year: 1906, month: 12, day: 9), note: "COBOL; compilers, too\nand more",
                               categories: ["friends"])
        let text = VCardWriter(version: .v40).write(card)
        #expect(text.contains("VERSION:4.0\r\n"))
        #expect(text.contains("EMAIL;TYPE=work;PREF=1:grace@navy.mil\r\n"))
        #expect(text.contains("TEL;TYPE=cell;VALUE=text:+1 555 0199\r\n"))
        #expect(text.contains("item1.TEL;VALUE=text:555\r\nitem1.X-ABLabel:boat\r\n"))
        #expect(text.contains("BDAY:19061209\r\n"))
        #expect(text.contains("NOTE:COBOL\\; compilers\\, too\\nand more\r\n"))
        #expect(text.contains("CATEGORIES:friends\r\n"))
        let three = VCardWriter(version: .v30).write(card)
        #expect(three.contains("EMAIL;TYPE=work,pref:grace@navy.mil\r\n"))
        #expect(three.contains("BDAY:1906-12-09\r\n"))
    }

    @Test func photosMoveBetween30And40Forms() throws {
        let photo = VCardProperty(name: "PHOTO", parameters: [VCardParameter(name: "ENCODING", values: ["b"]), VCardParameter(name: "TYPE", values: ["JPEG"])], value: "AAAA")
        let card = ContactCard(formattedName: "P", extras: [photo])
        let four = VCardWriter(version: .v40).write(card)
        #expect(four.contains("PHOTO:data:image/jpeg;base64,AAAA\r\n"))
        let back = try #require(try contacts(four).first)
        let three = VCardWriter(version: .v30).write(back)
        #expect(three.contains("PHOTO;ENCODING=b;TYPE=JPEG:AAAA\r\n"))
    }

    /// Random contacts -> vCard -> contacts are equal, in 4.0 and 3.0, seeded.
    @Test(arguments: [VCardVersion.v40, .v30])
    func roundTripOfRandomContacts(version: VCardVersion) throws {
        var rng = SeededGenerator(seed: 22)
        let writer = VCardWriter(version: version)
        for i in 0..<300 {
            var card = RandomContact.make(&rng)
            let text = writer.write(card)
            let back = try contacts(text)
            card.line = 1
            #expect(back == [card], "case \(i):\n\(text)")
            if back != [card] { break }
        }
    }
}

/// Random contacts over the characters that matter to the formats: escapes, quotes,
/// line breaks, non-ASCII and wide text.
enum RandomContact {
    static let alphabet: [String] = ["a", "B", "z", " ", ",", ";", "\\", ":", "\"", "'", "\n", "é", "ß", "Ж", "李", "😀", "👩‍💻", "-", ".", "=", "^", "1"]

    static func text(_ rng: inout SeededGenerator, max: Int = 12) -> String {
        let count = Int.random(in: 0...max, using: &rng)
        let raw = (0..<count).map { _ in alphabet.randomElement(using: &rng)! }.joined()
        return raw.trimmingSpaces
    }

    static func word(_ rng: inout SeededGenerator) -> String {
        var t = text(&rng).replacingNewlines()
        if t.isEmpty { t = "x" }
        return t
    }

    static func label(_ rng: inout SeededGenerator) -> String {
        ["", "home", "work", "mobile", "home fax", "boat", "Other place", "pager", "_$!<AssistantPhone>!$_", "iphone mobile",
         "work postal parcel"].randomElement(using: &rng)!
    }

    static func make(_ rng: inout SeededGenerator) -> ContactCard {
        var c = ContactCard()
        c.uid = "urn:uuid:\(rng.next())"
        c.familyName = text(&rng).replacingNewlines()
        c.givenName = text(&rng).replacingNewlines()
        c.formattedName = word(&rng)
        c.nicknames = (0..<Int.random(in: 0...2, using: &rng)).map { _ in word(&rng) }
        c.organization = text(&rng).replacingNewlines()
        c.title = text(&rng).replacingNewlines()
        c.emails = (0..<Int.random(in: 0...3, using: &rng)).map { _ in LabeledValue(label: label(&rng), value: word(&rng) + "@example.org", isPreferred: Bool.random(using: &rng)) }
        c.phones = (0..<Int.random(in: 0...3, using: &rng)).map { _ in LabeledValue(label: label(&rng), value: "+1 555 " + String(Int.random(in: 0...9999, using: &rng)), isPreferred: Bool.random(using: &rng)) }
        if Bool.random(using: &rng) {
            c.addresses = [PostalAddress(label: label(&rng), street: text(&rng).replacingNewlines(), locality: word(&rng), postalCode: "N1 9GU",
                                         country: text(&rng).replacingNewlines(), isPreferred: Bool.random(using: &rng))]
        }
        c.urls = Bool.random(using: &rng) ? [LabeledValue(label: label(&rng), value: "https://example.org/" + word(&rng), isPreferred: Bool.random(using: &rng))] : []
        if Bool.random(using: &rng) {
            c.birthday = PartialDate(year: Bool.random(using: &rng) ? Int.random(in: 1900...2020, using: &rng) : nil,
                                     month: Int.random(in: 1...12, using: &rng), day: Int.random(in: 1...28, using: &rng))
        }
        c.note = text(&rng, max: 200)
        c.categories = Bool.random(using: &rng) ? ["friends"] : []
        return c
    }
}

extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }).trimmingSpaces }
}
