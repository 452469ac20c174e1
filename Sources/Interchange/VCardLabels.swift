/// Labels ("home", "mobile", "home fax") to and from vCard TYPE values and Apple's
/// `itemN.X-ABLabel` groups.
enum VCardLabels {
    /// TYPE tokens a label word writes as, and reads back from.
    static let typeForWord: [String: String] = [
        "home": "home", "work": "work", "mobile": "cell", "fax": "fax", "pager": "pager",
        "text": "text", "video": "video", "voice": "voice", "textphone": "textphone",
    ]
    static let wordForType: [String: String] = [
        "home": "home", "work": "work", "cell": "mobile", "mobile": "mobile", "iphone": "mobile", "fax": "fax",
        "pager": "pager", "text": "text", "video": "video", "textphone": "textphone", "voice": "voice",
        "msg": "text", "bbs": "bbs", "modem": "modem", "car": "car", "isdn": "isdn", "pcs": "pcs", "main": "main",
        "other": "other", "x-other": "other", "x-mobile": "mobile", "dom": "dom", "intl": "intl", "postal": "postal", "parcel": "parcel",
    ]
    /// Tokens that say nothing a person typed.
    static let ignored: Set<String> = ["pref", "internet", "x400", "x-internet"]

    /// The label a property's TYPE values make; a plain "voice" beside others is dropped.
    static func label(types: [String]) -> String {
        var words: [String] = []
        // A TYPE of digits alone is abook's position of the address (`EMAIL;1;INTERNET`), not a label.
        for type in types where !ignored.contains(type) && !type.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            let word = wordForType[type] ?? type
            if !words.contains(word) { words.append(word) }
        }
        if words.count > 1 { words.removeAll { $0 == "voice" } }
        return words.joined(separator: " ")
    }

    /// Apple's label text: `_$!<HomePage>!$_` -> "homepage", `boat` -> "boat".
    static func label(abLabel: String) -> String {
        var text = abLabel.trimmingSpaces
        if text.hasPrefix("_$!<"), text.hasSuffix(">!$_") {
            text = String(text.dropFirst(4).dropLast(4)).lowercased()
        }
        return text
    }

    /// TYPE values for a label, or nil when the label is not made of TYPE words (then it goes
    /// into an X-ABLabel).
    static func types(for label: String) -> [String]? {
        let words = label.lowercased().split(separator: " ").map(String.init)
        guard label == label.lowercased() else { return nil }
        var types: [String] = []
        for word in words {
            guard let type = typeForWord[word] else { return nil }
            types.append(type)
        }
        return types
    }
}
