import Foundation
import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// What a newcomer meets (issue 20): the first run, the home, Esc in a search.
@MainActor
@Suite("A newcomer's way through", .serialized)
struct NewcomerTests {
    /// `count` generated contacts (a tenth of them friends) in ada's account, written behind the app's back.
    func addContacts(_ h: AppHarness, _ count: Int) throws {
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        var generator = ContactGenerator(seed: 3)
        try SQLiteContactsStore(database: db, accountID: account.id).addMany(count: count, generator: &generator, friendPercent: 10)
    }

    @Test(arguments: [(40, 12), (100, 30), (200, 60)])
    func theHomeShowsTheUsersOwnThings(width: Int, height: Int) throws {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        try addContacts(h, 1234)
        h.press("C wait:400ms Esc wait:400ms")                  // C: contacts; back home, the counts read again
        #expect(h.lines[0].contains("Main"))
        if width == 40 {
            h.press("C wait:400ms")
            #expect(h.lines[0].contains("Contacts (1,234)") || h.lines[0].contains("Contacts (1234)"), "\(h.lines[0])")
            h.press("Esc wait:400ms")
        }
        let contactsRow = try #require(h.lines.first { $0.contains("Contacts") })
        #expect(contactsRow.contains("C") && contactsRow.contains("1,234"))
        let friendsRow = try #require(h.lines.first { $0.contains("Friends") })
        #expect(friendsRow.contains("F"))
        #expect(!h.text.contains("seed 00"))
        let lately = h.lines.firstIndex { $0.contains("Lately") } ?? h.lines.count - 1
        #expect(!h.lines[..<lately].joined().contains("…"))      // nothing that matters is cut
        #expect(h.text.contains("Signed in as ada"))
        if height >= 30 {
            #expect(h.text.contains("Lately"))
            #expect(h.text.contains("Created account") || h.text.contains("ada"))
        }
    }

