import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

// The card's actions (issue 39): `y` copies an e-mail or phone (OSC 52, else a message saying
// so), `c` writes a mail in $MAILER or mutt with the terminal handed over, `o` opens the web
// address with xdg-open; a missing program says plainly what to do.

@MainActor
final class ContactActionsSpy: ContactActions {
    var copies: [String] = []
    var takesCopies = true
    var mails: [String] = []
    var opened: [String] = []
    var outcome = ProgramOutcome.exited(0)
    var mailProgram = "mutt"
    func copy(_ text: String) -> Bool { copies.append(text); return takesCopies }
    func composeMail(to address: String) -> ProgramOutcome { mails.append(address); return outcome }
    func open(_ url: String) -> ProgramOutcome { opened.append(url); return outcome }
    var mailsToAll: [[String]] = []
    func composeMail(toAll addresses: [String]) -> ProgramOutcome { mailsToAll.append(addresses); return outcome }
}

@MainActor
final class ShowContactActionsPresenterSpy: ShowContactPresentationLogic {
    var copies: [ShowContact.CopyValue.Response] = []
    var composes: [ShowContact.ComposeMail.Response] = []
    var opens: [ShowContact.OpenLink.Response] = []
    func presentContact(response: ShowContact.GetContact.Response) {}
    func presentDelete(response: ShowContact.DeleteContact.Response) {}
    func presentMerge(response: ShowContact.MergeDuplicate.Response) {}
    func presentCopy(response: ShowContact.CopyValue.Response) { copies.append(response) }
    func presentCompose(response: ShowContact.ComposeMail.Response) { composes.append(response) }
    func presentOpen(response: ShowContact.OpenLink.Response) { opens.append(response) }
}

func adaWithEverything() -> ContactRecord {
    var ada = ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "home", number: "+44 20 7946 0018")],
                            emails: ["ada@analytical.example", "countess@lovelace.example"], isFriend: true)
    ada.preferredEmail = 1
    ada.url = "https://example.org/ada"
    return ada
}

@MainActor
@Suite("Card actions (VIP boundaries)")
struct ContactActionsSceneTests {
    func interactor(_ record: ContactRecord) -> (ShowContactInteractor, ContactActionsSpy, ShowContactActionsPresenterSpy) {
        let store = InMemoryContacts([record])
        let interactor = ShowContactInteractor(contactID: 1, worker: ShowContactWorker(store: store))
        let actions = ContactActionsSpy(), presenter = ShowContactActionsPresenterSpy()
        interactor.actions = actions
        interactor.presenter = presenter
        interactor.getContact(request: .init())
        return (interactor, actions, presenter)
    }

    @Test func copyTakesThePreferredEmailThenTheOthersThenThePhonesAndRoundAgain() {
        let (interactor, actions, presenter) = interactor(adaWithEverything())
        for _ in 0..<4 { interactor.copyValue(request: .init()) }
        #expect(actions.copies == ["countess@lovelace.example", "ada@analytical.example", "+44 20 7946 0018", "countess@lovelace.example"])
        #expect(presenter.copies.first == .init(value: "countess@lovelace.example", copied: true, next: "ada@analytical.example"))
        actions.takesCopies = false
        interactor.copyValue(request: .init())
        #expect(presenter.copies.last?.copied == false)
    }

    @Test func composeWritesToThePreferredEmailAndOpenOpensTheWebAddress() {
        let (interactor, actions, presenter) = interactor(adaWithEverything())
        interactor.composeMail(request: .init())
        #expect(actions.mails == ["countess@lovelace.example"])
        #expect(presenter.composes.last == .init(address: "countess@lovelace.example", program: "mutt", outcome: .exited(0)))
        interactor.openLink(request: .init())
        #expect(actions.opened == ["https://example.org/ada"])
        let (bare, bareActions, barePresenter) = self.interactor(ContactRecord(firstName: "Alan", lastName: "Turing"))
        bare.composeMail(request: .init())
        bare.openLink(request: .init())
        bare.copyValue(request: .init())
        #expect(bareActions.mails.isEmpty && bareActions.opened.isEmpty && bareActions.copies.isEmpty)
        #expect(barePresenter.composes.last?.address == nil && barePresenter.opens.last?.url == nil && barePresenter.copies.last?.value == nil)
    }

    @Test func presenterSaysWhatToDoWhenAProgramIsMissing() {
        let presenter = ShowContactPresenter()
        let display = ShowContactDisplaySpy()
        presenter.viewController = display
        presenter.presentCompose(response: .init(address: "a@b.example", program: "mutt", outcome: .exited(127)))
        #expect(display.actions.last == "No mail program: install mutt, or set MAILER to the one you use.")
        presenter.presentCompose(response: .init(address: "a@b.example", program: "neomutt -n", outcome: .exited(127)))
        #expect(display.actions.last == "The mail program “neomutt -n” (MAILER) was not found.")
        presenter.presentOpen(response: .init(url: "https://example.org", outcome: .notFound))
        #expect(display.actions.last == "xdg-open is not installed (xdg-utils): open https://example.org yourself.")
        presenter.presentCopy(response: .init(value: "a@b.example", copied: false))
        #expect(display.actions.last?.hasPrefix("This terminal does not take a copy (it has no OSC 52)") == true)
    }

