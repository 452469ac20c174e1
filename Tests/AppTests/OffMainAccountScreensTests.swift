import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// Log In, Create Account, Settings, Change Password, Delete Account and About never wait on a
/// shared directory (issue 18): their calls are jobs that run only when the test says
/// (`ManualDirectoryWork`), on a directory that goes down on command (`OutageDirectory`). The
/// main loop's directory is an `OutageDirectory` too, only to count: after the splash none of
/// these screens may call it.
@MainActor
@Suite("Off the main loop: signing in, settings, account changes, About")
struct OffMainAccountScreensTests {
    typealias Setup = OffMainSetup

    /// Past the splash, on Log In (on Create Account when `firstRun`: no account yet), on the
    /// shared directory of `setup`; with `ada` made beforehand unless `firstRun`.
    func app(_ setup: Setup, firstRun: Bool = false) throws -> AppHarness {
        let h = setup.harness()
        if !firstRun {
            let store = try h.store()
            _ = try store.createAccount(username: "ada", password: "analytical", now: 1)
            try store.clearSession(now: 1)                               // made elsewhere: nobody is signed in here
        }
        setup.start(h)
        h.press("wait:900ms")
        return h
    }

    /// Answers every call out, and those the answers and the next frames send.
    func settle(_ h: AppHarness, _ setup: Setup) {
        repeat {
            setup.work.runAll()
            h.press("wait:10ms")
        } while setup.work.waiting > 0
    }

    /// How many accounts and settings calls reached the main loop's directory.
    func mainCalls(_ setup: Setup) -> Int { setup.main?.accountCalls ?? -1 }

    var banner: String { "Lost the connection to the shared directory" }

    /// Signed in as ada, on the home, everything answered.
    func signedIn(_ setup: Setup) throws -> AppHarness {
        let h = try app(setup)
        h.press("\"ada\" Enter \"analytical\" Enter")
        settle(h, setup)
        h.press("wait:400ms")
        settle(h, setup)
        return h
    }

    @Test func logInSaysSigningInHoldsTheFormAndAnswersThroughTheWork() throws {
        let setup = Setup()
        let h = try app(setup)
        #expect(h.lines[0].contains("Log In"), "\(h.text)")
        let before = mainCalls(setup)
        let offBefore = setup.outage?.accountCalls
        h.press("\"ada\" Enter \"analytical\" Enter")
        #expect(h.text.contains("Signing in…"), "\(h.text)")
        #expect(setup.work.waiting == 1)
        #expect(setup.outage?.accountCalls == offBefore)                  // nothing asked yet: the job waits
        let login = try #require(h.topController as? LoginViewController)
        h.press("x Backspace Backspace Enter C-n")                        // held: no typing, no second submit, no Create Account
        #expect(login.passwordField.text == "analytical")
        #expect(setup.work.waiting == 1)
        #expect(h.lines[0].contains("Log In"))
        setup.work.runNext()                                              // signed in; the settings read goes out
        #expect(setup.work.waiting == 1)
        setup.work.runNext()
        h.press("wait:400ms")
        #expect(h.lines[0].contains("Main"), "\(h.text)")
        #expect(mainCalls(setup) == before)                               // never the main loop's connection
        #expect(setup.outage?.accountCalls ?? 0 > offBefore ?? 0)
    }

    @Test func aWrongPasswordSaysSoThroughTheWork() throws {
        let setup = Setup()
        let h = try app(setup)
        h.press("\"ada\" Enter \"wrong-one\" Enter")
        #expect(!h.text.contains(SignInService.wrongCredentials))
        settle(h, setup)
        #expect(h.text.contains(SignInService.wrongCredentials), "\(h.text)")
        #expect(h.lines[0].contains("Log In"))
        let login = try #require(h.topController as? LoginViewController)
        h.press("\"again\"")                                              // the form is free again
        #expect(login.passwordField.text == "again")
    }

    @Test func aLostConnectionAtLogInShowsTheBannerAndKeepsWhatWasTyped() throws {
        let setup = Setup()
        let h = try app(setup)
        let outage = try #require(setup.outage)
        outage.isDown = true
        let before = mainCalls(setup)
        h.press("\"ada\" Enter \"analytical\" Enter")
        setup.work.runNext()
        h.press("wait:10ms")
        #expect(h.lines[h.lines.count - 1].contains(banner), "\(h.text)")
        #expect(h.text.contains("was lost"), "\(h.text)")                 // the form says why too
        #expect(h.lines[0].contains("Log In"))
        let login = try #require(h.topController as? LoginViewController)
        #expect(login.usernameField.text == "ada" && login.passwordField.text == "analytical")
        #expect(mainCalls(setup) == before)
        // Back: the watch's try answers, the banner goes, and Enter signs in.
        outage.isDown = false
        h.press("wait:1s")
        settle(h, setup)
        #expect(!h.text.contains(banner), "\(h.text)")
        h.press("Enter")
        settle(h, setup)
        h.press("wait:400ms")
        #expect(h.lines[0].contains("Main"), "\(h.text)")
    }

