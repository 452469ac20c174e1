import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// One rule for `q` and Esc (issues 19 and 20): `q` quits on every screen
/// outside text fields, popups and cards over them included (in a text field
/// it types); Esc closes a popup or goes back. Every `Screen` case is walked.
@MainActor
@Suite("q and Esc on every screen", .serialized)
struct KeysEverywhereTests {
    /// Every screen, one of each case (an exhaustive switch below keeps the list whole).
    nonisolated static let screens: [Screen] = [
        .splash, .login, .createAccount, .main, .textInput, .textConfirmation(text: "hi"), .contactList,
        .contactDetail(id: 1), .contactAdd(), .contactEdit(id: 1), .friendsList, .friendsListDemo, .settings,
        .changePassword, .deleteAccount, .about, .activity, .birthdays, .correspondents, .comingSoon(feature: "Later"), .teamContactList,
        .contactConflict(yours: ContactRecord(id: 1, firstName: "Ada", lastName: "King"), read: nil), .duplicates(), .trash(),
        .sync, .syncSetup, .syncPassword(syncAccountID: 1, username: "alice"), .syncConflicts,
    ]

    enum Expected { case quits, types }
    /// Where the screen opens with the focus in a text field, `q` types.
    static func qDoes(on screen: Screen) -> Expected {
        switch screen {
        case .login, .createAccount, .textInput, .contactAdd, .contactEdit, .contactTransfer, .contactExport, .changePassword, .deleteAccount,
             .syncSetup, .syncPassword: .types
        case .splash, .main, .textConfirmation, .contactList, .teamContactList, .contactConflict, .contactDetail, .duplicates, .trash, .friendsList, .friendsListDemo, .settings,
             .about, .activity, .birthdays, .correspondents, .comingSoon, .sync, .syncConflicts: .quits
        }
    }

    /// Whether Esc has somewhere to go back to (the flows' first screens have none).
    static func escGoesBack(from screen: Screen) -> Bool {
        switch screen {
        case .splash, .login, .main: false
        case .createAccount, .textInput, .textConfirmation, .contactList, .teamContactList, .contactConflict, .contactDetail, .contactAdd, .contactEdit, .contactTransfer, .contactExport,
             .duplicates, .trash, .friendsList, .friendsListDemo, .settings, .changePassword, .deleteAccount, .about, .activity, .birthdays, .correspondents, .comingSoon,
             .sync, .syncSetup, .syncPassword, .syncConflicts: true
        }
    }

    /// The app on `screen`: reached through the coordinator (the same way menus, keys and deep links go).
    func open(_ screen: Screen) throws -> AppHarness {
        let h = AppHarness(demoFriends: screen == .friendsListDemo, syncProcesses: { _ in RecordedSyncProcesses() })
        switch screen {
        case .splash: return h
        case .createAccount: h.press("wait:900ms"); return h                // a first run opens it over Log In
        case .login: h.createAccount(); h.press("C-o wait:400ms"); return h
        default: break
        }
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteContactsStore(database: db, accountID: account.id)
            .add(ContactRecord(firstName: "Ada", lastName: "Lovelace", isFriend: true))
        if screen != .main { h.switchboard.coordinator.show(screen) }
        h.press("wait:400ms")
        return h
    }

    /// What is in front: the top screen of the flow, or whatever is presented over it.
    func front(_ h: AppHarness) -> ObjectIdentifier? {
        guard let flow = h.root.currentFlow else { return nil }
        return ObjectIdentifier(Coordinator.frontmost(over: flow) is NavigationController
            ? ((Coordinator.frontmost(over: flow) as! NavigationController).topViewController ?? flow) : Coordinator.frontmost(over: flow))
    }

    @Test(arguments: screens)
    func qQuitsOutsideTextFields(screen: Screen) throws {
        let h = try open(screen)
        let before = h.text
        h.press("q")
        switch Self.qDoes(on: screen) {
        case .quits:
            #expect(h.app.exitReason == .quit, "q on \(screen)")
        case .types:
            #expect(h.app.exitReason != .quit, "q on \(screen)")
            #expect(h.text != before, "q typed on \(screen)")
        }
    }

