import TUIKit

/// What screens may ask of navigation (seed 002's `Coordination`): they name a
/// `Screen`, never another screen's class.
@MainActor
public protocol Coordination: AnyObject {
    /// Shows a screen: pushed on the current flow's stack, or as the only one
    /// when `firstPosition`; a screen of another flow switches flows.
    func show(_ screen: Screen, firstPosition: Bool)
    /// Goes back one screen.
    func pop()
    /// Goes back one screen, first handing the screen it returns to to `pass`
    /// (Clean Swift's data passing: a router fills the destination's data store).
    func pop(passingTo pass: (ViewController) -> Void)
}

extension Coordination {
    public func show(_ screen: Screen) { show(screen, firstPosition: false) }
    public func pop(passingTo pass: (ViewController) -> Void) { pop() }
}
