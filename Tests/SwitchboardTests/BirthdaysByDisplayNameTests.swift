import Foundation
import Testing

/// `switchboard query --birthdays` names each contact by its display name (FN), as the list and
/// mutt's query do: "Acme Plumbing Ltd" though N is `Ltd;Acme Plumbing`, "中村 博" as written.
@MainActor
@Suite("query --birthdays by the display name")
struct BirthdaysByDisplayNameTests {
    static let cards = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ltd;Acme Plumbing;;;\r\nFN:Acme Plumbing of Leeds\r\nBDAY:--0412\r\nEMAIL:info@acme.example\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:4.0\r\nN:Nakamura;Hiroshi;;;\r\nFN:中村 博\r\nBDAY:19700101\r\nEND:VCARD\r

        """

    @Test func birthdaysAndQueryShowTheFN() {
        let folder = InterchangeFolder("fn-birthdays")
        let db = folder.dataFile("b.sqlite3")
        folder.write("in.vcf", Self.cards)
        _ = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        let birthdays = runSwitchboard(["query", "--birthdays", "--today", "2026-01-01", "--db", db])
        #expect(birthdays.code == 0)
        #expect(birthdays.output == "1970-01-01\t中村 博\n--04-12\tAcme Plumbing of Leeds\n", "\(birthdays.output)")
        let acme = runSwitchboard(["query", "acme", "--db", db])
        #expect(acme.output.contains("info@acme.example\tAcme Plumbing of Leeds"), "\(acme.output)")
    }
}
