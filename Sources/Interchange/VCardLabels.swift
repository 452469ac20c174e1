/// Labels ("home", "mobile", "home fax") to and from vCard TYPE values and Apple's
/// `itemN.X-ABLabel` groups.
enum VCardLabels {
    /// TYPE tokens a label word writes as, and reads back from.
    static let typeForWord: [String: String] = [
        "home": "home", "work": "work", "mobile": "cell", "fax": "fax", "pager": "pager",
        "text": "text", "video": "video", "voice": "voice", "textphone": "textphone", "iphone": "iphone",
        "postal": "postal", "parcel": "parcel", "dom": "dom", "intl": "intl",
        "bbs": "bbs", "modem": "modem", "car": "car", "isdn": "isdn", "pcs": "pcs",
    ]
    static let wordForType: [String: String] = [
        "home": "home", "work": "work", "cell": "mobile", "mobile": "mobile", "iphone": "iphone", "fax": "fax",
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

    /// Apple's label text as written (`_$!<AssistantPhone>!$_`, `boat`), so it is written back
    /// the same; `readable` is what a person is shown.
    static func label(abLabel: String) -> String {
        abLabel.trimmingSpaces
    }

    /// A label as a person reads it: `_$!<AssistantPhone>!$_` -> "AssistantPhone".
    static func readable(_ label: String) -> String {
        guard label.hasPrefix("_$!<"), label.hasSuffix(">!$_"), label.count > 8 else { return label }
        return String(label.dropFirst(4).dropLast(4))
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
