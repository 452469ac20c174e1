/// The text of a mail client's answer line (issue 50), shared by `switchboard query` and the
/// SQLite store's kept answers (`MailQueryIndex`), so both write and count the same lines: mutt's
/// `address TAB name TAB company`, each column without a TAB or line break.
public enum MailClientLine {
    /// mutt's line (without its line end): the address as an addr-spec, the name (the company in
    /// its place when there is no name: mutt skips an empty column), the company.
    public static func mutt(email: String, name: String, company: String) -> String {
        let address = addressField(column(email))
        var name = column(name), company = column(company)
        if name.isEmpty { (name, company) = (company, "") }
        return "\(address)\t\(name)\t\(company)"
    }

    /// The key of the address as mutt's line gives it (`MailCorrespondent.key` of `addressField`
    /// of `column`): two addresses that print alike (a TAB or a space, two control characters that
    /// both print as `�`) have one key, so a line printed once is counted once; an ordinary
    /// address's key is `MailCorrespondent.key`'s.
    public static func addressKey(_ email: String) -> String {
        MailCorrespondent.key(addressField(column(email)))
    }

    /// aerc's line (`address TAB name`, or the address alone) from mutt's line `mutt`: its first
    /// two columns (mutt's line has the company in the name's place when there is no name, as
    /// aerc's does).
    public static func aerc(fromMutt mutt: String) -> String {
        let columns = mutt.split(separator: "\t" as Character, maxSplits: 2, omittingEmptySubsequences: false)
        guard columns.count > 1, !columns[1].isEmpty else { return String(columns.first ?? "") }
        return columns[0] + "\t" + columns[1]
    }

    /// Tabs and line breaks would break the columns: they become spaces; every other control
    /// character (ESC, C1, U+2028, bidirectional overrides) becomes `�` (`SafeText.line`).
    public static func column(_ text: String) -> String {
        // The common case, printable ASCII, as it is (a million-contact answer formats every line).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        // Most other text (names beyond ASCII) has none of them either: passed on as it is.
        if !SafeText.containsControl(text) { return text }
        return SafeText.line(String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }))
    }

    /// The address as an RFC 5322 addr-spec a client's address parser reads as one address: a
    /// local part with a space, comma, quote or other special quoted ("a b"@x), the rest as kept.
    public static func addressField(_ email: String) -> String {
        if !email.isEmpty, email.utf8.allSatisfy({ $0 < 0x80 && atomBytes[Int($0)] }), let first = email.utf8.first, first != UInt8(ascii: "."),
           email.utf8.filter({ $0 == UInt8(ascii: "@") }).count == 1 {
            let local = email.utf8.prefix { $0 != UInt8(ascii: "@") }
            if local.last != UInt8(ascii: "."), !local.isEmpty, !zip(local, local.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }) {
                return email
            }
        }
        let trimmed = SearchText.trimmed(email)
        guard let at = trimmed.lastIndex(of: "@") else { return trimmed }
        let local = trimmed[..<at], domain = trimmed[trimmed.index(after: at)...]
        if local.hasPrefix("\"") && local.hasSuffix("\"") && local.count > 1 { return trimmed }
        let isAtom = !local.isEmpty && !local.hasPrefix(".") && !local.hasSuffix(".")
            && !zip(local.utf8, local.utf8.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }) // not String.contains: _StringProcessing's
            && local.unicodeScalars.allSatisfy { $0.value > 0x7F || Self.atomText.contains($0) }
        if isAtom { return trimmed }
        var quoted = "\""
        for c in local.unicodeScalars {
            if c == "\"" || c == "\\" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(c)
        }
        return quoted + "\"@" + domain
    }

    /// `atomText` and `@` by byte, for the common address's fast path.
    private static let atomBytes: [Bool] = (0..<128).map { b in b == 0x40 || atomText.contains(Unicode.Scalar(UInt8(b))) }

    /// RFC 5322's atext and the dot.
    private static let atomText = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~.".unicodeScalars)
}
