/// Why a card or a record of a file could not be read; it always names a line.
public struct ReadProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// `BEGIN:VCARD` with no `END:VCARD` before the file (or the next card) starts.
        case unterminatedCard
        /// An `END:VCARD` with no `BEGIN:VCARD`.
        case endWithoutBegin
        /// A line inside a card that has no `name:value` shape.
        case malformedLine(String)
        /// Bytes that are not valid text in the declared (or default UTF-8) charset.
        case badEncoding(String)
        /// Bytes not valid in the charset they declare (or UTF-8), read in another one.
        case decodedAs(expected: String, used: String)
        /// A CHARSET parameter iconv does not know; the value was read as UTF-8 or windows-1252.
        case unknownCharset(String)
        /// A property name with characters no vCard name has.
        case badPropertyName(String)
        /// A VERSION this reader does not know.
        case unknownVersion(String)
        /// Text between cards that is not part of any card.
        case textOutsideCard
        /// A CSV field opened with a quote that never closes.
        case unterminatedQuote
        /// A card or record that has no name, e-mail or phone to make a contact of.
        case noName
        /// A line longer than the reader accepts.
        case lineTooLong(Int)
        /// A group card or mailing list (iCloud's KIND:group, LDIF's groupOfNames), not a person.
        case notAPerson
        /// NUL characters in these fields, taken out (no store keeps them: a C string ends at the first).
        case nulRemoved(String)
        /// A name longer than a contact's may be (the form's limit, the same at import).
        case nameTooLong(field: String, length: Int, limit: Int)
    }

    /// The 1-based line the problem starts on.
    public var line: Int
    /// What went wrong.
    public var reason: Reason

    /// Makes a problem.
    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// "line 12: unterminated card (no END:VCARD)".
    public var description: String { "line \(line): \(message)" }

    /// The reason alone, in words a person can act on.
    public var message: String {
        switch reason {
        case .unterminatedCard: return "unterminated card (BEGIN:VCARD without END:VCARD)"
        case .endWithoutBegin: return "END:VCARD without BEGIN:VCARD"
        case .malformedLine(let text): return "not a vCard line (no ':' after the name): \(Self.clip(text))"
        case .badEncoding(let charset): return "bad encoding: the bytes are not valid \(charset)"
        case .decodedAs(let expected, let used): return "the bytes are not valid \(Self.clip(expected)); read as \(used), check the text"
        case .unknownCharset(let charset): return "unknown CHARSET \(Self.clip(charset)); read as UTF-8 or windows-1252, check the text"
        case .badPropertyName(let text): return "not a vCard property name: \(Self.clip(text))"
        case .unknownVersion(let version): return "unknown vCard VERSION \(Self.clip(version)) (2.1, 3.0 and 4.0 are read)"
        case .textOutsideCard: return "text outside any card (no BEGIN:VCARD before it)"
        case .unterminatedQuote: return "a quoted CSV field is never closed; this row was skipped, the rows after it were read"
        case .noName: return "no name, e-mail or phone"
        case .lineTooLong(let limit): return "line longer than \(limit) bytes"
        case .notAPerson: return "a group or mailing list, not a person: not imported as a contact"
        case .nulRemoved(let fields): return "NUL characters taken out of \(fields); the rest of the card was imported"
        case .nameTooLong(let field, let length, let limit):
            return "the \(field) has \(length) characters, at most \(limit) are taken (as in the app's form); the card was not imported"
        }
    }

    static func clip(_ text: String) -> String {
        let visible = String(text.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0 == "\u{7F}" ? "?" : Character($0) })
        return text.unicodeScalars.count > 40 ? visible + "…" : visible
    }
}
