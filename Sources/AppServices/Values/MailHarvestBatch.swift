/// What one step of the mail harvest adds, in one transaction: the messages read (each counted
/// only if its key was not counted before), the user's own addresses learnt, and where reading
/// stopped (the maildir files read, an mbox's offset), so the next run starts after it.
public struct MailHarvestBatch: Sendable {
    /// One message: its key (`MailMessageSummary.key`), whether the user wrote it, its date, and
    /// the people it counts for: the recipients of a message the user wrote, else the sender.
    public struct Message: Sendable {
        public var key: String
        public var fromMe: Bool
        public var date: Int64
        public var people: [(name: String, address: String)]

        public init(key: String, fromMe: Bool, date: Int64, people: [(name: String, address: String)]) {
            self.key = key
            self.fromMe = fromMe
            self.date = date
            self.people = people
        }
    }

    public var messages: [Message] = []
    /// Addresses of the user's own (from `--me` and the senders of a sent folder), in lower case.
    public var myAddresses: [String] = []
    /// Maildir files read: the folder's path and each file's unique name (before ":2,").
    public var readFiles: [(folder: String, name: String)] = []
    /// An mbox read up to here.
    public var mbox: MailboxMark?

    public init() {}
}

/// How far an mbox was read, and what its bytes were there, to tell that it was not rewritten:
/// the offset the next run starts at, and a hash of the bytes before it (`checkLength` of them).
public struct MailboxMark: Equatable, Sendable {
    public var path: String
    public var offset: Int64
    public var checkLength: Int64
    public var check: String

    public init(path: String, offset: Int64, checkLength: Int64, check: String) {
        self.path = path
        self.offset = offset
        self.checkLength = checkLength
        self.check = check
    }
}
