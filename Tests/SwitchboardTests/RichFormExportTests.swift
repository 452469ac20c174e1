import TestSupport
import Testing
import Foundation
@testable import Interchange

/// Issue 39's richer form in the exported vCard: a card with four phones, two addresses, an IM
/// address, an anniversary and custom fields, imported, one row edited (or added, or removed)
/// through the form (the whole app, headless), exported again: only that property differs.
@MainActor
@Suite("The richer form's rows in the export", .serialized)
struct RichFormExportTests {
    static let grace = """
    BEGIN:VCARD\r
    VERSION:4.0\r
    UID:grace\r
    FN:Grace Hopper\r
    N:Hopper;Grace;;;\r
    TEL;TYPE=cell:+1 555 0101\r
    TEL;TYPE=work:+1 555 0102\r
    TEL;TYPE=home:+1 555 0103\r
    TEL:+1 555 0104\r
    EMAIL;TYPE=work:grace@navy.mil\r
    ADR;TYPE=work:;;1 Navy Way;Arlington;VA;22202;USA\r
    ADR;TYPE=home:;;2 Home St;Arlington;VA;22203;USA\r
    IMPP;TYPE=work:xmpp:grace@jabber.org\r
    ANNIVERSARY:19600607\r
    X-SPOUSE:None\r
    item1.X-ABRELATEDNAMES:Charles\r
    item1.X-ABLabel:colleague\r
    END:VCARD\r

    """

    /// Tabs from the first name to field number `n` of this card's form (0: the first name).
    func tabs(_ n: Int) -> String { Array(repeating: "Tab", count: n).joined(separator: " ") }

    // The card's form, from the first name: last 1, middle 2, phones 3…10 (four, with labels),
    // e-mails 11…16 (three rows), company 17, title 18, nickname 19, birthday 20, anniversary 21,
    // web 22, address 1 23…28, address 2 29…34, IM 1 35 (label 36), groups 37, custom fields 38…41.

    func changed(_ keys: String, name: String) throws -> [String] {
        let folder = InterchangeFolder("rich-\(name)")
        let template = folder.dataFile("template.sqlite3")
        let outcome = try EditKeepsTheCardTests().edit(Array(Self.grace.utf8), in: folder, template: template, index: 0, keys: keys,
                                                       edited: { _ in true })
        #expect(outcome.failure == nil, "\(outcome.failure ?? "")")
        return outcome.changed
    }

    @Test func theFourthPhone() throws {
        #expect(try changed(tabs(9) + #" C-u "+1 555 0199""#, name: "phone") == ["- TEL:+1 555 0104", "+ TEL:+1 555 0199"])
    }

    @Test func aFifthPhoneAddedWithCtrlN() throws {
        #expect(try changed(tabs(3) + #" C-n "+1 555 0105" Tab "pager""#, name: "phone5") == ["+ TEL;TYPE=pager:+1 555 0105"])
    }

    @Test func anEmailsLabel() throws {
        #expect(try changed(tabs(12) + #" C-u "home""#, name: "email") == ["- EMAIL;TYPE=work:grace@navy.mil", "+ EMAIL;TYPE=home:grace@navy.mil"])
    }

    @Test func theSecondAddressCity() throws {
        #expect(try changed(tabs(32) + #" C-u "Alexandria""#, name: "adr")
                == ["- ADR;TYPE=home:;;2 Home St;Arlington;VA;22203;USA", "+ ADR;TYPE=home:;;2 Home St;Alexandria;VA;22203;USA"])
    }

    @Test func theIMAddress() throws {
        #expect(try changed(tabs(35) + #" C-u "xmpp:grace@navy.example""#, name: "im")
                == ["- IMPP;TYPE=work:xmpp:grace@jabber.org", "+ IMPP;TYPE=work:xmpp:grace@navy.example"])
    }

    @Test func theAnniversary() throws {
        #expect(try changed(tabs(21) + #" C-u "1960-06-08""#, name: "anniversary") == ["- ANNIVERSARY:19600607", "+ ANNIVERSARY:19600608"])
    }

    @Test func aCustomFieldsValue() throws {
        #expect(try changed(tabs(39) + #" C-u "Vincent""#, name: "custom") == ["- X-SPOUSE:None", "+ X-SPOUSE:Vincent"])
    }

    @Test func aCustomFieldRemovedWithCtrlR() throws {
        #expect(try changed(tabs(39) + " C-r wait:100ms Left Enter wait:100ms", name: "remove") == ["- X-SPOUSE:None"])
    }

    @Test func aGroupedCustomFieldKeepsItsGroupAndLabel() throws {
        #expect(try changed(tabs(41) + #" C-u "Charles Babbage""#, name: "grouped")
                == ["- item1.X-ABRELATEDNAMES:Charles", "+ item1.X-ABRELATEDNAMES:Charles Babbage"])
    }
}