    @Test(arguments: screens)
    func escClosesOrGoesBack(screen: Screen) throws {
        let h = try open(screen)
        let before = front(h)
        let title = h.lines[0]
        h.press("Esc wait:400ms")
        #expect(h.app.exitReason != .quit)
        if Self.escGoesBack(from: screen) {
            #expect(front(h) != before, "Esc on \(screen) went back")
            #expect(h.lines[0] != title || screen == .friendsList || screen == .friendsListDemo)
        } else {
            #expect(front(h) == before, "Esc on \(screen) stays")
        }
    }

    @Test func aCardOpenedFromThePopupAnswersQAndF2AndListsThem() throws {
        let h = try open(.friendsList)
        h.press("F2 wait:400ms")                                   // in the popup
        #expect(h.lines[0].contains("About"))
        h.press("Esc wait:400ms Enter wait:400ms")                 // back on the popup; its first friend's card
        #expect(h.lines[0].contains("Ada Lovelace"))
        h.press("?")
        #expect(h.text.contains("q ") && h.text.contains("Quit"))
        #expect(h.text.contains("F2"))
        h.press("Esc F2 wait:400ms")
        #expect(h.lines[0].contains("About"))
        h.press("Esc wait:400ms q")
        #expect(h.app.exitReason == .quit)
    }

    /// Help lists what the keys do, from the same bindings (ListMovement): the
    /// popup's list and the settings table name their movement keys and Enter.
    @Test func helpListsTheMovementKeysOfListsAndTables() throws {
        for screen in [Screen.friendsList, .settings, .activity] {
            let h = try open(screen)
            h.press("?")
            for line in ["Next row", "Previous row", "Page down", "Page up", "First row", "Last row"] {
                #expect(h.text.contains(line), "\(screen): no “\(line)” in\n\(h.text)")
            }
            #expect(h.text.contains("Enter"), "\(screen)")
        }
    }

    /// At 40x12 the help opens on the screen's own actions, the movement keys after them.
    @Test func helpStartsWithTheScreensOwnKeys() throws {
        let h = try open(.main)
        h.press("resize:40x12 ?")
        #expect(h.lines[2].contains("Contacts"), "\(h.text)")
        #expect(!h.text.contains("Next row"))
        h.press("Down Down Down Down Down Down Down Down")          // the help scrolls to the rest
        #expect(h.text.contains("Next row") || h.text.contains("Last row"), "\(h.text)")
    }

    /// A question is answered before anything else: q there is Cancel, as Esc is (never a quit past it).
    @Test func qInTheDeleteDialogIsCancelWhichHasTheFocus() throws {
        let h = try open(.contactList)
        h.press("d wait:400ms")
        #expect(h.text.contains("Delete Ada Lovelace?"))
        h.press("Enter wait:400ms")                                // Cancel has the focus
        #expect(h.text.contains("Lovelace") && !h.text.contains("Delete Ada Lovelace?"))
        h.press("d wait:400ms q wait:400ms")
        #expect(h.app.exitReason != .quit)
        #expect(h.text.contains("Lovelace") && !h.text.contains("Delete Ada Lovelace?"))
        h.press("q")                                               // and then q quits
        #expect(h.app.exitReason == .quit)
    }

    @Test func theHelpInATextFieldNamesF1AndLeavesOutKeysThatType() throws {
        let h = try open(.login)
        #expect(h.lines.last?.contains("F1 Help") == true)
        #expect(h.lines.last?.contains("? Help") == false)
        h.press("F1")
        #expect(h.app.helpOverlay != nil)
        #expect(!h.text.contains("Quit\n") && !h.app.helpOverlay!.lists(.character("q")))
        h.press("Esc")
        let h2 = try open(.main)
        #expect(h2.lines.last?.contains("? Help") == true)
    }

    @Test func theHintBarKeepsHelpAtFortyColumns() {
        let h = AppHarness(width: 40, height: 12)
        h.createAccount()
        #expect(h.lines.last?.contains("? Help") == true)
        h.press("C wait:400ms")
        #expect(h.lines.last?.contains("? Help") == true)
    }
}

extension Screen: CustomTestStringConvertible {
    public var testDescription: String { "\(self)" }
}
