/// One step of a KEYS script: an input event, or time passing on the virtual clock.
public enum ScriptStep: Hashable, Sendable {
    /// A key, a paste, a click, the wheel or a resize.
    case input(InputEvent)
    /// The virtual clock moving on by this many milliseconds (`wait:500ms`).
    case wait(milliseconds: Int)
    /// A signal arriving, as if sent with kill(1): `signal:TERM`, `signal:INT`, `signal:HUP`, `signal:TSTP`.
    case signal(TerminalSignal)
}

/// Why a KEYS script could not be read. Each message names the bad token.
public enum KeyScriptError: Error, Equatable, CustomStringConvertible {
    /// A token that is no key name (`Ener`).
    case unknownKey(String)
    /// A quoted string with no closing quote.
    case unterminatedString(String)
    /// A `wait:` without a duration in ms or s.
    case badWait(String)
    /// A `resize:` without a size in range.
    case badResize(String)
    /// A `click:` without a column and a row.
    case badClick(String)
    /// A `signal:` naming no signal the run loop knows.
    case badSignal(String)
    /// A `wheel:` without a direction, a column and a row.
    case badWheel(String)
    /// `""`, which types nothing.
    case emptyString

    /// A message naming the bad token and showing the right form.
    public var description: String {
        switch self {
        case .unknownKey(let t): "unknown key '\(t)' (try Enter, Esc, Tab, Up, C-a, F1, Space, or a quoted \"text\")"
        case .unterminatedString(let t): "unterminated string \(t) (close it with a matching quote)"
        case .badWait(let t): "bad wait '\(t)' (use wait:500ms or wait:2s)"
        case .badResize(let t): "bad resize '\(t)' (use resize:COLSxROWS from 1x1 to \(Size.largestParsedSide)x\(Size.largestParsedSide), e.g. resize:80x24)"
        case .badClick(let t): "bad click '\(t)' (use click:COL,ROW with 0-based numbers, e.g. click:10,3)"
        case .badWheel(let t): "bad wheel '\(t)' (use wheel:up:COL,ROW or wheel:down:COL,ROW, e.g. wheel:down:10,3)"
        case .badSignal(let t): "bad signal '\(t)' (use signal:TERM, signal:INT, signal:HUP or signal:TSTP)"
        case .emptyString: "empty string \"\" types nothing (remove it)"
        }
    }
}

/// The KEYS script syntax used by `--keys`, `--script` and the tests:
/// tokens separated by spaces — key names (`Enter Esc Tab S-Tab Backspace
/// Delete Up Down Left Right C-Left C-Right Home End PgUp PgDn F1`…`F12`, `C-a`…`C-z`, `C-]`,
/// `Space`), a single character (`q`), a quoted string typed character by
/// character (`"Ada Lovelace"` or `'say "hi"'`), `wait:500ms` / `wait:2s`,
/// `resize:40x10`, `click:COL,ROW`, `wheel:up:COL,ROW` / `wheel:down:COL,ROW`, `signal:TERM`. In a script file `#` starts a comment
/// that runs to the end of the line (outside quotes).
///
/// ```swift
/// let steps = try KeyScript.parse("Down Down Enter \"Ada\" wait:500ms Esc")
/// terminal.enqueue(steps)
/// ```
public enum KeyScript {
    /// Parses a whole script (several lines allowed) into steps, in order; throws on the first bad token.
    public static func parse(_ text: String) throws(KeyScriptError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            try parseLine(Substring(line), into: &steps)
        }
        return steps
    }

    /// Read by Unicode scalar, so that a quote followed by a combining mark
    /// (an accent typed as a key of its own) still opens a string.
    private static func parseLine(_ line: Substring, into steps: inout [ScriptStep]) throws(KeyScriptError) {
        let scalars = Array(line.unicodeScalars)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        var index = 0
        while index < scalars.count {
            let ch = scalars[index]
            if ch == " " || ch == "\t" || ch == "\r" { index += 1; continue }
            if ch == "#" { return }
            if ch == "\"" || ch == "'" {
                var end = index + 1
                while end < scalars.count && scalars[end] != ch { end += 1 }
                guard end < scalars.count else { throw .unterminatedString(text(index..<scalars.count)) }
                let content = text((index + 1)..<end)
                guard !content.isEmpty else { throw .emptyString }
                for c in content { steps.append(.input(.key(.character(c)))) }
                index = end + 1
                continue
            }
            var end = index
            while end < scalars.count && scalars[end] != " " && scalars[end] != "\t" && scalars[end] != "\r" { end += 1 }
            steps.append(try parseToken(text(index..<end)))
            index = end
        }
    }

    static func parseToken(_ token: String) throws(KeyScriptError) -> ScriptStep {
        if let key = Key.named[token] { return .input(.key(key)) }
        if token.count == 1, let c = token.first, !DisplayWidth.isControl(c) { return .input(.key(.character(c))) }
        if token.hasPrefix("wait:") {
            let value = token.dropFirst(5)
            if value.hasSuffix("ms"), let ms = Int(value.dropLast(2)), ms >= 0 { return .wait(milliseconds: ms) }
            if value.hasSuffix("s"), !value.hasSuffix("ms"), let s = Double(value.dropLast()), s >= 0, s < 1e7 {
                return .wait(milliseconds: Int((s * 1000).rounded()))
            }
            throw .badWait(token)
        }
        if token.hasPrefix("resize:") {
            guard let size = Size(parsing: String(token.dropFirst(7))) else { throw .badResize(token) }
            return .input(.resize(size))
        }
        if token.hasPrefix("signal:") {
            switch token.dropFirst(7) {
            case "TERM": return .signal(.terminate)
            case "INT": return .signal(.interrupt)
            case "HUP": return .signal(.hangUp)
            case "TSTP": return .signal(.suspend)
            default: throw .badSignal(token)
            }
        }
        if token.hasPrefix("click:") {
            guard let point = point(token.dropFirst(6)) else { throw .badClick(token) }
            return .input(.mouse(MouseEvent(location: point)))
        }
        if token.hasPrefix("wheel:") {
            let rest = token.dropFirst(6)
            for (name, kind) in [("up:", MouseEvent.Kind.scrollUp), ("down:", .scrollDown)] where rest.hasPrefix(name) {
                guard let point = point(rest.dropFirst(name.count)) else { break }
                return .input(.mouse(MouseEvent(location: point, kind: kind)))
            }
            throw .badWheel(token)
        }
        throw .unknownKey(token)
    }

    /// "COL,ROW", 0-based.
    private static func point(_ text: Substring) -> Point? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), x >= 0, y >= 0 else { return nil }
        return Point(x: x, y: y)
    }
}
