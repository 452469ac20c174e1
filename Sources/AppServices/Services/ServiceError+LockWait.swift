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

        /// The wait as fields (how a sync child's `error` line and an account's kept last error
        /// carry it, after the word `lockWait`): how long, then each holder's process id and role.
        public var fields: [String] {
            [waited] + holders.flatMap { [String($0.pid), $0.role] }
        }

        /// Reads `fields` back; nil when they are not a wait (nothing, a holder without its role,
        /// a process id that is not a number).
        public init?(fields: [String]) {
            guard let waited = fields.first, fields.count % 2 == 1 else { return nil }
            var holders: [Holder] = []
            for at in stride(from: 1, to: fields.count, by: 2) {
                guard let pid = Int64(fields[at]) else { return nil }
                holders.append(Holder(pid: pid, role: fields[at + 1]))
            }
            self.init(waited: waited, holders: holders)
        }
    }
}