    @Test func realProgramsRunAndAMissingOneIsNotFound() {
        #expect(ExternalProgram.run(["sh", "-c", "exit 3"]) == .exited(3))
        #expect(ExternalProgram.run(["sh", "-c", "no-such-program-here-\(UInt32.random(in: 0...999_999))"]) == .exited(127))
        #expect(ExternalProgram.run(["no-such-program-here-\(UInt32.random(in: 0...999_999))"]) == .notFound)
    }
}

/// The card's actions through the whole app on the virtual screen.
@MainActor
@Suite("Card actions in the app", .serialized)
struct ContactActionsEndToEndTests {
    final class Programs: @unchecked Sendable {
        var runs: [[String]] = []
        var outcome = ProgramOutcome.exited(0)
    }

    func harness(_ programs: Programs, width: Int = 100, height: Int = 30) throws -> AppHarness {
        let h = AppHarness(width: width, height: height, runProgram: { arguments in
            programs.runs.append(arguments)
            return programs.outcome
        })
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteContactsStore(database: db, accountID: account.id).add(adaWithEverything())
        h.press("wait:400ms C wait:400ms Enter wait:400ms")
        return h
    }

    @Test func yCopiesThroughTheTerminalAndSaysWhat() throws {
        let programs = Programs()
        let h = try harness(programs)
        #expect(h.lines[0].contains("Ada Lovelace"), "\(h.text)")
        #expect(h.lines.last?.contains("y Copy") == true, "\(h.lines.last ?? "")")
        h.press("y")
        #expect(h.terminal.clipboard == "countess@lovelace.example")
        #expect(h.text.contains("Copied countess@lovelace.example to the clipboard (y again: ada@analytical.example)."), "\(h.text)")
        h.press("y y")
        #expect(h.terminal.clipboard == "+44 20 7946 0018")
        h.terminal.allowsClipboard = false
        h.press("y")
        #expect(h.text.contains("This terminal does not take a copy"), "\(h.text)")
        h.press("?")
        #expect(h.text.contains("Copy") && h.text.contains("Compose") && h.text.contains("Open link"), "\(h.text)")
    }

    @Test func cComposesWithTheTerminalHandedOverAndAMissingMailerIsSaid() throws {
        let programs = Programs()
        let h = try harness(programs)
        h.press("c")
        #expect(programs.runs == [["sh", "-c", "mutt -- \"$1\"", "sh", "countess@lovelace.example"]])
        #expect(h.terminal.handOverCount == 1)
        #expect(h.text.contains("Back from mutt (mail to countess@lovelace.example)."), "\(h.text)")
        #expect(h.lines[0].contains("Ada Lovelace"))                         // the card is drawn again
        programs.outcome = .exited(127)
        h.press("c")
        #expect(h.text.contains("No mail program: install mutt, or set MAILER to the one you use."), "\(h.text)")
    }

    /// Issue 51: with the mail program missing, `sh: 1: mutt: not found` was printed over the
    /// screen (and seen after quitting); now the program is looked for first and nothing is run.
    @Test func aMissingMailProgramIsFoundOutBeforeAnyShellRuns() throws {
        let programs = Programs()
        let h = AppHarness(width: 100, height: 30, runProgram: { arguments in
            programs.runs.append(arguments)
            return .exited(127)
        }, findsProgram: { $0 != "mutt" && $0 != "xdg-open" })
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteContactsStore(database: db, accountID: account.id).add(adaWithEverything())
        h.press("wait:400ms C wait:400ms Enter wait:400ms c")
        #expect(programs.runs.isEmpty, "\(programs.runs)")                   // no shell, so nothing printed over the screen
        #expect(h.terminal.handOverCount == 0)
        #expect(h.text.contains("No mail program: install mutt, or set MAILER to the one you use."), "\(h.text)")
        h.press("o")
        #expect(programs.runs.isEmpty)
        #expect(h.text.contains("xdg-open is not installed (xdg-utils)"), "\(h.text)")
    }

    @Test func theMailProgramIsLookedForOnThePath() {
        #expect(ExternalProgram.isInstalled("sh"))
        #expect(ExternalProgram.isInstalled("/bin/sh"))
        #expect(!ExternalProgram.isInstalled("no-such-program-here-\(UInt32.random(in: 0...999_999))"))
        #expect(!ExternalProgram.isInstalled("sh", path: "/nonexistent"))
        #expect(ExternalProgram.programName(inCommand: "neomutt -n") == "neomutt")
        #expect(ExternalProgram.programName(inCommand: "LANG=C mutt -F x") == "mutt")
        #expect(ExternalProgram.programName(inCommand: "'/opt/my mail/bin'") == "/opt/my mail/bin")
        #expect(ExternalProgram.programName(inCommand: "  ") == nil)
    }

    @Test func oOpensTheWebAddressWithXdgOpen() throws {
        let programs = Programs()
        programs.outcome = .notFound
        let h = try harness(programs, width: 40, height: 12)
        h.press("o")
        #expect(programs.runs == [["xdg-open", "https://example.org/ada"]])
        #expect(h.text.contains("xdg-open is not installed"), "\(h.text)")
        h.press("resize:200x60 wait:100ms")
        #expect(h.text.contains("xdg-open is not installed (xdg-utils): open https://example.org/ada yourself."), "\(h.text)")
    }
}
