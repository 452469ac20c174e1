import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// `q`, F1/`?` and F2 do the same on every screen however it was reached
/// (issue 20): through the coordinator, the menus and keys, a card or screen
/// opened from the friends popup, and a deep link. Every `Screen` case has
/// at least one way in (an exhaustive switch keeps the list whole).
@MainActor
@Suite("q, help and F2 on every screen, every way in", .serialized)
struct KeysEveryWayInTests {
    enum Way: String, CustomTestStringConvertible, Sendable {
        case coordinator, menu, popup, deepLink
        var testDescription: String { rawValue }
    }

    /// How a screen is reached each way; nil where that way does not lead there.
    nonisolated static func script(to screen: Screen, _ way: Way) -> String? {
        switch way {
        case .coordinator:
            return ""
        case .menu:
            switch screen {
            case .splash, .main, .comingSoon: return nil
            case .textInput, .textConfirmation, .friendsListDemo: return nil   // by link only
            case .login: return "C-o wait:400ms"
            case .createAccount: return "C-o wait:400ms C-n wait:400ms"
            case .contactList: return "C wait:400ms"
            case .teamContactList: return nil // a team directory's only
            case .contactConflict: return nil  // only after a refused save
            case .contactDetail: return "C wait:400ms Enter wait:400ms"
            case .contactAdd: return "C wait:400ms a wait:400ms"
            case .contactEdit: return "C wait:400ms Enter wait:400ms e wait:400ms"
            case .contactTransfer(let export, _): return "C wait:400ms \(export ? "x" : "i") wait:400ms"
            case .contactExport: return nil // from a search or a selection (ContactExportScopeTests)
            case .duplicates: return "C wait:400ms D wait:400ms"
            case .trash: return "C wait:400ms T wait:400ms"
            case .friendsList: return "F wait:400ms"
            case .settings: return "S wait:400ms"
            case .changePassword: return "S wait:400ms End Up Up Enter wait:400ms"
            case .deleteAccount: return "S wait:400ms End Up Enter wait:400ms"
            case .about: return "A wait:400ms"
            case .activity: return "C-t wait:400ms"
            case .birthdays: return "B wait:400ms"
            case .correspondents: return "W wait:400ms"
            case .sync: return "S wait:400ms End Up Up Up Up Enter wait:400ms"
            case .syncSetup: return "S wait:400ms End Up Up Up Up Enter wait:400ms a wait:400ms"
            case .syncPassword: return nil // an account set up without a password command (SyncScreenTests)
            case .syncConflicts: return nil // from Sync (c) once an account is set up (SyncConflictsTests)
            }
        case .popup:
            switch screen {
            case .contactDetail: return "F wait:400ms Enter wait:400ms"
            case .contactEdit: return "F wait:400ms Enter wait:400ms e wait:400ms"
            case .about: return "F wait:400ms F2 wait:400ms"
            case .splash, .login, .createAccount, .main, .textInput, .textConfirmation, .contactList, .teamContactList, .contactConflict, .contactAdd, .contactTransfer, .contactExport, .duplicates, .trash,
                 .friendsList, .friendsListDemo, .settings, .changePassword, .deleteAccount, .activity, .birthdays, .correspondents, .comingSoon,
                 .sync, .syncSetup, .syncPassword, .syncConflicts: return nil
            }
        case .deepLink:
            return link(to: screen) == nil ? nil : ""
        }
    }

