import TestSupport
import Testing
@testable import Interchange

/// A card's text as it came, with an edit written over it (issue 48): every line the edit did not
/// change comes back byte for byte; a changed one is written in the card's own version.
struct VCardSourceTextTests {
    /// The text with the first property named `name` given `value` (its parameters kept), REV set.
    static func edited(_ text: String, _ name: String, to value: String) throws -> String {
        let source = try #require(VCardSourceText(text))
        var card = source.card
        let i = try #require(card.properties.firstIndex { $0.name == name })
        card.properties[i].value = value
        return source.text(with: card)
    }

    @Test func a21CardKeepsItsVersionEncodingsAndFoldsAndTheEditIsQuotedPrintableUTF8() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen\r\n"
            + "NOTE;ENCODING=QUOTED-PRINTABLE:line one=0D=0Aline=\r\n two\r\nTEL;WORK;VOICE:+49 30 1\r\n"
            + "PHOTO;BASE64:\r\n iVBORw0KGgo=\r\n\r\nEND:VCARD\r\n"
        let out = try Self.edited(text, "TEL", to: "+49 30 2")
        #expect(out == text.replacingOccurrences("TEL;WORK;VOICE:+49 30 1", with: "TEL;WORK;VOICE:+49 30 2"), "\(out)")
        let noted = try Self.edited(text, "NOTE", to: "Grüße\\nund mehr\\, bitte")
        // Quoted-printable UTF-8, its lines kept under 76 octets by soft breaks.
        #expect(noted.contains("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Gr=C3=BC=C3=9Fe=0D=0Aund mehr"), "\(noted)")
        #expect(FidelityLines.all(noted).allSatisfy { $0.utf8.count <= 76 }, "\(noted)")
        #expect(noted.hasPrefix("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen\r\nNOTE;"))
        #expect(noted.hasSuffix("TEL;WORK;VOICE:+49 30 1\r\nPHOTO;BASE64:\r\n iVBORw0KGgo=\r\n\r\nEND:VCARD\r\n"))
        // Read back: the new note, the rest as it was.
        let again = try #require(VCardSourceText(noted)).card
        #expect(again.version == .v21 && again.first("NOTE")?.text == "Grüße\nund mehr, bitte" && again.first("N")?.components.first == "Müller")
    }

    @Test func parameterSpellingOrderGroupsAndLineEndsStayOnLinesNotEdited() throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nitem1.EMAIL;type=INTERNET;type=pref:a@example.com\nitem1.X-ABLabel:_$!<Other>!$_\n"
            + "BDAY;value=date:1980-05-04\nTEL;type=CELL;type=VOICE:+1 555 0100\nRELATED;TYPE=spouse:Pierre\nNOTE:one\nNOTE:two\n"
            + "TITLE:A very long title that is folded by its writer because it goes on past seven\n ty-five octets\nEND:VCARD\n"
        let out = try Self.edited(text, "TEL", to: "+1 555 0199")
        // The edited line keeps its header as spelled, the LF line ends stay LF, the rest is as it came.
        #expect(out == text.replacingOccurrences("TEL;type=CELL;type=VOICE:+1 555 0100", with: "TEL;type=CELL;type=VOICE:+1 555 0199"), "\(out)")
        // A property of 4.0 edited in a 3.0 card keeps its name; a new one gets 3.0's X- form.
        let source = try #require(VCardSourceText(text))
        var card = source.card
        card.properties[try #require(card.properties.firstIndex { $0.name == "RELATED" })].value = "Paul"
        card.properties.append(VCardProperty(name: "ANNIVERSARY", value: "19950726"))
        let written = source.text(with: card)
        #expect(written.contains("\nRELATED;TYPE=spouse:Paul\n") && written.hasSuffix("\nX-ANNIVERSARY:19950726\nEND:VCARD\n"), "\(written)")
        #expect(written.components("\nNOTE:").count == 3, "two NOTEs stay two")
    }

    @Test func aRemovedPropertyGoesAndAnAddedOneComesBeforeEnd() throws {
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Hedy Lamarr\r\nX-GENDER:female\r\nTEL;VALUE=uri;TYPE=cell:tel:+1-555-555-0199\r\nEND:VCARD\r\n"
        let source = try #require(VCardSourceText(text))
        var card = source.card
        card.properties.removeAll { $0.name == "TEL" }
        card.properties.append(VCardProperty(name: "EMAIL", parameters: [VCardParameter(name: "TYPE", values: ["work"]), VCardParameter(name: "PREF", values: ["1"])],
                                             value: "hedy@example.com"))
        #expect(source.text(with: card) == "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Hedy Lamarr\r\nX-GENDER:female\r\nEMAIL;TYPE=work;PREF=1:hedy@example.com\r\nEND:VCARD\r\n")
        #expect(source.text(with: source.card) == text, "nothing changed: the same bytes")
    }

    @Test func aCharsetThatContradictsTheBytesIsReadByTheBytes() throws {
        let card = try #require(VCardSourceText("BEGIN:VCARD\r\nVERSION:3.0\r\nFN;CHARSET=windows-1252:John Doë\r\nEND:VCARD\r\n")).card
        #expect(card.first("FN")?.text == "John Doë")
        // Bytes that are not UTF-8 are still read in the charset they declare.
        var reader = VCardReader(bytes: Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=windows-1252:John Do".utf8) + [0xEB] + Array("\r\nEND:VCARD\r\n".utf8))
        guard case .card(let latin)? = try reader.next() else { Issue.record("no card"); return }
        #expect(latin.first("FN")?.text == "John Doë")
    }
}

