import TUIKit

/// One stop of the kiosk's tour: what the caption says, the keys pressed (at
/// a person's pace), and how long the result stays to be read.
public struct TourStep: Sendable {
    /// What a visitor does, or the tour does for them.
    public enum Action: Sendable, Equatable {
        /// Starts the app afresh on the splash, with clean demo data.
        case restart
        /// A key pressed; the next action follows after `TourStep.keyPause`.
        case press(Key)
        /// Text typed character by character, `TourStep.typingPause` apart.
        case type(String)
        /// Time to look.
        case wait(Duration)
        /// The step's caption shows here: after the key that brings the screen it names (and that
        /// key's pause, longer than a transition), so the caption never runs ahead of its screen.
        /// A step without one shows its caption as it begins (its screen is up already, or comes
        /// in the same turn).
        case caption
    }

    /// A short name ("Friends"), shown in the caption with the step's number.
    public var name: String
    public var caption: String
    public var actions: [Action]
    /// Text on screen once the step's actions are done (the tests check it).
    public var shows: String

    public static let keyPause = Duration.milliseconds(450)
    public static let typingPause = Duration.milliseconds(170)

    /// How long the step takes.
    public var duration: Duration {
        actions.reduce(.zero) { total, action in
            switch action {
            case .restart, .caption: total
            case .press: total + Self.keyPause
            case .type(let text): total + Self.typingPause * text.count
            case .wait(let d): total + d
            }
        }
    }
}
