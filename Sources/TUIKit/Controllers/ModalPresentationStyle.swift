/// How a presented controller covers the screen.
public enum ModalPresentationStyle: Sendable {
    /// Over the current screen, which stays visible under it.
    case overCurrentContext
    /// Covering the whole screen.
    case fullScreen
}