    /// The `switchboard://` link to a screen, where there is one.
    nonisolated static func link(to screen: Screen) -> String? {
        switch screen {
        case .main: "switchboard://main"
        case .textInput: "switchboard://text-input"
        case .textConfirmation(let text): "switchboard://text-confirmation?text=\(text)"
        case .contactList: "switchboard://contacts"
        case .duplicates: "switchboard://duplicates"
        case .trash: "switchboard://trash"
        case .teamContactList, .contactConflict: nil
        case .contactDetail(let id, _): "switchboard://contacts/\(id)"
        case .friendsList: "switchboard://friends"
        case .friendsListDemo: "switchboard://friends-demo"
        case .settings: "switchboard://settings"
        case .about: "switchboard://about"
        case .activity: "switchboard://activity"
        case .birthdays: "switchboard://birthdays"
        case .correspondents: "switchboard://correspondents"
        case .sync: "switchboard://sync"
        case .syncSetup, .syncPassword, .syncConflicts: nil
        case .splash, .login, .createAccount, .contactAdd, .contactEdit, .contactTransfer, .contactExport, .changePassword, .deleteAccount, .comingSoon: nil
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let screen: Screen
        let way: Way
        var testDescription: String { "\(screen) by \(way.rawValue)" }
    }

    nonisolated static let cases: [Case] = KeysEverywhereTests.screens.flatMap { screen in
        [Way.coordinator, .menu, .popup, .deepLink].compactMap { way in
            script(to: screen, way) == nil ? nil : Case(screen: screen, way: way)
        }
    }

    /// The app on the case's screen, reached its way; the data: ada with one friend, Ada Lovelace (id 1).
    func open(_ c: Case) throws -> AppHarness {
        if c.way == .coordinator { return try KeysEverywhereTests().open(c.screen) }
        let h = AppHarness(demoFriends: c.screen == .friendsListDemo, syncProcesses: { _ in RecordedSyncProcesses() })
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteContactsStore(database: db, accountID: account.id)
            .add(ContactRecord(firstName: "Ada", lastName: "Lovelace", isFriend: true))
        if c.way == .deepLink {
            h.launch(deepLink: Self.link(to: c.screen)!)                 // the saved session: straight to main, then the link
            h.press("wait:800ms wait:400ms wait:400ms")
        } else {
            h.press("C wait:400ms Esc wait:400ms")                        // the home has read the new contact
            h.press(Self.script(to: c.screen, c.way)!)
        }
        return h
    }

    /// The first screen's title: what is on screen now is the case's screen.
    static func title(of screen: Screen) -> String? {
        switch screen {
        case .splash, .friendsList, .friendsListDemo, .comingSoon: nil
        case .login: "Log In"
        case .createAccount: "Create Account"
        case .main: "Main"
        case .textInput: "Text Input"
        case .textConfirmation: "hi"
        case .contactList, .teamContactList: "Contacts" // no team book here: the own list
        case .contactDetail: "Ada Lovelace"
        case .contactEdit: "Edit Contact"
        case .contactConflict: "Changed meanwhile"
        case .contactAdd: "New Contact"
        case .contactTransfer(let export, _): export ? "Export Contacts" : "Import Contacts"
        case .contactExport: "Export Contacts"
        case .duplicates: "Possible duplicates"
        case .trash: "Trash"
        case .settings: "Settings"
        case .changePassword: "Change Password"
        case .deleteAccount: "Delete Account"
        case .about: "About"
        case .activity: "Activity"
        case .birthdays: "Birthdays"
        case .correspondents: "People you write to"
        case .sync: "Sync"
        case .syncSetup: "Add CardDAV account"
        case .syncPassword: "Password"
        case .syncConflicts: "Conflicts"
        }
    }

    @Test(arguments: cases)
    func helpAndF2DoTheSame(_ c: Case) throws {
        let h = try open(c)
        if let title = Self.title(of: c.screen) {
            #expect(h.text.contains(title), "\(c.testDescription): not on the screen:\n\(h.text)")
        }
        let typing = KeysEverywhereTests.qDoes(on: c.screen) == .types
        // F1 opens the help everywhere; it lists F2 (outside the splash) and, outside text fields, q.
        h.press("F1")
        let help = try #require(h.app.helpOverlay, "\(c.testDescription): F1 opened no help")
        if c.screen != .splash { #expect(help.lists(.function(2)), "\(c.testDescription): help without F2") }
        #expect(help.lists(.character("q")) == !typing, "\(c.testDescription): q in the help")
        h.press("Esc")
        #expect(h.app.helpOverlay == nil)
        // `?` opens it outside text fields; in one it types.
        h.press("?")
        #expect((h.app.helpOverlay != nil) == !typing, "\(c.testDescription): ?")
        h.press(typing ? "Backspace" : "Esc")
        #expect(h.app.helpOverlay == nil)
        // F2 opens About (on top of whatever is there), except on the splash.
        guard c.screen != .splash else { return }
        h.press("F2 wait:400ms")
        #expect(h.lines[0].contains("About"), "\(c.testDescription): F2 →\n\(h.text)")
        #expect(h.text.contains("Version"), "\(c.testDescription): F2 →\n\(h.text)")
        h.press("Esc wait:400ms")
        #expect(!h.lines[0].contains("About") || c.screen == .about, "\(c.testDescription): Esc after F2 →\n\(h.text)")
    }

    @Test(arguments: cases)
    func qQuitsOrTypes(_ c: Case) throws {
        let h = try open(c)
        let before = h.text
        h.press("q")
        if KeysEverywhereTests.qDoes(on: c.screen) == .types {
            #expect(h.app.exitReason != .quit, "\(c.testDescription)")
            #expect(h.text != before, "\(c.testDescription): q typed")
        } else {
            #expect(h.app.exitReason == .quit, "\(c.testDescription)")
        }
    }

    /// The friends popup's `?` help lists every key of the shared movement
    /// table (ListMovement) and Enter — the bindings the keys run, not a
    /// second list — and each key listed moves the selection or opens the card.
    @Test func thePopupsHelpListsTheKeysItAnswersTo() throws {
        let h = try KeysEverywhereTests().open(.friendsList)
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for i in 0..<40 { _ = try store.add(ContactRecord(firstName: "Friend", lastName: "\(i)", isFriend: true)) }
        h.press("Esc wait:400ms F wait:400ms ?")
        let help = try #require(h.app.helpOverlay)
        for movement in ListMovement.allCases {
            for key in movement.keys(letters: false) { #expect(help.lists(key), "\(movement): \(key.displayName) not in the help") }
        }
        #expect(help.lists(.enter))
        for line in ["Next row", "Previous row", "Page down", "Page up", "First row", "Last row", "Open"] {
            #expect(h.text.contains(line), "no “\(line)” in\n\(h.text)")
        }
        h.press("Esc")
        // What the help says is what the keys do: each moves the selection.
        let list = try #require(h.app.window.firstResponder as? ListView)
        for (key, moves) in [("Down", 1), ("C-n", 1), ("PgDn", 2), ("PgUp", -2), ("Up", -1), ("C-p", -1)] {
            let before = try #require(list.selectedIndex)
            h.press("\(key) wait:400ms")
            let after = try #require(list.selectedIndex)
            #expect(moves > 0 ? after > before : after < before, "\(key): \(before) → \(after)")
        }
        h.press("End wait:800ms")
        #expect(h.text.contains("Lovelace") || h.text.contains("Friend 9"), "\(h.text)")   // the last by name
        h.press("Home wait:800ms")
        #expect(h.text.contains("Friend 0"), "\(h.text)")
        h.press("Enter wait:400ms")
        #expect(!h.text.contains("[ ✕ Close ]"))                    // Open: the card
    }

    /// In a text field Backspace deletes, so neither the hint bar nor the help
    /// offers it as Back there (they did: "Esc/Backspace Back" on Create
    /// Account); outside fields it still goes back, and says so.
    @Test func keysAFieldUsesItselfAreNotOfferedForOtherThings() throws {
        let h = AppHarness()
        h.press("wait:900ms")                                        // Create Account, in the user name field
        #expect(h.lines.last!.contains("Esc Back"), "\(h.lines.last!)")
        #expect(!h.lines.last!.contains("Backspace"))
        h.press("F1")
        #expect(!h.app.helpOverlay!.lists(.backspace))
        h.press(#"Esc "adx" Backspace"#)
        #expect(h.lines[0].contains("Create Account"))              // Backspace edited, did not go back
        #expect(h.text.contains(" ad "))
        let list = try KeysEverywhereTests().open(.contactList)
        #expect(list.lines.last!.contains("Esc/Backspace Back"), "\(list.lines.last!)")
        list.press("Backspace wait:400ms")
        #expect(list.lines[0].contains("Main"))
    }
}
