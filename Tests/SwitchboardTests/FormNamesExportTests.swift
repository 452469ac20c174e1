import TestSupport
import Testing
import Foundation
@testable import switchboard
@testable import Interchange

/// Issue 36's form items in the exported vCard: the display name, prefix and suffix edited
/// through the form (the whole app, headless) change only FN or N; a company saved with no
/// person's name is written KIND:org, and stays so through edits.
@MainActor
@Suite("The form's name fields in the export", .serialized)
struct FormNamesExportTests {
    static let ada = """
    BEGIN:VCARD\r
    VERSION:4.0\r
    UID:ada\r
    FN:Ada Lovelace\r
    N:Lovelace;Ada;Augusta;;\r
    EMAIL:ada@example.org\r
    X-CUSTOM;X-PARAM=one:kept as it came\r
    END:VCARD\r

    """

    /// Shift-Tab from the first name: the suffix, the prefix, then the display name.
    static let toShownAs = "S-Tab S-Tab S-Tab"

    @Test func changingTheDisplayNameChangesOnlyFN() throws {
        let folder = InterchangeFolder("form-fn")
        let template = folder.dataFile("template.sqlite3")
        let outcome = try EditKeepsTheCardTests().edit(Array(Self.ada.utf8), in: folder, template: template, index: 0,
                                                       keys: Self.toShownAs + #" C-u "Augusta Ada King""#)
        // (The helper counts any line but TITLE and TEL as "other lines changed": the changed lines say it all.)
        #expect(outcome.changed == ["- FN:Ada Lovelace", "+ FN:Augusta Ada King"], "\(outcome.failure ?? "")")
    }

    @Test func changingThePrefixAndSuffixChangesOnlyN() throws {
        let folder = InterchangeFolder("form-prefix")
        let template = folder.dataFile("template.sqlite3")
        let outcome = try EditKeepsTheCardTests().edit(Array(Self.ada.utf8), in: folder, template: template, index: 0,
                                                       keys: #"S-Tab "Jr." S-Tab "Countess""#)
        #expect(outcome.changed == ["- N:Lovelace;Ada;Augusta;;", "+ N:Lovelace;Ada;Augusta;Countess;Jr."], "\(outcome.failure ?? "")")
    }

    @Test func aPersonsCardMadeACompanysGetsKINDOrgAndNothingElseChangesButN() throws {
        let folder = InterchangeFolder("form-kind")
        let template = folder.dataFile("template.sqlite3")
        let card = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:acme\r
        FN:Acme Plumbing Ltd\r
        N:Ltd;Acme Plumbing;;;\r
        ORG:Acme Plumbing Ltd\r
        TEL:+44 20 7946 0000\r
        END:VCARD\r

        """
        // The first and last name emptied: the company's name is left.
        let outcome = try EditKeepsTheCardTests().edit(Array(card.utf8), in: folder, template: template, index: 0, keys: "C-u Tab C-u")
        #expect(outcome.changed == ["- N:Ltd;Acme Plumbing;;;", "+ N:;;;;", "+ KIND:org"], "\(outcome.failure ?? "")")
    }

    @Test func aCompanyMadeInTheFormIsWrittenKINDOrgAndStaysSoThroughAnEdit() throws {
        let folder = InterchangeFolder("form-company")
        let db = folder.dataFile("company.sqlite3")
        // Add: to Company (past the names, three phones and three e-mails with their labels), save.
        let add = "wait:1s C wait:1s a wait:400ms " + Array(repeating: "Tab", count: 15).joined(separator: " ") + #" "Ørsted A/S" C-s wait:500ms"#
        #expect(runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", add]).code == 0)
        for format in ["vcard", "vcard3"] {
            let export = runSwitchboard(["export", "--format", format, "--db", db]).output
            #expect(export.contains(format == "vcard" ? "\r\nKIND:org\r\n" : "\r\nX-KIND:org\r\n") && export.contains("\r\nFN:Ørsted A/S\r\n")
                    && export.contains("\r\nORG:Ørsted A/S\r\n"), "\(export)")
        }
        // Edit its title: still a company's card, KIND once.
        let edit = "wait:1s C wait:1s Enter wait:500ms e wait:500ms " + Array(repeating: "Tab", count: 16).joined(separator: " ") + #" "Wind" C-s wait:500ms"#
        #expect(runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", edit]).code == 0)
        let export = runSwitchboard(["export", "--db", db]).output
        #expect(export.contains("\r\nTITLE:Wind\r\n") && export.components(separatedBy: "KIND:org").count == 2, "\(export)")
    }
}
