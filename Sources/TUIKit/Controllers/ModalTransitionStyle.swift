/// How a presented controller appears.
public enum ModalTransitionStyle: Sendable {
    /// At once, with no animation.
    case none
    /// Faded in (and out again on dismissal).
    case crossDissolve
}
