import AppServices

/// Where a connection string's passwords are, however the string is written — well-formed, or
/// mistyped as a person types it (`postgresql//u:pw@h`, `postgres:/u:pw@h`, `…@[::1:5432/x`, a
/// percent escape that is not one, `&password=` without a `?`): every span that is, or may be, a
/// password is replaced by `***`, and the spans are kept so that a message libpq wrote about the
/// string (it quotes the string, or the token it could not read) can be scrubbed of them too.
/// It errs on the side of hiding: a span that might be a password is hidden.
struct ConnectionStringRedaction {
    /// The text with every password span as `***`.
    private(set) var text: String
    /// The spans taken out, as written and percent-decoded.
    private(set) var secrets: [String] = []

    /// - Parameter isMessage: the text is a message about a connection string (libpq's), not one:
    ///   only its `password=…` spellings are taken out (a `password` without `=` after it is a word
    ///   there: `password authentication failed`; `port 5432 failed: FATAL:` is no host and port).
    init(_ conninfo: String, isMessage: Bool = false) {
        text = conninfo
        if isMessage {
            // Only `password=…` spellings: the rules for a string's parts would take a message's
            // words for them ("port 5432 failed: FATAL:" is no host and port).
            redactKeyValues(needingEquals: true)
            return
        }
        if let scheme = SearchText.firstRange(of: "://", in: text) {
            redactUserInfo(from: scheme.upperBound)
            redactQuery()
        } else if !PostgresConnection.isKeyValueString(text) {
            // A scheme mistyped (`postgresql//`, `postgres:/`, `postgresql:`): the user information
            // starts after a `scheme:/` or `scheme:` — or at the start.
            redactUserInfo(from: Self.afterMistypedScheme(text))
            redactQuery()
        } else {
            // A key=value string: a value that is a mistyped URI (`dbname=postgresql:/u:pw@h`).
            var from = text.startIndex
            while let hit = Self.firstRange(of: "=postgres", in: text[from...]) {
                let resume = text.distance(from: text.startIndex, to: hit.upperBound)
                let valueStart = text.index(after: hit.lowerBound)
                let value = String(text[valueStart...])
                redactUserInfo(from: text.index(valueStart, offsetBy: value.distance(from: value.startIndex, to: Self.afterMistypedScheme(value))))
                from = text.index(text.startIndex, offsetBy: min(resume, text.count))
            }
        }
        redactKeyValues(needingEquals: isMessage)
    }

    // MARK: - The rules

