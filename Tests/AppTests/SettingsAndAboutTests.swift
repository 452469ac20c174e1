import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Settings and About", .serialized)
struct SettingsAndAboutTests {
    func signedIn(width: Int = 80, height: Int = 24) -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        return h
    }

    /// The row of the screen holding `text`.
    func row(_ h: AppHarness, _ text: String) -> String { h.lines.first { $0.contains(text) } ?? "" }

    /// Under NO_COLOR the screen has no colours: the Theme row says monochrome and why, and Enter,
    /// → and ← on it change nothing (issue 39, item 4).
    @Test func underNoColorTheThemeRowSaysMonochromeAndWhy() throws {
        let saved = Theme.current
        defer { Theme.current = saved }
        for (w, ht) in [(100, 30), (40, 12)] {
            let h = AppHarness(width: w, height: ht, noColor: true)
            h.createAccount()
            h.press("S wait:400ms")
            #expect(row(h, "Theme").contains("monochrome"), "\(h.text)")
            #expect(!h.text.contains("dark") && !h.text.contains("Enter cycles"), "\(h.text)")
            #expect(h.text.contains("Because NO_COLOR is set"), "\(h.text)")
            let before = h.text
            h.press("Enter wait:100ms Right wait:100ms Left wait:100ms")
            #expect(h.text == before, "\(h.text)")
            #expect(Theme.current.name == "monochrome")
            let stored = try #require(try h.store().account(named: "ada"))
            #expect(try SQLiteSettingsStore(database: SQLiteDatabase(path: h.databasePath)).settings(for: stored.id).theme == "dark",
                    "the stored choice is kept for a terminal with colours")
        }
    }

    @Test(arguments: Theme.all.map(\.name))
    func settingsInEachThemeAtBothSizes(theme: String) throws {
        for (w, ht) in [(40, 12), (200, 60)] {
            let h = signedIn(width: w, height: ht)
            // Choose the theme through the Settings screen itself.
            h.press("S wait:400ms")
            var guardCount = 0
            while !row(h, "Theme").contains(theme), guardCount < 5 { h.press("Enter wait:100ms"); guardCount += 1 }
            #expect(Theme.current.name == theme, "\(w)x\(ht)")
            #expect(h.lines[0].contains("Settings"))
            #expect(row(h, "Theme").contains(theme))
            #expect(h.text.contains("APPEARANCE"))
            if ht == 60 {
                #expect(row(h, "Animations").contains("◉ On"))
                #expect(!h.text.contains("Kiosk idle")) // only the kiosk has an idle timeout
                #expect(h.text.contains("ACCOUNT · ADA"))
                #expect(h.text.contains("Log Out"))
            } else {
                #expect(h.lines[0].count == 40)
                h.press("End")
                #expect(h.text.contains("Log Out"))  // scrolled to the last row
            }
            // The theme's styles are on screen: a monochrome screen has no colour at all.
            let mask = h.terminal.styleMask
            #expect(mask.contains("c") == (theme != "monochrome"), "\(theme) \(w)x\(ht)")
            Theme.current = .dark
        }
    }

    @Test(arguments: Theme.all.map(\.name))
    func aboutInEachThemeAtBothSizes(theme: String) throws {
        for (w, ht) in [(40, 12), (200, 60)] {
            let h = signedIn(width: w, height: ht)
            h.press("S wait:400ms")
            var guardCount = 0
            while !row(h, "Theme").contains(theme), guardCount < 5 { h.press("Enter wait:100ms"); guardCount += 1 }
            h.press("Esc wait:400ms A wait:400ms")
            #expect(h.lines[0].contains("About"))
            #expect(row(h, "Version").contains(SwitchboardApp.version))
            #expect(h.text.contains("SWITCHBOARD"))
            if ht == 60 {
                #expect(h.text.contains("MIT License"))
                #expect(h.text.contains(h.databasePath))
                #expect(row(h, "Contacts").hasSuffix(" 0  "))
                #expect(h.text.contains("KEYS"))
                #expect(row(h, "Enter").contains("open, choose"))
            }
            let mask = h.terminal.styleMask
            #expect(mask.contains("c") == (theme != "monochrome"), "\(theme) \(w)x\(ht)")
            Theme.current = .dark
        }
    }

    @Test func theWheelScrollsTheSettingsTable() {
        let h = signedIn(width: 40, height: 12)
        h.press("S wait:400ms")
        #expect(!h.text.contains("Log Out"))
        h.press("wheel:down:10,5 wheel:down:10,5 wheel:down:10,5 wheel:down:10,5 wheel:down:10,5")
        #expect(h.text.contains("Log Out"))
        #expect(!h.text.contains("APPEARANCE"))
        h.press("wheel:up:10,5 wheel:up:10,5 wheel:up:10,5 wheel:up:10,5 wheel:up:10,5")
        #expect(h.text.contains("APPEARANCE"))
    }

    @Test func everySettingSurvivesARestartAndIsAppliedLive() throws {
        let h = signedIn()
        h.press("S wait:400ms")
        let settings = h.topController
        let darkTitle = h.terminal.cell(x: 0, y: 0).style
        h.press("Enter wait:50ms")                       // theme: dark → light
        #expect(Theme.current.name == "light")
        #expect(h.lines[0].contains("Settings"))
        #expect(h.topController === settings)             // the same screen, nothing made again…
        #expect(h.terminal.cell(x: 0, y: 0).style == Theme.light.titleBar && darkTitle == Theme.dark.titleBar) // …in the new colours
        h.press("Down Enter")                             // animations off
        #expect(!Animator.animationsEnabled)
        h.press("Down Enter")                             // mouse off
        #expect(!h.app.mouseEnabled)
        h.press("Down Enter")                             // splash 0.8 s → 1.5 s
        h.press("Down Enter")                             // confirm before delete off
        #expect(row(h, "Splash duration").contains("1.5 s"))
        #expect(row(h, "Confirm before deleting").contains("○ Off"))

        h.launch()                                        // a restart on the same file
        h.press("wait:1400ms")
        #expect(!h.text.contains("Signed in as"))         // the user's 1.5 s splash is still on
        h.press("wait:300ms")
        #expect(h.text.contains("Signed in as ada"))
        #expect(Theme.current.name == "light")
        #expect(!Animator.animationsEnabled)
        #expect(!h.app.mouseEnabled)
        h.press("S")
        #expect(row(h, "Theme").contains("light"))
        #expect(row(h, "Animations").contains("○ Off"))
        #expect(row(h, "Mouse").contains("○ Off"))
        #expect(row(h, "Confirm before deleting").contains("○ Off"))
        let stored = try SQLiteSettingsStore(database: SQLiteDatabase(path: h.databasePath)).settings(for: 1)
        #expect(stored.theme == "light" && !stored.animations && !stored.mouse && stored.splashMilliseconds == 1500
                && !stored.confirmBeforeDelete)
        // Confirm-before-delete off: d deletes at once.
        h.press("Esc Down Enter a \"Gone\" Tab \"Soon\" C-s d")
        #expect(h.text.contains("Deleted Gone Soon (u brings it back)."))
        // Log out: the defaults come back, but Animations Off stays off in the login flow (issue 20: none anywhere).
        h.press("Esc C-o")
        #expect(Theme.current.name == "dark")
        #expect(!Animator.animationsEnabled)
        Animator.animationsEnabled = true
        #expect(h.app.mouseEnabled)
    }

    @Test func changingThePasswordRefusesTheOldOneAfterwards() {
        let h = signedIn()
        h.press("S wait:400ms End Up Up Enter wait:400ms")
        #expect(h.lines[0].contains("Change Password"))
        h.press(#""wrong-one" Enter "engine-two" Enter "engine-two" Enter"#)
        #expect(h.text.contains("That is not your current password."))
        h.press(#"C-u "analytical" C-s wait:400ms"#)     // the new ones are still typed in
        #expect(h.lines[0].contains("Settings"))
        h.press("End Enter wait:400ms")                  // Log Out
        #expect(h.lines[0].contains("Log In"))
        h.press(#""ada" Enter "analytical" Enter wait:400ms"#)
        #expect(!h.text.contains("Signed in as"))
        h.press(#"C-u "engine-two" Enter wait:400ms"#)
        #expect(h.text.contains("Signed in as ada"))
    }

    @Test func deletingTheAccountReturnsToLoginAndItCannotLogInAgain() throws {
        let h = signedIn()
        h.press("S wait:400ms End Up Enter wait:400ms")
        #expect(h.lines[0].contains("Delete Account"))
        h.press(#""not-it" Enter"#)
        #expect(h.text.contains("That is not your current password."))
        #expect(try SQLiteAccountStore(database: SQLiteDatabase(path: h.databasePath)).account(named: "ada") != nil)
        h.press(#"C-u "analytical" Enter wait:400ms"#)
        #expect(h.lines[0].contains("Create Account"))               // no account left: the invitation
        #expect(try SQLiteAccountStore(database: SQLiteDatabase(path: h.databasePath)).account(named: "ada") == nil)
        h.press("Esc wait:400ms")
        #expect(h.lines[0].contains("Log In"))
        h.press(#""ada" Enter "analytical" Enter wait:400ms"#)
        #expect(!h.text.contains("Signed in as"))
    }

    @Test func aboutOpensFromTheHelpOverlayAndF2() {
        let h = signedIn()
        h.press("? wait:50ms")
        #expect(h.text.contains("About Switchboard"))
        h.press("A wait:400ms")
        #expect(h.lines[0].contains("About"))
        h.press("Esc wait:400ms Down Enter wait:400ms")   // the contact list
        #expect(h.lines[0].contains("Contacts"))
        h.press("? wait:50ms F2 wait:400ms")
        #expect(h.lines[0].contains("About"))
        #expect(!h.text.contains("Esc closes"))            // the overlay closed on the way
    }
}
