/// The one rule for phone numbers, the same for an import and the contact form: a number as
/// people write it — digits with spaces, `+ - ( ) . /`, an extension (`x89`, `ext. 12`,
/// `;ext=12`) — or a `tel:` URI (`tel:+1-555-123-4567`), stored without its `tel:`.
///
/// ```swift
/// PhoneText.stored("555.123.4567 x89")       // "555.123.4567 x89"
/// PhoneText.stored("tel:+1-555-123-4567")    // "+1-555-123-4567"
/// PhoneText.stored("call me")                // nil
/// ```
public enum PhoneText {
    /// At most this many characters.
    public static let maxLength = 40

    /// The number as stored (spaces trimmed, a `tel:` taken off), or nil when it is not one.
    public static func stored(_ text: String) -> String? {
        let number = SearchText.trimmed(text)
        if let plain = plain(number) { return plain ? number : nil }
        return storedByRule(number)
    }

    /// `stored` for a trimmed number, by the whole rule (what `plain` tells at once for most).
    package static func storedByRule(_ trimmed: String) -> String? {
        var number = trimmed
        if number.lowercased().hasPrefix("tel:") { number = String(number.dropFirst(4)) }
        guard !number.isEmpty, number.count <= maxLength else { return nil }
        var scalars = Array(number.lowercased().unicodeScalars)
        // The extension: the last "x", "ext", "ext." or ";ext=" and digits after it.
        if let marker = extensionStart(scalars) { scalars = Array(scalars[..<marker]) }
        let allowed: Set<Unicode.Scalar> = [" ", "+", "-", "(", ")", ".", "/"]
        guard scalars.allSatisfy({ ("0"..."9").contains($0) || allowed.contains($0) }),
              scalars.filter({ ("0"..."9").contains($0) }).count >= 3 else { return nil }
        return number
    }

    /// Whether a number written with digits, spaces and `+ - ( ) . /` alone (most are) is one, told
    /// from its bytes; nil when it has anything else (a `tel:`, an extension), for the whole rule to look at.
    static func plain(_ number: String) -> Bool? {
        var digits = 0, count = 0
        for b in number.utf8 {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: " "), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: "/"): break
            default: return nil
            }
            count += 1
        }
        return count > 0 && count <= maxLength && digits >= 3
    }

    /// Where an extension starts (`x`, `ext`, `ext.`, `;ext=`, each followed by digits), if the number ends in one.
    static func extensionStart(_ s: [Unicode.Scalar]) -> Int? {
        var end = s.count
        while end > 0, ("0"..."9").contains(s[end - 1]) { end -= 1 }
        guard end < s.count else { return nil }
        var i = end
        while i > 0, s[i - 1] == " " { i -= 1 }
        for marker in [";ext=", "ext.", "ext", "x"] {
            let m = Array(marker.unicodeScalars)
            if i >= m.count, Array(s[(i - m.count)..<i]) == m { return i - m.count }
        }
        return nil
    }
}
