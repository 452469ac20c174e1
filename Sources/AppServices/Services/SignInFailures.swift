/// The failed sign-ins recorded for one user name since its last success.
public struct SignInFailures: Equatable, Sendable {
    /// How many in a row.
    public var count: Int
    /// When the last one was (seconds since 1970; 0 without any).
    public var last: Int64

    public init(count: Int, last: Int64) {
        self.count = count
        self.last = last
    }
}
