import TUIKit

/// The tour the kiosk plays, forever: every flow and every pattern of the
/// app, on demo data, each with a caption. It drives the app only with keys,
/// as a visitor would — so what it shows is what a visitor gets. A caption shows once the screen
/// it names is up (`.caption` after the key that opens it), never ahead of it.
public enum KioskTour {
    public static let steps: [TourStep] = [
        TourStep(name: "Welcome",
                 caption: "An address book for your terminal: the splash",
                 actions: [.restart, .wait(.milliseconds(2600))], shows: "Log In"),
        TourStep(name: "Log in",
                 caption: "Each person signs in to their own contacts",
                 actions: [.wait(.milliseconds(900)), .type("demo"), .press(.enter), .type("demo"), .wait(.milliseconds(600)),
                           .press(.enter), .wait(.milliseconds(2200))],
                 shows: "Signed in as demo"),
        TourStep(name: "Friends",
                 caption: "Friends pop up; more load as you scroll",
                 actions: [.press(.character("F")), .caption, .wait(.milliseconds(1800)), .press(.down), .press(.down), .press(.down),
                           .press(.end), .wait(.milliseconds(1600)), .press(.end), .wait(.milliseconds(1800))],
                 shows: "Close"),
        TourStep(name: "Contacts",
                 caption: "/ searches names, phones and e-mails as you type",
                 actions: [.press(.escape), .press(.down), .press(.enter), .caption, .wait(.milliseconds(1500)), .press(.character("/")),
                           .type("hopper"), .wait(.milliseconds(1800))],
                 shows: "Hopper"),
        TourStep(name: "Card",
                 caption: "Enter opens a card: e edits, f makes a friend",
                 actions: [.press(.enter), .press(.enter), .caption, .wait(.milliseconds(3200))],
                 shows: "US Navy"),
        TourStep(name: "Settings",
                 caption: "Theme, animations, mouse and the splash's length",
                 actions: [.press(.escape), .press(.escape), .wait(.milliseconds(600)), .press(.character("S")), .caption,
                           .wait(.milliseconds(1200)), .press(.down), .press(.down), .press(.down), .wait(.milliseconds(2200))],
                 shows: "Animations"),
        TourStep(name: "About",
                 caption: "Where your data lives, how much, and every key",
                 actions: [.press(.escape), .press(.character("A")), .caption, .wait(.milliseconds(1500)), .press(.pageDown),
                           .wait(.milliseconds(2200))],
                 shows: "About"),
        TourStep(name: "Activity",
                 caption: "What happened, newest first, grouped by day",
                 actions: [.press(.escape), .press(.ctrl("t")), .caption, .wait(.milliseconds(1400)), .press(.down), .press(.down),
                           .press(.down), .wait(.milliseconds(2000))],
                 shows: "TODAY"),
        TourStep(name: "Log out",
                 caption: "Log out: the sign-in screen slides back in",
                 actions: [.press(.escape), .wait(.milliseconds(700)), .press(.ctrl("o")), .caption, .wait(.milliseconds(3000))],
                 shows: "Log In"),
    ]

    /// One loop's length.
    public static var loopDuration: Duration { steps.reduce(.zero) { $0 + $1.duration } }
}
