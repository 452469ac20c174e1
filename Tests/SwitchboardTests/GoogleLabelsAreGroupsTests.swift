import TestSupport
import Testing
import Foundation
@testable import switchboard

/// Google's labels, imported from its CSV, are groups in the app: on the card, among the groups
/// `l` offers, and the list of one of them; a group added in the form is exported as CATEGORIES.
@MainActor
@Suite("Google labels are groups", .serialized)
struct GoogleLabelsAreGroupsTests {
    static let csv = """
        First Name,Last Name,Labels,E-mail 1 - Label,E-mail 1 - Value
        Ada,Lovelace,* myContacts ::: Mathematicians ::: Poets,* Home,ada@example.org
        Grace,Hopper,* myContacts ::: Navy ::: Mathematicians,Work,grace@navy.mil
        Alan,Turing,* myContacts,Work,alan@example.org

        """

    @Test func labelsAreSeenAndFilteredAndExportedAsCategories() throws {
        let folder = InterchangeFolder("google-labels")
        let db = folder.dataFile("data.sqlite3")
        folder.write("google.csv", Self.csv)
        #expect(runSwitchboard(["import", folder.file("google.csv"), "--db", db]).output.contains("imported 3"))
        let run = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s l wait:500ms"])
        #expect(run.output.contains("Mathematicians (2)") && run.output.contains("Navy (1)") && run.output.contains("Poets (1)"), "\(run.output)")
        let filtered = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s l wait:500ms Down Enter wait:500ms"])
        let screen = filtered.output.components(separatedBy: "\n")
        #expect(screen.contains { $0.contains("Contacts · Mathematicians (2)") }, "\(filtered.output)")
        #expect(filtered.output.contains("Grace Hopper") && !filtered.output.contains("Alan Turing"), "\(filtered.output)")
        let card = runSwitchboard(["--headless", "--db", db, "--size", "100x30", "--keys", "wait:1s C wait:1s Down Enter wait:500ms"])
        #expect(card.output.contains("Mathematicians, Poets"), "\(card.output)")
        let export = runSwitchboard(["export", "--db", db]).output
        #expect(export.contains("CATEGORIES:Mathematicians,Poets") && export.contains("CATEGORIES:Navy,Mathematicians"), "\(export)")
    }
}
