/// How the label of a phone, e-mail, address or link is shown to a person: as stored, except
/// Apple's built-in labels, which a card keeps as Apple wrote them (`_$!<AssistantPhone>!$_`, so
/// that the phone reads them back) and a person reads as words ("assistant phone").
///
/// ```swift
/// LabelText.shown("_$!<AssistantPhone>!$_")   // "assistant phone"
/// LabelText.shown("_$!<HomeFAX>!$_")          // "home fax"
/// LabelText.shown("boat")                     // "boat"
/// ```
public enum LabelText {
    public static func shown(_ label: String) -> String {
        guard label.hasPrefix("_$!<"), label.hasSuffix(">!$_"), label.utf8.count > 8 else { return label }
        var words = ""
        var previous: Character?
        for c in label.dropFirst(4).dropLast(4) {
            // A capital after a small letter starts a word: "AssistantPhone", "HomeFAX".
            if c.isUppercase, let p = previous, p.isLowercase { words.append(" ") }
            words.append(c)
            previous = c
        }
        return words.lowercased()
    }
}
