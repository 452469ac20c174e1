/// One lexical piece of an address field (RFC 5322 §3.2): a word (atom, or decoded encoded
/// word), a quoted string, a comment, a domain literal or a special character, and whether
/// white space came before it.
struct MailToken: Equatable {
    enum Kind: Equatable {
        case atom(String)
        case encoded(String)
        case quoted(String)
        case comment(String)
        case domainLiteral(String)
        case special(Unicode.Scalar)
    }

    var kind: Kind
    var spaceBefore: Bool

    /// Words as a name reads them: one space where white space was, none between two encoded words.
    static func text(_ tokens: [MailToken]) -> String {
        var out = "", previousEncoded = false
        for token in tokens {
            let piece: String, encoded: Bool
            switch token.kind {
            case .atom(let t): piece = t; encoded = false
            case .encoded(let t): piece = t; encoded = true
            case .quoted(let t): piece = t; encoded = false
            case .domainLiteral(let t): piece = "[" + t + "]"; encoded = false
            case .special(let c): piece = String(c); encoded = false
            case .comment: continue
            }
            if !out.isEmpty, token.spaceBefore, !(encoded && previousEncoded) { out += " " }
            out += piece
            previousEncoded = encoded
        }
        return out
    }

    /// An addr-spec as written, without white space: a quoted local part keeps its quotes.
    static func spelled(_ tokens: [MailToken]) -> String {
        var out = ""
        for token in tokens {
            switch token.kind {
            case .atom(let t), .encoded(let t): out += t
            case .quoted(let t):
                out += "\""
                for c in t.unicodeScalars {
                    if c == "\"" || c == "\\" { out += "\\" }
                    out.unicodeScalars.append(c)
                }
                out += "\""
            case .domainLiteral(let t): out += "[" + t + "]"
            case .special(let c): out.unicodeScalars.append(c)
            case .comment: break
            }
        }
        return out
    }
}

/// Splits an address field into `MailToken`s.
enum MailTokenizer {
    static let specials = Set("<>,:;@".unicodeScalars)

    static func tokens(of value: String, field: String) throws(MailProblem) -> [MailToken] {
        let text = Array(value.unicodeScalars)
        var tokens: [MailToken] = []
        var i = 0, space = false
        func bad() -> MailProblem { .malformedAddress(field: field, text: value) }
        while i < text.count {
            let c = text[i]
            if c == " " || c == "\t" || c == "\r" || c == "\n" { space = true; i += 1; continue }
            if c == "(" {
                var depth = 1, j = i + 1, inner: [Unicode.Scalar] = []
                while j < text.count, depth > 0 {
                    let d = text[j]
                    if d == "\\", j + 1 < text.count { inner.append(text[j + 1]); j += 2; continue }
                    if d == "(" { depth += 1 } else if d == ")" { depth -= 1; if depth == 0 { break } }
                    inner.append(d)
                    j += 1
                }
                guard depth == 0 else { throw bad() }
                tokens.append(MailToken(kind: .comment(try decodedWords(inner)), spaceBefore: space))
                i = j + 1
            } else if c == "\"" {
                var j = i + 1, inner: [Unicode.Scalar] = [], closed = false
                while j < text.count {
                    let d = text[j]
                    if d == "\\", j + 1 < text.count { inner.append(text[j + 1]); j += 2; continue }
                    if d == "\"" { closed = true; break }
                    inner.append(d)
                    j += 1
                }
                guard closed else { throw bad() }
                tokens.append(MailToken(kind: .quoted(try decodedWords(inner)), spaceBefore: space))
                i = j + 1
            } else if c == "[" {
                guard let close = text[i...].firstIndex(of: "]") else { throw bad() }
                tokens.append(MailToken(kind: .domainLiteral(String(String.UnicodeScalarView(text[(i + 1)..<close]))), spaceBefore: space))
                i = close + 1
            } else if specials.contains(c) {
                tokens.append(MailToken(kind: .special(c), spaceBefore: space))
                i += 1
            } else if c == ")" || c == "]" {
                throw bad()
            } else if let length = EncodedWord.length(in: text, at: i), i + length == text.count || isBoundary(text[i + length]) {
                let word = String(String.UnicodeScalarView(text[i..<(i + length)]))
                tokens.append(MailToken(kind: .encoded(try EncodedWord.decode(word)), spaceBefore: space))
                i += length
            } else {
                var j = i
                while j < text.count, !isBoundary(text[j]) { j += 1 }
                tokens.append(MailToken(kind: .atom(String(String.UnicodeScalarView(text[i..<j]))), spaceBefore: space))
                i = j
            }
            space = false
        }
        return tokens
    }

    /// Where an atom ends.
    static func isBoundary(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\r" || c == "\n" || c == "(" || c == ")" || c == "\"" || c == "[" || c == "]" || specials.contains(c)
    }

    /// A comment's or quoted string's text with its encoded words decoded (adjacent ones joined
    /// without the space between them); a literal "=?" that starts no encoded word stays.
    static func decodedWords(_ text: [Unicode.Scalar]) throws(MailProblem) -> String {
        guard text.count > 1, text.indices.dropLast().contains(where: { text[$0] == "=" && text[$0 + 1] == "?" }) else {
            return String(String.UnicodeScalarView(text))
        }
        var out = "", i = 0, pendingSpace = "", lastWasEncoded = false
        while i < text.count {
            let atWordStart = i == 0 || text[i - 1] == " " || text[i - 1] == "\t"
            if atWordStart, let length = EncodedWord.length(in: text, at: i),
               i + length == text.count || text[i + length] == " " || text[i + length] == "\t" {
                if !lastWasEncoded { out += pendingSpace }
                out += try EncodedWord.decode(String(String.UnicodeScalarView(text[i..<(i + length)])))
                pendingSpace = ""
                lastWasEncoded = true
                i += length
                continue
            }
            let c = text[i]
            if c == " " || c == "\t" { pendingSpace.unicodeScalars.append(c); i += 1; continue }
            out += pendingSpace
            pendingSpace = ""
            lastWasEncoded = false
            out.unicodeScalars.append(c)
            i += 1
        }
        return out + pendingSpace
    }
}