    /// `user:PASSWORD@host`: from the first `:` of the user information to its last `@` (before the
    /// query; a password may hold `@`, `/` or spaces). Without an `@`, a port that is not a number
    /// (`u:pw` with its `@` forgotten) is taken for a password.
    private mutating func redactUserInfo(from start: String.Index) {
        let rest = text[start...]
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        // The last `@` before the query; or, a `?` in the password, the last one before any `/`.
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<queryStart].lastIndex(of: "@") ?? rest[..<slash].lastIndex(of: "@") {
            guard let colon = rest[..<at].firstIndex(of: ":") else { return }
            replace(text.index(after: colon)..<at)
            return
        }
        // No `@`: a segment (between `/` and `,`, before the query) whose first `:` outside brackets
        // is followed by what is not a port number — `u:pw` with its `@` forgotten, or put after a
        // third slash — is taken for a password.
        var cursor = start
        while true {
            let queryEnd = text[cursor...].firstIndex(of: "?") ?? text.endIndex
            guard cursor < queryEnd else { return }
            let segmentEnd = text[cursor..<queryEnd].firstIndex { $0 == "/" || $0 == "," } ?? queryEnd
            let segment = text[cursor..<segmentEnd]
            let hostEnd = segment.first == "[" ? (segment.firstIndex(of: "]") ?? segment.endIndex) : segment.startIndex
            if let colon = segment[hostEnd...].firstIndex(of: ":") {
                let port = text.index(after: colon)..<segmentEnd
                if !text[port].isEmpty, !text[port].allSatisfy({ ("0"..."9").contains($0) }) {
                    cursor = replace(port).upperBound
                    continue
                }
            }
            cursor = segmentEnd < queryEnd ? text.index(after: segmentEnd) : queryEnd
        }
    }

    /// Every query parameter whose name, decoded and in any case, may name a password (`password`,
    /// `sslpassword`, `PassWord`, `%70assword`, a typo of one): its value; one without `=` whole.
    /// A `?` anywhere starts the query; `&` separates.
    private mutating func redactQuery() {
        guard let q = text.firstIndex(of: "?") else { return }
        var cursor = text.index(after: q)
        while cursor < text.endIndex {
            let end = text[cursor...].firstIndex(of: "&") ?? text.endIndex
            if let eq = text[cursor..<end].firstIndex(of: "=") {
                let name = text[cursor..<eq]
                let decoded = (PercentEncoding.decoded(Array(name.utf8)[...]) ?? String(name)).lowercased()
                if Self.mayNamePassword(decoded) || Self.mayNamePassword(name.lowercased()) {
                    let range = replace(text.index(after: eq)..<end)
                    cursor = range.upperBound < text.endIndex ? text.index(after: range.upperBound) : text.endIndex
                    continue
                }
            } else if Self.mayNamePassword(text[cursor..<end].lowercased()), cursor < end {
                // `password'pw'`, its `=` forgotten: the whole parameter.
                let range = replace(cursor..<end)
                cursor = range.upperBound < text.endIndex ? text.index(after: range.upperBound) : text.endIndex
                continue
            }
            cursor = end < text.endIndex ? text.index(after: end) : text.endIndex
        }
    }

    /// `password=…`, `sslpassword = '…'`, `%70assword=…` anywhere (a key=value string, or a URI's
    /// query mistyped; any name `mayNamePassword`): the value, quoted (to the closing quote not
    /// escaped) or to the next space or `&`. Unless `needingEquals`, a quoted value or a word after
    /// spaces is taken without its `=` too (`password 'pw'`, `password pw`), and `==` is one `=`.
    private mutating func redactKeyValues(needingEquals: Bool) {
        var from = text.startIndex
        while let found = Self.firstPasswordName(in: text[from...]) {
            var cursor = found.upperBound
            from = found.upperBound
            // Spaces before `=` (a tab there is left to `PostgresConnection.redacted`'s reading by libpq).
            var spaces = false
            while cursor < text.endIndex, text[cursor] == " " { cursor = text.index(after: cursor); spaces = true }
            guard cursor < text.endIndex else { continue }
            if text[cursor] == "=" {
                cursor = text.index(after: cursor)
                while !needingEquals, cursor < text.endIndex, text[cursor] == "=" { cursor = text.index(after: cursor) }
                while cursor < text.endIndex, text[cursor] == " " || text[cursor] == "\t" { cursor = text.index(after: cursor) }
            } else if needingEquals || !(text[cursor] == "'" || (spaces && !text[cursor].isWhitespace)) {
                continue
            }
            if text[cursor...].hasPrefix("***") { from = text.index(cursor, offsetBy: 3); continue }   // taken out already
            let start = cursor
            if cursor < text.endIndex, text[cursor] == "'" {
                cursor = text.index(after: cursor)
                while cursor < text.endIndex, text[cursor] != "'" {
                    if text[cursor] == "\\", text.index(after: cursor) < text.endIndex { cursor = text.index(after: cursor) }
                    cursor = text.index(after: cursor)
                }
                if cursor < text.endIndex { cursor = text.index(after: cursor) }
            } else {
                while cursor < text.endIndex, text[cursor] != " ", text[cursor] != "\t", text[cursor] != "&" { cursor = text.index(after: cursor) }
            }
            guard start < cursor else { continue }
            from = replace(start..<cursor).upperBound
        }
    }

    /// The first name in `text` that may be a password's (`mayNamePassword`), from where `pass`,
    /// `assw` or `pwd` starts to the end of the name (letters, digits, `_`, `%`).
    static func firstPasswordName(in text: Substring) -> Range<String.Index>? {
        let hits = ["pass", "assw", "pwd"].compactMap { firstRange(of: $0, in: text) }
        guard let hit = hits.min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
        var end = hit.upperBound
        while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" || text[end] == "%" { end = text.index(after: end) }
        return hit.lowerBound..<end
    }

    // MARK: - Helpers

    /// Replaces `range` by `***`, keeping what it held (and its decoded and unquoted forms); returns where `***` is.
    @discardableResult
    private mutating func replace(_ range: Range<String.Index>) -> Range<String.Index> {
        let secret = String(text[range])
        if !secret.isEmpty, secret != "***" {
            secrets.append(secret)
            if let decoded = PercentEncoding.decoded(Array(secret.utf8)[...]), decoded != secret { secrets.append(decoded) }
            if secret.hasPrefix("'") {
                let inner = secret.dropFirst().dropLast(secret.count > 1 && secret.hasSuffix("'") ? 1 : 0)
                if !inner.isEmpty { secrets.append(String(inner)); secrets.append(SearchText.replacing("\\", with: "", in: String(inner))) }
            }
        }
        let offset = text.distance(from: text.startIndex, to: range.lowerBound)
        text.replaceSubrange(range, with: "***")
        let start = text.index(text.startIndex, offsetBy: offset)
        return start..<text.index(start, offsetBy: 3)
    }

    /// Whether a parameter's name may be a password's, mistyped too (`passwd`, `pasword`, `70assword`).
    static func mayNamePassword(_ name: String) -> Bool {
        SearchText.contains(name, "pass") || SearchText.contains(name, "assw") || SearchText.contains(name, "pwd")
    }

    /// Where the user information starts in a string whose scheme was mistyped: after `scheme:`
    /// and the slashes after it, when the string starts with a scheme followed by `:/`; after
    /// `postgres:`/`postgresql:` however written; else at the start.
    static func afterMistypedScheme(_ text: String) -> String.Index {
        guard let colon = text.firstIndex(of: ":") else { return text.startIndex }
        let name = text[..<colon]
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return text.startIndex }
        let after = text.index(after: colon)
        let slashed = after < text.endIndex && text[after] == "/"
        guard slashed || name.lowercased() == "postgres" || name.lowercased() == "postgresql" else { return text.startIndex }
        var start = after
        while start < text.endIndex, text[start] == "/" { start = text.index(after: start) }
        return start
    }

    /// The first `word` in `text`, any case.
    static func firstRange(of word: String, in text: Substring) -> Range<String.Index>? {
        let lower = word.lowercased()
        var i = text.startIndex
        while i < text.endIndex {
            var j = i, k = lower.startIndex
            while j < text.endIndex, k < lower.endIndex, text[j].lowercased() == String(lower[k]) {
                j = text.index(after: j); k = lower.index(after: k)
            }
            if k == lower.endIndex { return i..<j }
            i = text.index(after: i)
        }
        return nil
    }
}

extension PostgresConnection {
    /// `message` (libpq's, which quotes the string or the token it could not read) with every
    /// password of `conninfo` taken out, and any password spelling it holds itself.
    public static func scrubbed(_ message: String, conninfo: String) -> String {
        var secrets = ConnectionStringRedaction(conninfo).secrets
        if let values = parsed(conninfo) { secrets += [values["password"], values["sslpassword"]].compactMap { $0 } }
        secrets.sort { $0.count > $1.count }
        var text = message
        for secret in secrets where !secret.isEmpty { text = SearchText.replacing(secret, with: "***", in: text) }
        return ConnectionStringRedaction(text, isMessage: true).text
    }
}
