extension SearchText {
    /// The search's two folded characters when it is a search of the start of a word of a name
    /// (`searchPhrase`'s two-character case: "jo", "Kü" → "ku"); nil for any other search (shorter,
    /// longer, or phone-like: those match phone numbers' digits too).
    package static func twoCharacterWordStart(of query: String) -> String? {
        let folded = searchFold(trimmed(query))
        guard folded.count == 2, phoneDigits(folded) == nil else { return nil }
        return folded
    }

    /// The first two characters of each word of a name that a search document marks as a word start
    /// (`namePart`: the name as shown, in the other order, the middle name), once each: what a search
    /// of two characters finds a contact by.
    package static func twoCharacterWordStarts(firstName: String, lastName: String, displayName: String, middleName: String,
                                               cache: inout FoldCache) -> [String] {
        let part = namePart(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName, cache: &cache)
        var starts: [String] = []
        let mark = String(wordStart) + String(wordStart)
        for piece in part.split(separator: " ") where piece.hasPrefix(mark) {
            let word = piece.dropFirst(2)
            guard word.count >= 2 else { continue }
            let start = String(word.prefix(2))
            if !starts.contains(start) { starts.append(start) }
        }
        return starts
    }
}
