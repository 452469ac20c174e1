import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting
import Demo

/// One rule for q and Esc (issue 19): on every screen of `Screen`, q quits
/// unless a text field has the keys (then it is typed), and Esc closes a
/// popup or goes back a screen (on a flow's first screen it stays, and
/// never quits).
@MainActor
@Suite("q and Esc on every screen", .serialized)
struct KeysEverywhereTests {
    /// Every case, with what a signed-in user with one contact can open;
    /// the switch fails to compile when a case is added and not listed here.
    nonisolated static let screens: [Screen] = [
        .splash, .login, .createAccount, .main, .textInput, .textConfirmation(text: "hi"), .contactList,
        .contactDetail(id: 1), .contactAdd, .contactEdit(id: 1), .friendsList, .friendsListDemo,
        .settings, .changePassword, .deleteAccount, .about, .activity, .comingSoon(feature: "Maps"),
    ]

    /// Where q is typed, not obeyed: the screen opens on a text field.
    nonisolated static func opensOnATextField(_ screen: Screen) -> Bool {
        switch screen {
        case .login, .createAccount, .textInput, .contactAdd, .contactEdit, .changePassword, .deleteAccount: true
        case .splash, .main, .textConfirmation, .contactList, .contactDetail, .friendsList, .friendsListDemo,
             .settings, .about, .activity, .comingSoon: false
        }
    }

    /// The app signed in as ada with one friend, `screen` opened over main.
    func opened(_ screen: Screen) -> AppHarness {
        // As the executable does: the made-up friends for the demo popup.
        let h = AppHarness(width: 100, height: 30) { $0.demoFriendsList = { FriendsListDemo.makeViewModel(scheduler: $0) } }
        if screen == .splash { return h }
        h.createAccount()
        let db = try! Database(path: h.databasePath)
        _ = try! SQLiteContactsStore(database: db, accountID: 1).add(ContactRecord(firstName: "Grace", lastName: "Hopper", isFriend: true))
        if screen == .login || screen == .createAccount {
            h.press("F2 wait:400ms") // a pushed screen first, so that log-out below starts from somewhere
            h.switchboard.coordinator.show(.login, firstPosition: false)
            h.press("wait:600ms")
            if screen == .createAccount { h.press("C-n wait:400ms") }
            return h
        }
        if screen != .main { h.switchboard.coordinator.show(screen, firstPosition: false) }
        h.press("wait:600ms")
        return h
    }

    func front(_ h: AppHarness) -> ViewController? {
        let front = h.root.currentFlow.map(Coordinator.frontmost(over:))
        return (front as? NavigationController)?.topViewController ?? front
    }

    @Test(arguments: screens)
    func qQuitsOutsideTextFields(screen: Screen) {
        let h = opened(screen)
        #expect(h.app.exitReason != .quit)
        h.press("q")
        if Self.opensOnATextField(screen) {
            #expect(h.app.exitReason != .quit, "q was typed, not obeyed, on \(screen)")
        } else {
            #expect(h.app.exitReason == .quit, "q did not quit on \(screen)")
        }
    }

    @Test(arguments: screens)
    func escClosesOrGoesBack(screen: Screen) {
        let h = opened(screen)
        let before = front(h)
        let screenText = h.text
        h.press("Esc wait:600ms")
        #expect(h.app.exitReason != .quit, "Esc quit on \(screen)")
        switch screen {
        case .splash, .main, .login:
            #expect(front(h) === before, "Esc left the first screen of its flow on \(screen)")
        default:
            #expect(front(h) !== before, "Esc did not close or go back on \(screen):\n\(screenText)")
            #expect(h.text != screenText)
        }
    }

    /// In the popup and on a card opened from it (over the popup, where the
    /// responder chain ends), help lists q and F2 and both work.
    @Test func qAndF2WorkInThePopupAndOverIt() {
        let h = opened(.friendsList)
        h.press("?")
        #expect(h.text.contains("Quit"))
        #expect(h.text.contains("About Switchboard"))
        h.press("Esc F2 wait:600ms")
        #expect(h.lines[0].contains("About"))                  // About, over the popup
        h.press("Esc wait:600ms")
        #expect(h.text.contains("Grace Hopper"))               // the popup again
        h.press("Enter wait:600ms")
        #expect(h.lines[0].contains("Grace Hopper"))           // the card, over the popup
        h.press("?")
        #expect(h.text.contains("Quit"))
        h.press("Esc q")
        #expect(h.app.exitReason == .quit)
    }
}
