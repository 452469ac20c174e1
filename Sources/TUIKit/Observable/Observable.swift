/// A value that tells its observers about every change — seed 000's `Observable<T>`.
///
/// ```swift
/// self.observers.append(self.viewModel.items.observe { [weak self] _, newItems in
///     self?.state = newItems.isEmpty ? .empty : .normal
/// })
/// ```
///
/// Observers are held weakly through the token `observe` returns: keep the
/// token (usually in an `observers` array) for as long as you want to hear.
/// Every set notifies, even one that sets an equal value.
@MainActor
public final class Observable<T> {
    /// The current value; setting it notifies every live observer with the old and new value.
    public var value: T {
        didSet { notify(old: oldValue, new: value) }
    }

    private var tokens: [WeakToken] = []

    /// An observable holding `value`, with no observers yet.
    public init(_ value: T) {
        self.value = value
    }

    /// Calls `closure` with the old and new value on every later change.
    public func observe(_ closure: @escaping (_ old: T, _ new: T) -> Void) -> ObserverProtocol {
        let token = Token(closure)
        tokens.append(WeakToken(token))
        return token
    }

    /// Calls `closure` with the current value now, and with the new value on every later change.
    public func observeNewAndCall(_ closure: @escaping (_ new: T) -> Void) -> ObserverProtocol {
        let token = observe { _, new in closure(new) }
        closure(value)
        return token
    }

    /// How many observers are still listening.
    public var observerCount: Int {
        tokens.removeAll { $0.token?.closure == nil }
        return tokens.count
    }

    private func notify(old: T, new: T) {
        tokens.removeAll { $0.token?.closure == nil }
        // A snapshot: observers added during notification hear the next change.
        for weak in tokens {
            weak.token?.closure?(old, new)
        }
    }

    private final class Token: ObserverProtocol {
        var closure: ((T, T) -> Void)?
        init(_ closure: @escaping (T, T) -> Void) { self.closure = closure }
        func invalidate() { closure = nil }
    }

    private struct WeakToken {
        weak var token: Token?
        init(_ token: Token) { self.token = token }
    }
}
