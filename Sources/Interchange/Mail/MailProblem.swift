/// Why a message's header could not be read; `message` says it in words a person can act on.
public enum MailProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing came in (an empty pipe).
    case empty
    /// A NUL byte, or a line before the header's end that is no field: not a mail message.
    case notAMessage(line: Int)
    /// A header longer than is read.
    case headerTooLong(Int)
    /// Bytes of 128 and over in a field that are not UTF-8 (RFC 6532 allows UTF-8 only).
    case eightBit(field: String)
    /// An encoded word (RFC 2047) whose text is not what its encoding or charset says.
    case malformedEncodedWord(String)
    /// An encoded word in a charset the system's iconv does not know.
    case unknownCharset(String)
    /// The field has no address in it.
    case noAddress(field: String)
    /// An address field that cannot be read as a list of addresses.
    case malformedAddress(field: String, text: String)

    /// The problem in words.
    public var message: String {
        switch self {
        case .empty: return "no message came on standard input"
        case .notAMessage(let line): return "not a mail message: line \(line) of its header is neither a “Name: value” field nor its continuation"
        case .headerTooLong(let limit): return "the message's header is longer than \(limit / 1024) KB; not a mail message?"
        case .eightBit(let field): return "the \(field): field has 8-bit bytes that are not UTF-8 (a mail header must be ASCII, or UTF-8 by RFC 6532)"
        case .malformedEncodedWord(let word): return "a malformed encoded word: \(Self.clip(word))"
        case .unknownCharset(let name): return "an encoded word in the charset “\(Self.clip(name))”, which this system cannot read"
        case .noAddress(let field): return "the message has no address in its \(field): field"
        case .malformedAddress(let field, let text): return "the \(field): field is not a list of addresses: \(Self.clip(text))"
        }
    }

    public var description: String { message }

    static func clip(_ text: String) -> String { text.count > 60 ? String(text.prefix(59)) + "…" : text }
}