enum FidelityLines {
    /// The physical lines of `text` (without their line ends).
    static func all(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).map { String(String.UnicodeScalarView($0)) }
    }
}

private extension String {
    func replacingOccurrences(_ old: String, with new: String) -> String {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: old) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return (parts + [String(rest)]).joined(separator: new)
    }

    func components(_ separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return parts + [String(rest)]
    }
}

/// The corpus's cards with bytes thrown in (line breaks, folds, quotes, colons, quoted-printable's
/// `=`, bytes that are not UTF-8), seeded: never a crash; where the text is matched line for line,
/// the card unchanged is written back byte for byte, and an edit of one property changes nothing
/// before or after its line.
@Suite("Source text fuzz")
struct VCardSourceTextFuzzTests {
    @Test func anyTextIsMatchedWholeOrNotAtAllAndNothingEditedIsTheSameBytes() throws {
        var rng = SeededGenerator(seed: 48_2026)
        let pieces: [[UInt8]] = [[0x0D, 0x0A], [0x0A], [0x0D], [0x0D, 0x0A, 0x20], [0x20], [0x09], [0x3D], [0x3D, 0x0D, 0x0A],
                                 [0x3A], [0x3B], [0x22], [0x2C], [0x5C], [0xC3], [0xFF], Array("QUOTED-PRINTABLE".utf8),
                                 Array("BEGIN:VCARD\r\n".utf8), Array("END:VCARD\r\n".utf8), Array(";CHARSET=windows-1252".utf8)]
        var matched = 0, tried = 0
        for (_, bytes) in Corpus.files() {
            for card in Corpus.cards(of: bytes) {
                for _ in 0..<6 {
                    var mutated = card
                    for _ in 0..<Int.random(in: 0...3, using: &rng) {
                        let piece = pieces[Int.random(in: 0..<pieces.count, using: &rng)]
                        mutated.insert(contentsOf: piece, at: Int.random(in: 0...mutated.count, using: &rng))
                    }
                    let text = String(decoding: mutated, as: UTF8.self)
                    tried += 1
                    guard let source = VCardSourceText(text) else { continue }
                    matched += 1
                    #expect(source.text(with: source.card) == text)
                    guard let i = source.card.properties.indices.randomElement(using: &rng) else { continue }
                    var edited = source.card
                    edited.properties[i].value = "Edited\\, value"
                    let out = source.text(with: edited)
                    // Reading it again finds the edit, and the other properties as they were.
                    let again = try #require(VCardSourceText(out), "the edited text reads again:\n\(out)")
                    #expect(again.card.properties.count == source.card.properties.count)
                    for k in again.card.properties.indices where k != i && k < source.card.properties.count {
                        let a: VCardProperty = again.card.properties[k], b: VCardProperty = source.card.properties[k]
                        #expect(a.name == b.name && a.value == b.value && a.parameters == b.parameters, "\(out)")
                    }
                }
            }
        }
        #expect(tried >= 600 && matched >= tried / 2, "\(matched) of \(tried) matched")
        print("measured: source-text fuzz: \(matched) of \(tried) damaged corpus cards matched line for line, each written back byte for byte")
    }
}