    @Test func createAccountSaysCreatingAndMakesItThroughTheWork() throws {
        let setup = Setup()
        let h = try app(setup, firstRun: true)
        #expect(h.lines[0].contains("Create Account"), "\(h.text)")
        let before = mainCalls(setup)
        h.press("\"grace\" Enter \"compiler1\" Enter \"compiler1\" Enter")
        #expect(h.text.contains("Creating your account…"), "\(h.text)")
        #expect(setup.work.waiting == 1)
        #expect(try h.store().account(named: "grace") == nil)            // not made yet
        h.press("\"zz\"")                                                 // held
        let form = try #require(h.topController as? CreateAccountViewController)
        #expect(form.repeatField.text == "compiler1")
        settle(h, setup)
        h.press("wait:400ms")
        #expect(h.lines[0].contains("Main"), "\(h.text)")
        #expect(try h.store().account(named: "grace") != nil)
        #expect(mainCalls(setup) == before)
    }

    /// The Settings row "Confirm before deleting", without the spaces after it.
    func confirmRow(_ h: AppHarness) throws -> String { try row(h, "Confirm before deleting") }

    @Test func aSettingShowsAtOnceAndIsSavedByAJob() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        let before = mainCalls(setup)
        h.press("S wait:400ms")
        #expect(h.lines[0].contains("Settings"), "\(h.text)")
        #expect(setup.work.waiting == 1)                                  // the settings are read again as the screen appears
        settle(h, setup)
        let screen = try #require(h.topController as? SettingsViewController)
        screen.selectRow(7)                                               // Confirm before deleting (on)
        h.press("Space")
        #expect(try confirmRow(h).hasSuffix("○ Off"), "\(h.text)")     // shown at once…
        #expect(setup.work.waiting == 1)                                  // …saved by a job still out
        #expect(try SQLiteSettingsStore(database: SQLiteDatabase(path: h.databasePath)).settings(for: 1).confirmBeforeDelete)
        settle(h, setup)
        #expect(try !SQLiteSettingsStore(database: SQLiteDatabase(path: h.databasePath)).settings(for: 1).confirmBeforeDelete)
        #expect(try confirmRow(h).hasSuffix("○ Off"))
        #expect(mainCalls(setup) == before)
    }

    @Test func aSaveThatFailsPutsTheOldValueBackAndSaysWhy() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        h.press("S wait:400ms")
        settle(h, setup)
        let screen = try #require(h.topController as? SettingsViewController)
        screen.selectRow(7)
        try #require(setup.outage).isDown = true
        h.press("Space")
        #expect(try confirmRow(h).hasSuffix("○ Off"), "\(h.text)")
        setup.work.runNext()
        h.press("wait:10ms")
        #expect(try confirmRow(h).hasSuffix("◉ On"), "\(h.text)")      // put back
        #expect(h.text.contains("Could not save the setting"), "\(h.text)")
        #expect(h.lines[h.lines.count - 1].contains(banner), "\(h.text)")
        #expect(try SQLiteSettingsStore(database: SQLiteDatabase(path: h.databasePath)).settings(for: 1).confirmBeforeDelete)
    }

    @Test func settingsChangedElsewhereShowWhenTheScreenAppears() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        let store = try SQLiteSettingsStore(database: SQLiteDatabase(path: h.databasePath))
        var changed = try store.settings(for: 1)
        changed.confirmBeforeDelete = false
        try store.save(changed, for: 1, now: 2)
        h.press("S wait:400ms")
        #expect(setup.work.waiting == 1)
        #expect(try confirmRow(h).hasSuffix("◉ On"), "\(h.text)")      // the values last read, until the read answers
        settle(h, setup)
        #expect(try confirmRow(h).hasSuffix("○ Off"), "\(h.text)")
    }

    /// On Settings, then on the row `index` opened with Enter.
    /// Settings' row `index` (on a server: … 7 confirm before deleting, 8 phone region, 9 a spacer,
    /// 10 the account, 11 change password, 12 delete account).
    func open(_ h: AppHarness, _ setup: Setup, row index: Int) throws {
        h.press("S wait:400ms")
        settle(h, setup)
        try #require(h.topController as? SettingsViewController).selectRow(index)
        h.press("Enter wait:400ms")
    }

    @Test func changePasswordSaysSavingThenIsDone() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        try open(h, setup, row: 11)
        #expect(h.lines[0].contains("Change Password"), "\(h.text)")
        let before = mainCalls(setup)
        h.press("\"analytical\" Enter \"difference\" Enter \"difference\" Enter")
        #expect(h.text.contains("Saving…"), "\(h.text)")
        #expect(setup.work.waiting == 1)
        h.press("\"zz\" Enter")                                           // held: no second change
        #expect(setup.work.waiting == 1)
        settle(h, setup)
        h.press("wait:400ms")
        #expect(h.lines[0].contains("Settings"), "\(h.text)")
        #expect(h.text.contains("Password changed."))
        #expect(try h.store().verify(username: "ada", password: "difference") != nil)
        #expect(mainCalls(setup) == before)
    }

    @Test func aChangeThatCannotReachTheServerKeepsTheForm() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        try open(h, setup, row: 11)
        try #require(setup.outage).isDown = true
        h.press("\"analytical\" Enter \"difference\" Enter \"difference\" Enter")
        settle(h, setup)
        #expect(h.lines[0].contains("Change Password"), "\(h.text)")
        #expect(h.text.contains("Nothing was changed: The connection"), "\(h.text)")
        #expect(h.lines[h.lines.count - 1].contains(banner), "\(h.text)")
        let form = try #require(h.topController as? ChangePasswordViewController)
        #expect(form.currentField.text == "analytical" && form.repeatField.text == "difference")
        #expect(try h.store().verify(username: "ada", password: "analytical") != nil)
    }

    @Test func deleteAccountSaysSavingThenGoesToLogIn() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        try open(h, setup, row: 12)
        #expect(h.lines[0].contains("Delete Account"), "\(h.text)")
        let before = mainCalls(setup)
        h.press("\"analytical\" Enter")
        #expect(h.text.contains("Saving…"), "\(h.text)")
        #expect(try h.store().account(named: "ada") != nil)
        settle(h, setup)
        h.press("wait:1s")
        #expect(h.text.contains("The account ada and its data were deleted."), "\(h.text)")
        #expect(try h.store().account(named: "ada") == nil)
        #expect(mainCalls(setup) == before)
    }

    @Test func aDeletionThatCannotReachTheServerKeepsTheForm() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        try open(h, setup, row: 12)
        try #require(setup.outage).isDown = true
        h.press("\"analytical\" Enter")
        settle(h, setup)
        #expect(h.lines[0].contains("Delete Account"), "\(h.text)")
        #expect(h.text.contains("Nothing was changed: The connection"), "\(h.text)")
        let form = try #require(h.topController as? DeleteAccountViewController)
        #expect(form.passwordField.text == "analytical")
        #expect(try h.store().account(named: "ada") != nil)
    }

    /// About's row `title`, without the spaces after it.
    func row(_ h: AppHarness, _ title: String) throws -> String {
        var line = try #require(h.lines.first { $0.contains(" \(title) ") })
        while line.last == " " { line.removeLast() }
        return line
    }

    @Test func aboutSaysCountingUntilItsCountsCome() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        let ada = try #require(try h.store().account(named: "ada"))
        let contacts = SQLiteContactsStore(database: try SQLiteDatabase(path: h.databasePath), accountID: ada.id)
        _ = try contacts.add(ContactRecord(firstName: "alan", lastName: "turing", isFriend: true))
        _ = try contacts.add(ContactRecord(firstName: "grace", lastName: "hopper"))
        let before = (setup.main?.calls ?? -1, mainCalls(setup))
        h.press("A wait:400ms")
        #expect(h.lines[0].contains("About"), "\(h.text)")
        #expect(try row(h, "Contacts").hasSuffix("…"), "\(h.text)")
        #expect(try row(h, "Friends").hasSuffix("…"))
        #expect(setup.work.waiting == 1)
        settle(h, setup)
        #expect(try row(h, "Contacts").hasSuffix(" 2"), "\(h.text)")
        #expect(try row(h, "Friends").hasSuffix(" 1"))
        #expect((setup.main?.calls ?? -1, mainCalls(setup)) == before)
    }

    @Test func aboutWithTheServerDownSaysSo() throws {
        let setup = Setup()
        let h = try signedIn(setup)
        try #require(setup.outage).isDown = true
        h.press("A wait:400ms")
        settle(h, setup)
        #expect(try row(h, "Contacts").hasSuffix("not read: the directory did not answer"), "\(h.text)")
        #expect(h.lines[h.lines.count - 1].contains(banner), "\(h.text)")
    }
}
