/// What the mail harvest reads of one message: who sent it, to whom, when, and a key that is the
/// same wherever the message is kept (its Message-ID; without one, a hash of its header), so a
/// message in two folders (or read again from a rewritten mbox) is counted once. Only the fields
/// read must be well-formed; a problem in one of them refuses the message whole.
public struct MailMessageSummary: Sendable {
    public var key: String
    public var from: [MailAddress]
    /// To, Cc and Bcc, each address once.
    public var recipients: [MailAddress]
    /// Seconds since 1970 of its Date: field, nil when it has none or it cannot be read.
    public var date: Int64?

    static let fieldNames: Set<String> = ["from", "to", "cc", "bcc", "date", "message-id"]

    /// Reads the header in `bytes` (an mbox's "From " line before it is passed over).
    public init(headerBytes bytes: [UInt8]) throws(MailProblem) {
        let header = try MailHeaderSection(bytes: bytes, keeping: Self.fieldNames)
        let fromValues = header.values(of: "From")
        var from: [MailAddress] = []
        for value in fromValues { from += try MailAddressList.parse(value, field: "From") }
        guard !from.isEmpty else { throw .noAddress(field: "From") }
        self.from = from
        var seen = Set<String>(), recipients: [MailAddress] = []
        for field in ["To", "Cc", "Bcc"] {
            for value in header.values(of: field) {
                for address in try MailAddressList.parse(value, field: field) where seen.insert(address.address.lowercased()).inserted {
                    recipients.append(address)
                }
            }
        }
        self.recipients = recipients
        date = header.values(of: "Date").first.flatMap(MailDate.seconds(rfc5322:))
        let id = header.values(of: "Message-ID").first.map { $0.trimmingSpaces } ?? ""
        if !id.isEmpty {
            key = id
        } else {
            var hash: UInt64 = 0xcbf29ce484222325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100000001b3
            }
            key = "header-fnv1a:" + String(hash, radix: 16)
        }
    }
}