    @Test func theHomeCountsFollowAddsAndDeletes() throws {
        let h = AppHarness()
        h.createAccount()
        #expect(h.lines.first { $0.contains("Contacts") }?.trimmingCharacters(in: .whitespaces).hasSuffix(" 0") == true)
        h.press(#"C wait:400ms a wait:400ms "Émile" Tab "Zola" C-s wait:400ms Esc wait:400ms Esc wait:400ms"#)
        #expect(h.lines[0].contains("Main"))
        let row = try #require(h.lines.first { $0.contains("Contacts") })
        #expect(row.trimmingCharacters(in: .whitespaces).hasSuffix(" 1"))
    }

    /// Another program adds and deletes contacts in the same file: the home shows it without a key.
    @Test func theHomeCountsAreLiveWhileShown() throws {
        let h = AppHarness()
        h.createAccount()
        func row(_ name: String) -> String { (h.lines.first { $0.contains(name) } ?? "").trimmingCharacters(in: .whitespaces) }
        #expect(row("Contacts").hasSuffix(" 0"))
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let other = SQLiteContactsStore(database: db, accountID: account.id)
        let id = try other.add(ContactRecord(firstName: "Søren", lastName: "Kierkegaard", isFriend: true))
        h.press("wait:100ms")                                         // the file's change signal wakes the loop
        #expect(row("Contacts").hasSuffix(" 1"), "\(h.text)")
        #expect(row("Friends").hasSuffix(" 1"), "\(h.text)")
        #expect(h.text.contains("Kierkegaard"))                      // "Lately" too
        _ = try other.delete(id: id)
        h.press("wait:100ms")                                         // the file's change signal wakes the loop
        #expect(row("Contacts").hasSuffix(" 0"))
        // Away and back: read on the way back, and live again after it.
        h.press("S wait:400ms")
        _ = try other.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        h.press("Esc wait:400ms")
        #expect(row("Contacts").hasSuffix(" 1"))
        _ = try other.add(ContactRecord(firstName: "伟", lastName: "王"))
        h.press("wait:100ms")                                         // the file's change signal wakes the loop
        #expect(row("Contacts").hasSuffix(" 2"))
    }

    /// Activity opens on its first row, the day's heading (issue 20 saw it one row down once), at every size and after a
    /// resize. (The store stamps events with the real clock, so the heading names today's real date.)
    @Test(arguments: [(40, 12), (80, 24), (100, 30), (200, 60)])
    func activityOpensOnItsFirstRow(width: Int, height: Int) throws {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for i in 0..<80 { _ = try store.add(ContactRecord(firstName: "Person", lastName: "\(i)")) }
        let heading = ActivityRow.dayName(Int64(Date().timeIntervalSince1970), now: AppHarness.noon).uppercased()
        h.press("C-t wait:400ms")
        #expect(h.lines[2].contains(heading), "\(h.text)")
        #expect(h.lines[3].contains("Person 79"), "\(h.text)")
        h.press("resize:\(width == 40 ? 100 : 40)x\(width == 40 ? 30 : 12) wait:100ms")
        #expect(h.lines[2].contains(heading), "\(h.text)")
        h.press("Esc wait:400ms resize:\(width)x\(height) C-t wait:400ms")
        #expect(h.lines[2].contains(heading), "\(h.text)")
    }

    /// At 40x12 a field that takes the focus comes into view with its caption
    /// above it: the first field as the screen opens, going down to the button
    /// and coming back up, and after a resize.
    @Test func aFocusedFieldComesWithItsCaption() {
        let h = AppHarness(width: 40, height: 12)
        h.press("wait:900ms")                                  // the first run: Create Account, the focus in User name
        func captionAbove(_ text: String) -> String? {
            guard let row = h.lines.firstIndex(where: { $0.contains(text) }), row > 0 else { return nil }
            return h.lines[row - 1].trimmingCharacters(in: .whitespaces)
        }
        #expect(captionAbove(" user name") == "User name", "\(h.text)")   // the field (its placeholder) under its caption
        h.press(#""ada" Tab "analytical" Tab "analytical" Tab"#) // down to the button
        #expect(h.text.contains("[ Create account ]"), "\(h.text)")
        h.press("S-Tab")
        #expect(captionAbove("••••••••••") == "Password again" || h.text.contains("Password again"), "\(h.text)")
        h.press("S-Tab S-Tab")                                 // back up to the user name
        #expect(captionAbove("ada") == "User name", "\(h.text)")
        h.press("End Tab Tab Tab resize:40x14 resize:40x12")   // at the button, a resize …
        h.press("S-Tab S-Tab S-Tab")                           // … and back up
        #expect(captionAbove("ada") == "User name", "\(h.text)")
    }

    /// At 40 columns what matters on the account forms is not cut: which characters a user name may have, and that a deletion cannot be undone.
    @Test func theAccountFormsSayAllThatMattersAtFortyColumns() {
        let h = AppHarness(width: 40, height: 12)
        h.press("wait:900ms")                                  // Create Account
        #expect(h.text.contains("dashes or underscores"), "\(h.text)")
        h.press(#""ada" Tab "analytical" Tab "analytical" Enter wait:400ms"#)
        h.press("S wait:400ms End Up Enter wait:400ms")
        #expect(h.lines[0].contains("Delete Account"))
        #expect(h.text.contains("This cannot be undone."), "\(h.text)")
        #expect(h.text.contains("friends and settings."), "\(h.text)")
    }

    /// An empty contacts list offers what can be done there (Add, Search), not Edit, Delete or Friend; with a contact, all of them.
    @Test func anEmptyListOffersOnlyWhatItCanDo() {
        let h = AppHarness()
        h.createAccount()
        h.press("C wait:400ms")
        #expect(h.text.contains("No contacts yet"))
        #expect(h.lines.last!.contains("a Add") && h.lines.last!.contains("/ Search"), "\(h.lines.last!)")
        #expect(!h.lines.last!.contains("Edit") && !h.lines.last!.contains("Delete") && !h.lines.last!.contains("Friend"))
        h.press("?")
        #expect(!h.app.helpOverlay!.lists(.character("e")))
        h.press(#"Esc a wait:400ms "Ada" C-s wait:400ms"#)
        #expect(h.lines.last!.contains("e Edit") && h.lines.last!.contains("d Delete"), "\(h.lines.last!)")
    }

    /// The home lists the user's own things only: no developer screens, no made-up friends.
    @Test func theHomeHoldsTheUsersOwnThingsOnly() throws {
        let h = AppHarness(demoFriends: true)
        h.createAccount()
        let friends = try #require(h.lines.firstIndex { $0.contains(" F   Friends") }, "\(h.text)")
        #expect(h.lines[friends + 1].contains("C   Contacts"))              // the user's own things together
        #expect(!h.text.contains("Text input") && !h.text.contains("Made-up") && !h.text.contains("demo"), "\(h.text)")
        h.press("End Enter wait:800ms")                                     // the last row: the activity feed
        #expect(h.lines[0].contains("Activity"), "\(h.text)")
    }

    @Test func theSplashFitsFortyColumns() {
        let h = AppHarness(width: 40, height: 12)
        #expect(h.text.contains("S W I T C H B O A R D"))
        let tagline = h.lines.first { $0.contains("contacts") } ?? ""
        #expect(tagline.trimmingCharacters(in: .whitespaces) == "contacts · friends · settings")   // whole, not clipped
    }

    /// About speaks to the person using the app: their data and the keys, no developer notes.
    @Test func theAboutScreenSaysWhatTheAppDoesNotHowItIsBuilt() {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        h.press("A wait:400ms End")
        h.press("PgUp PgUp PgUp PgUp")
        var seen = h.text
        for _ in 0..<12 { h.press("PgDn"); seen += h.text }
        #expect(seen.contains("YOUR DATA") && seen.contains("KEYS"), "\(seen)")
        #expect(!seen.contains("seed") && !seen.contains("Clean Swift") && !seen.contains("HOW IT IS BUILT"))
    }

    /// The help lists "q Quit": q in the help does what it says (issue 51). It only closed the
    /// help before, though the help listed it. Esc, ? and F1 still only close it.
    @Test func qInTheHelpDoesWhatTheHelpSaysItDoes() throws {
        let h = AppHarness.onContactList()
        h.press("? wait:100ms")
        let help = try #require(h.app.helpOverlay)
        #expect(help.lists(.character("q")) && h.text.contains("Quit"), "\(h.text)")
        h.press("Esc wait:100ms ? wait:100ms ? wait:100ms F1 wait:100ms F1 wait:100ms")
        #expect(h.app.helpOverlay == nil && h.app.exitReason != .quit && h.lines[0].contains("Contacts"), "\(h.text)")
        h.press("? wait:100ms q")
        #expect(h.app.exitReason == .quit, "q in the help quit, as listed: \(h.text)")
    }

    @Test func escInTheContactsSearchClearsThenLeavesThenGoesBack() throws {
        let h = AppHarness()
        h.createAccount()
        h.press(#"C wait:400ms a wait:400ms "Yamada" Tab "Taro" C-s wait:400ms a wait:400ms "Ada" Tab "Lovelace" C-s wait:400ms"#)
        h.press(#"/ "yam""#)
        #expect(h.lines[0].contains("Contacts"))
        #expect(!h.text.contains("Lovelace"))
        h.press("?")                                             // typed: a search may hold "?"
        #expect(h.app.helpOverlay == nil)
        h.press("Backspace F1")
        #expect(h.app.helpOverlay?.lists(.escape) == true)
        #expect(h.text.contains("Clear search"))
        h.press("Esc")                                           // closes the help
        h.press("Esc")                                           // clears the text: the whole list again
        #expect(h.lines[0].contains("Contacts"))
        #expect(h.text.contains("Lovelace") && h.text.contains("Yamada"))
        let list = try #require(h.topController as? ContactListViewController)
        #expect(list.searchField.text.isEmpty)
        #expect(list.searchField.isFirstResponder)
        h.press("Esc")                                           // leaves the field
        #expect(h.lines[0].contains("Contacts"))
        #expect(list.list.isFirstResponder)
        h.press("Esc wait:400ms")                                // goes back
        #expect(h.lines[0].contains("Main"))
    }
}

@MainActor
@Suite("Animations Off means none", .serialized)
struct AnimationsOffTests {
    func signedInWithAnimationsOff() -> AppHarness {
        let h = AppHarness()
        h.createAccount()
        h.press("S wait:400ms Down Enter Esc wait:400ms")    // Settings → Animations: Off
        #expect(!Animator.animationsEnabled)
        return h
    }

    @Test func theLogOutSlideIsNotPlayed() {
        let h = signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        h.press("C-o")
        #expect(h.app.window.runningTransitions == 0)
        #expect(h.lines[0].contains("Log In"))                  // no slide: the whole screen at once, no time passed
    }

    @Test func pushesAndTheMainFadeAreNotPlayed() {
        let h = signedInWithAnimationsOff()
        defer { Animator.animationsEnabled = true }
        h.press("C")
        #expect(h.app.window.runningTransitions == 0)
        #expect(h.lines[0].contains("Contacts"))
        h.press("Esc C-o")
        h.press(#""ada" Enter "analytical" Enter"#)              // signing in again: the user's setting, no fade
        #expect(h.app.window.runningTransitions == 0)
        #expect(h.text.contains("Signed in as ada"))
        #expect(!h.terminal.styleMask.contains("D"))
    }
}

@MainActor
@Suite("Forms say what is wrong, and stop saying it once fixed", .serialized)
struct FormMessageTests {
    @Test func aFieldsErrorClearsAsSoonAsItIsEdited() {
        let h = AppHarness()
        h.press("wait:900ms")                                   // first run: Create Account
        h.press("C-s")
        #expect(h.text.contains("Type a user name."))
        h.press("a")
        #expect(!h.text.contains("Type a user name."))
    }

    @Test func enterWithNoUserNameOnLogInAsksForIt() {
        let h = AppHarness()
        h.createAccount()
        h.press("C-o wait:400ms Enter Enter")                  // user name empty, then Enter on the password
        #expect(h.text.contains("Type your user name first."))
        #expect(!h.text.contains("Wrong user name or password."))
        h.press("x")
        #expect(!h.text.contains("Type your user name first."))
    }
}

@MainActor
@Suite("Help at a small size", .serialized)
struct SmallHelpTests {
    @Test func theHelpScrollsAndSaysSoAtFortyByTwelve() {
        let h = AppHarness(width: 40, height: 12)
        h.createAccount()
        h.press("C wait:400ms ?")
        #expect(h.app.helpOverlay != nil)
        #expect(h.text.contains("scroll"))
        #expect(!h.text.contains("^C"))                         // the last rows are below
        h.press("End")
        #expect(h.app.helpOverlay != nil)
        #expect(h.text.contains("^C"))
        #expect(h.text.contains("Quit"))
        h.press("Home")
        #expect(!h.text.contains("^C"))
        h.press("Esc")
        #expect(h.app.helpOverlay == nil)
    }

    @Test func theHelpThatFitsDoesNotScroll() {
        let h = AppHarness(width: 100, height: 30)
        h.createAccount()
        h.press("?")
        #expect(h.text.contains("Esc closes"))
        #expect(!h.text.contains("scroll"))
        #expect(h.text.contains("^C"))
    }
}

@MainActor
@Suite("Settings values change in place", .serialized)
struct SettingsValueRowTests {
    func row(_ h: AppHarness, _ text: String) -> String { h.lines.first { $0.contains(text) } ?? "" }

    @Test func valueRowsMoveBothWaysLookLikeValuesAndKeepTheirHighlight() throws {
        let h = AppHarness()
        defer { Theme.current = .dark; Animator.animationsEnabled = true }
        h.createAccount()
        h.press("S wait:400ms")
        #expect(!row(h, "Theme").contains("›"))
        #expect(!row(h, "Splash duration").contains("›"))
        #expect(row(h, "Change password").contains("›"))           // that one opens a page
        h.press("Enter wait:50ms")
        #expect(Theme.current.name == "light")
        let settings = try #require(h.topController as? SettingsViewController)
        #expect(settings.selectedRow == 1)                        // still on Theme after the screen was made again
        h.press("Left wait:50ms")
        #expect(Theme.current.name == "dark")
        h.press("Left wait:50ms")
        #expect(Theme.current.name == Theme.all.map(\.name).last)
        h.press("Right wait:50ms")
        #expect(Theme.current.name == "dark")
        h.press("Down Space")                                     // Space flips a switch
        #expect(!Animator.animationsEnabled)
        h.press("Down Down Right")                                // splash 0.8 s → 1.5 s, and back
        #expect(row(h, "Splash duration").contains("1.5 s"))
        h.press("Left")
        #expect(row(h, "Splash duration").contains("0.8 s"))
    }
}

@MainActor
@Suite("Account changes say they were done", .serialized)
struct AccountNoticeTests {
    @Test func aChangedPasswordSaysSo() {
        let h = AppHarness()
        h.createAccount()
        h.press("S wait:400ms End Up Up Enter wait:400ms")
        #expect(h.lines[0].contains("Change Password"))
        h.press(#""analytical" Enter "difference" Enter "difference" Enter wait:400ms"#)
        #expect(h.lines[0].contains("Settings"))
        #expect(h.text.contains("Password changed."))
    }

    @Test func aDeletedAccountSaysSo() {
        let h = AppHarness()
        h.createAccount()
        h.press(#"S wait:400ms End Up Enter wait:400ms "analytical" Enter wait:400ms"#)
        #expect(h.lines[0].contains("Create Account"))
        #expect(h.text.contains("The account ada and its data were deleted."))
        h.press("Esc wait:400ms")
        #expect(h.text.contains("The account ada and its data were deleted."))   // Log In says so too
    }
}

@MainActor
@Suite("Forms at 40x12", .serialized)
struct SmallFormTests {
    @Test func createAccountScrollsToTheFocusedFieldAndItsButton() {
        let h = AppHarness(width: 40, height: 12)
        h.press("wait:900ms")
        #expect(h.lines[0].contains("Create Account"))
        #expect(h.text.contains("User name"))                  // the focused field is in view from the start
        #expect(!h.text.contains("Password again"))
        h.press(#""ada" Enter "analytical" Enter"#)            // to the last field
        #expect(h.text.contains("Password again"))
        h.press("Tab")                                          // the button
        #expect(h.text.contains("[ > Create account < ]") || h.text.contains("Create account"))
        h.press("S-Tab S-Tab S-Tab")                            // back up to the user name, under its caption
        #expect(h.lines[1].contains("User name"))
        #expect(h.lines[2].contains("ada"))
        h.press("Tab Tab")                                      // down to the last field again
        #expect(h.text.contains("Password again"))
        h.press(#""analytical" Enter wait:400ms"#)
        #expect(h.text.contains("Signed in as ada"))
    }
}

@MainActor
@Suite("Wide screens", .serialized)
struct WideScreenTests {
    @Test func settingsValuesStayNearTheirLabelsAt200Columns() throws {
        let h = AppHarness(width: 200, height: 60)
        h.createAccount()
        h.press("S wait:400ms")
        let row = try #require(h.lines.first { $0.contains("Theme") })
        let label = try #require(row.range(of: "Theme")), value = try #require(row.range(of: "dark"))
        #expect(row.distance(from: label.lowerBound, to: value.lowerBound) < 80)
        h.press("resize:40x12")
        #expect(h.lines.first { $0.contains("Theme") }?.contains("dark") == true)   // a narrow screen still shows both
    }
}
