/// A subscription to an `Observable`. Observing stops when the token is
/// invalidated or released, whichever comes first.
@MainActor
public protocol ObserverProtocol: AnyObject {
    /// Stops observing now.
    func invalidate()
}
