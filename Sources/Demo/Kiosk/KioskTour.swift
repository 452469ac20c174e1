import TUIKit

/// The tour the kiosk plays, forever: every flow and every pattern of the
/// app, on demo data, each with a caption. It drives the app only with keys,
/// as a visitor would — so what it shows is what a visitor gets.
public enum KioskTour {
    public static let steps: [TourStep] = [
        TourStep(name: "Welcome",
                 caption: "Five iOS architecture patterns in one terminal app; first, the splash",
                 actions: [.restart, .wait(.milliseconds(2600))], shows: "Log In"),
        TourStep(name: "Log in",
                 caption: "The root controller swapped in the login flow (seed 004)",
                 actions: [.wait(.milliseconds(900)), .type("demo"), .press(.enter), .type("demo"), .wait(.milliseconds(600)),
                           .press(.enter), .wait(.milliseconds(2200))],
                 shows: "Signed in as demo"),
        TourStep(name: "Friends",
                 caption: "Components on demo view models, loading more near the end (seed 000)",
                 actions: [.press(.character("F")), .wait(.milliseconds(1800)), .press(.down), .press(.down), .press(.down),
                           .press(.end), .wait(.milliseconds(1600)), .press(.end), .wait(.milliseconds(1800))],
                 shows: "Close"),
        TourStep(name: "Contacts",
                 caption: "A Clean Swift scene: view → interactor → presenter (seed 001)",
                 actions: [.press(.escape), .press(.down), .press(.enter), .wait(.milliseconds(1500)), .press(.character("/")),
                           .type("hopper"), .wait(.milliseconds(1800))],
                 shows: "Hopper"),
        TourStep(name: "Card",
                 caption: "The router handed the chosen contact to the card's scene",
                 actions: [.press(.enter), .press(.enter), .wait(.milliseconds(3200))],
                 shows: "US Navy"),
        TourStep(name: "Settings",
                 caption: "A static table from one generic constructor (seed 003)",
                 actions: [.press(.escape), .press(.escape), .wait(.milliseconds(600)), .press(.character("S")),
                           .wait(.milliseconds(1200)), .press(.down), .press(.down), .press(.down), .wait(.milliseconds(2200))],
                 shows: "Animations"),
        TourStep(name: "About",
                 caption: "Same constructor, other models; each screen is an enum case (seed 002)",
                 actions: [.press(.escape), .press(.character("A")), .wait(.milliseconds(1500)), .press(.pageDown),
                           .wait(.milliseconds(2200))],
                 shows: "About"),
        TourStep(name: "Activity",
                 caption: "What happened, newest first, grouped by day",
                 actions: [.press(.escape), .press(.ctrl("t")), .wait(.milliseconds(1400)), .press(.down), .press(.down),
                           .press(.down), .wait(.milliseconds(2000))],
                 shows: "TODAY"),
        TourStep(name: "Log out",
                 caption: "The root controller slides the login flow back in",
                 actions: [.press(.escape), .wait(.milliseconds(700)), .press(.ctrl("o")), .wait(.milliseconds(3000))],
                 shows: "Log In"),
    ]

    /// One loop's length.
    public static var loopDuration: Duration { steps.reduce(.zero) { $0 + $1.duration } }
}
