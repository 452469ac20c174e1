/// How one screen replaces another (seed 004's none / fade / slide).
public enum TransitionAnimation: Sendable, Equatable {
    /// At once.
    case none
    /// A cross-dissolve, drawn in the terminal as dimming steps: the old screen
    /// dims, the new one appears dimmed and brightens.
    case fade
    /// The new screen slides in from the left edge (log-out in seed 004).
    case slideFromLeft
    /// The new screen slides in from the right edge (a push).
    case slideFromRight

    /// The usual length of a transition.
    public static let defaultDuration: Duration = .milliseconds(300)
}
