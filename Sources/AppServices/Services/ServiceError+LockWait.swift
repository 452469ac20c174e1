public extension ServiceError {
    /// A wait for a lock on a server that ran out, and who held the lock: the `cause` of a
    /// `.lockHeld` error, from which App makes its sentence (who to ask, what the owner can do).
    struct LockWait: Error, Hashable, Sendable {
        /// A session holding the lock: the server's process id, and the role it signed in as (a
        /// team member's name; "" when not known).
        public struct Holder: Hashable, Sendable {
            public var pid: Int64
            public var role: String

            public init(pid: Int64, role: String) {
                self.pid = pid
                self.role = role
            }
        }

        /// How long the wait was (the server's `lock_timeout`, as it reads it: "5s").
        public var waited: String
        /// The sessions holding it, the one most in the way first; empty when none could be read.
        public var holders: [Holder]

        public init(waited: String, holders: [Holder]) {
            self.waited = waited
            self.holders = holders
        }
    }
}
