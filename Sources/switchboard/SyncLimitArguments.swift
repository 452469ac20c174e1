import CardDAV

/// The limits `switchboard sync` and `sync add` hold a server (and a password command) to, from
/// their options: `--connect-timeout SECONDS`, `--first-byte-timeout SECONDS`,
/// `--request-timeout SECONDS`, `--sync-timeout SECONDS`, `--max-answer-size SIZE`,
/// `--max-card-size SIZE` and `--password-timeout SECONDS`. Seconds may have a fraction (`1.5`);
/// a size is bytes, or a number with K, M or G (`512K`, `64M`, `1G`).
struct SyncLimitArguments: Equatable {
    var server = CardDAVLimits()
    /// How long a password command may take before it is killed.
    var passwordTimeout: Duration = .seconds(60)

    /// The options this reads.
    static let flags: Set<String> = ["--connect-timeout", "--first-byte-timeout", "--request-timeout", "--sync-timeout",
                                     "--max-answer-size", "--max-card-size", "--password-timeout"]

    /// The help's lines for them.
    static let help = """
      Limits (a server that misbehaves costs no more than these):
        --connect-timeout SECONDS     connecting and TLS (default 15)
        --first-byte-timeout SECONDS  waiting for an answer to begin (default 120)
        --request-timeout SECONDS     one request, however steadily it trickles (default 600)
        --sync-timeout SECONDS        the whole sync (default 3600); what was finished is kept
        --max-answer-size SIZE        one answer, such as 64M or 1G (default 256M)
        --max-card-size SIZE          one card (default 8M): a larger one is left on the server and listed
        --password-timeout SECONDS    a --password-command is killed after this (default 60)
    """

    /// Reads the value of `flag` (one of `flags`) from `cursor`.
    mutating func read(_ flag: String, from cursor: inout ArgumentCursor) throws(UsageError) {
        let value = try cursor.value(for: flag)
        switch flag {
        case "--connect-timeout": server.connectTimeout = try Self.seconds(value, flag)
        case "--first-byte-timeout": server.firstByteTimeout = try Self.seconds(value, flag)
        case "--request-timeout": server.requestTimeout = try Self.seconds(value, flag)
        case "--sync-timeout": server.passTimeout = try Self.seconds(value, flag)
        case "--max-answer-size": server.maximumAnswerBytes = try Self.size(value, flag)
        case "--max-card-size": server.maximumCardBytes = try Self.size(value, flag)
        case "--password-timeout": passwordTimeout = try Self.seconds(value, flag)
        default: throw .unknownArgument(flag)
        }
    }

    /// A number of seconds above 0 and at most a day, with a fraction if wanted.
    static func seconds(_ text: String, _ flag: String) throws(UsageError) -> Duration {
        let expected = "a number of seconds from 0.1 to 86400, such as 30 or 1.5"
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int(parts[0].isEmpty ? "0" : parts[0]), whole >= 0,
              parts.count == 1 || (!parts[1].isEmpty && parts[1].count <= 3 && parts[1].allSatisfy(\.isNumber)) else {
            throw .badValue(flag: flag, value: text, expected: expected)
        }
        let fraction = parts.count == 2 ? Int(parts[1] + String(repeating: "0", count: 3 - parts[1].count)) ?? 0 : 0
        let ms = whole.multipliedReportingOverflow(by: 1000)
        guard !ms.overflow, ms.partialValue + fraction >= 100, ms.partialValue + fraction <= 86_400_000 else {
            throw .badValue(flag: flag, value: text, expected: expected)
        }
        return .milliseconds(ms.partialValue + fraction)
    }

    /// A size in bytes: a number, or one with K, M or G (powers of 1024), from 1K to 16G.
    static func size(_ text: String, _ flag: String) throws(UsageError) -> Int {
        let expected = "a size from 1K to 16G: bytes, or a number with K, M or G, such as 512K or 64M"
        var digits = Substring(text)
        var unit = 1
        switch digits.last {
        case "K", "k": unit = 1 << 10
        case "M", "m": unit = 1 << 20
        case "G", "g": unit = 1 << 30
        default: break
        }
        if unit > 1 { digits.removeLast() }
        guard let number = Int(digits), number > 0 else { throw .badValue(flag: flag, value: text, expected: expected) }
        let bytes = number.multipliedReportingOverflow(by: unit)
        guard !bytes.overflow, bytes.partialValue >= 1 << 10, bytes.partialValue <= 16 << 30 else {
            throw .badValue(flag: flag, value: text, expected: expected)
        }
        return bytes.partialValue
    }
}
