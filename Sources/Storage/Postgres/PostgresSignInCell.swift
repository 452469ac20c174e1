import Synchronization

/// The member's sign-in of this run, shared by the app's two connections to one team directory
/// (the main loop's and the worker's): the one that checked the password at Log In puts it here,
/// and the other connects with it at its next use. In memory only; cleared by logging out.
public final class PostgresSignInCell: Sendable {
    private let state = Mutex<(signIn: PostgresSignIn?, generation: Int)>((nil, 0))

    public init() {}

    /// The member's sign-in of this run (nil: none typed; the connection string or libpq's own
    /// places sign in): what the app hands a `switchboard sync` child on its standard input.
    public var signIn: PostgresSignIn? { current.signIn }

    /// The sign-in, and how many times it has changed (a connection made at an older one is out of date).
    var current: (signIn: PostgresSignIn?, generation: Int) { state.withLock { $0 } }

    func set(_ signIn: PostgresSignIn?) {
        state.withLock { $0 = (signIn, $0.generation + 1) }
    }
}
