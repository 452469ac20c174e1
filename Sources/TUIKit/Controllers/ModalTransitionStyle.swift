/// How a presented controller appears.
public enum ModalTransitionStyle: Sendable {
    case none
    case crossDissolve
}
