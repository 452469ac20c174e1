/// A team directory member's sign-in: their role and password, typed at the Log In screen or
/// read by `--password-command`. Kept in memory for one run and handed to libpq as a parameter
/// of its own (never in a connection string, a file or an argument).
public struct PostgresSignIn: Sendable, Equatable {
    /// The member's PostgreSQL role (their user name).
    public let role: String
    public let password: String

    public init(role: String, password: String) {
        self.role = role
        self.password = password
    }
}
