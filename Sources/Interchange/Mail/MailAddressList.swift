/// Reads an address field (`From:`, `To:`, `Cc:`, `Reply-To:`) as RFC 5322 writes it, and as
/// mail programs write it in practice: mailboxes (`Name <a@b>`, `a@b (Name)`, `a@b`), quoted
/// names with commas, quotes and escapes, comments (nested), groups (`Team: a@b, c@d;`, an empty
/// `undisclosed-recipients:;`), source routes, RFC 2047 encoded words in names, comments and
/// (outside the RFC, but common) quoted names, and UTF-8 (RFC 6532). A name with an unquoted
/// comma (`Doe, John <jd@x>`) is read as one name, as mail clients do.
public enum MailAddressList {
    /// The mailboxes of one field's unfolded value. `field` names it in a problem.
    public static func parse(_ value: String, field: String) throws(MailProblem) -> [MailAddress] {
        let tokens = try MailTokenizer.tokens(of: value, field: field)
        var parser = Parser(field: field, text: value)
        for token in tokens { try parser.take(token) }
        try parser.end()
        return parser.found
    }

    private struct Parser {
        let field: String
        let text: String
        var found: [MailAddress] = []
        var phrase: [MailToken] = []
        var angle: [MailToken]?
        var inAngle = false
        var comments: [String] = []
        /// A name cut off at an unquoted comma, waiting for the `<address>` it belongs to.
        var pendingName: String?

        init(field: String, text: String) {
            self.field = field
            self.text = text
        }

        mutating func take(_ token: MailToken) throws(MailProblem) {
            if inAngle {
                switch token.kind {
                case .special(">"): inAngle = false
                case .special("<"): throw .malformedAddress(field: field, text: text)
                case .comment: break
                default: angle!.append(token)
                }
                return
            }
            switch token.kind {
            case .comment(let text): comments.append(text)
            case .special("<"):
                guard angle == nil else { throw .malformedAddress(field: field, text: text) }
                angle = []
                inAngle = true
            case .special(","): try finish()
            case .special(";"): try finish()
            case .special(":"):
                // A group's name ends here: its members follow.
                guard angle == nil else { throw .malformedAddress(field: field, text: text) }
                phrase = []
                comments = []
                pendingName = nil
            case .special(">"): throw .malformedAddress(field: field, text: text)
            default: phrase.append(token)
            }
        }

        /// Something before the last `@` and after it.
        static func isAddress(_ text: String) -> Bool {
            guard let at = text.lastIndex(of: "@") else { return false }
            return at != text.startIndex && text.index(after: at) != text.endIndex
        }

        mutating func end() throws(MailProblem) {
            guard !inAngle else { throw .malformedAddress(field: field, text: text) }
            try finish()
            if let pendingName { throw .malformedAddress(field: field, text: pendingName) }
        }

        /// One mailbox is over (at a comma, a group's end, the field's end).
        mutating func finish() throws(MailProblem) {
            defer { phrase = []; angle = nil; comments = [] }
            let commentName = comments.joined(separator: " ")
            if let angle {
                // A source route (<@a,@b:x@y>) goes before the last colon.
                var spec = angle
                if let colon = spec.lastIndex(where: { $0.kind == .special(":") }) { spec = Array(spec[(colon + 1)...]) }
                let address = MailToken.spelled(spec)
                guard !address.isEmpty else {
                    // `<>` (a bounce's From) is no one to add.
                    pendingName = nil
                    return
                }
                guard Self.isAddress(address) else { throw .malformedAddress(field: field, text: address) }
                var name = MailToken.text(phrase)
                if let pending = pendingName { name = name.isEmpty ? pending : pending + ", " + name }
                pendingName = nil
                found.append(MailAddress(name: name.isEmpty ? commentName : name, address: address))
                return
            }
            guard !phrase.isEmpty else { return }
            if phrase.contains(where: { $0.kind == .special("@") }) {
                if let pendingName { throw .malformedAddress(field: field, text: pendingName) }
                let address = MailToken.spelled(phrase)
                guard Self.isAddress(address) else { throw .malformedAddress(field: field, text: address) }
                found.append(MailAddress(name: commentName, address: address))
            } else {
                // Words with no address: a name whose comma was not quoted, if an <address> follows.
                if let pendingName { throw .malformedAddress(field: field, text: pendingName) }
                pendingName = MailToken.text(phrase)
            }
        }
    }
}
