/// A person's name as the app shows it: "Ada Lovelace", and — for names
/// written in Chinese, Japanese or Korean — family name first with no space
/// ("王伟", "佐藤翔太", "김민준"), as they are written.
public enum PersonName {
    public static func full(first: String, last: String) -> String {
        let f = SearchText.trimmed(first), l = SearchText.trimmed(last)
        if f.isEmpty || l.isEmpty { return f + l }
        return isEastAsian(f) && isEastAsian(l) ? l + f : f + " " + l
    }

    /// Up to two letters for an avatar, in the order the full name has them ("AL", "王伟").
    public static func initials(first: String, last: String) -> String {
        let f = SearchText.trimmed(first), l = SearchText.trimmed(last)
        // Built by hand (each friend of a page loaded gets its initials): no arrays, maps or join.
        var one = f.first, two = l.first
        if one != nil, two != nil, isEastAsian(f), isEastAsian(l) { swap(&one, &two) }
        var initials = one.map { $0.uppercased() } ?? ""
        if let two { initials += two.uppercased() }
        return initials
    }

    /// Every letter is Han, kana or Hangul.
    static func isEastAsian(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { s in
            switch s.value {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F, // kana, Han
                 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: true                              // Hangul
            default: false
            }
        }
    }
}
