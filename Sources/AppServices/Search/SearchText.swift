/// The folded forms contacts are sorted and searched by: lower case, accents
/// removed ("Ångström" → "angstrom"), so search is case- and accent-insensitive.
public enum SearchText {
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() } // nothing to unaccent
        // What Foundation's folding (case, diacritics, width) made of it, from a table taken from
        // Foundation (SearchText+FoldingTable.swift), without linking Foundation and ICU (10 MB).
        var out = String.UnicodeScalarView()
        for character in text {
            var dropped = droppedAfterBase
            for (i, scalar) in character.unicodeScalars.enumerated() {
                if i == 0 {
                    // What follows a base in its cluster goes or stays by the kind of base.
                    dropped = Self.contains(basesDroppingAll, scalar.value) ? droppedAfterBase
                        : Self.contains(basesKeepingAll, scalar.value) ? [] : droppedAfterOtherBases
                } else {
                    // The rest of a cluster stays as it is, unless it goes.
                    if !Self.contains(dropped, scalar.value) { out.append(scalar) }
                    continue
                }
                // One scalar at a time: `append(contentsOf:)` on the scalar view cost ~2,400
                // instructions a character (a mail query folds each line's name and address).
                if let replacement = foldingTable[scalar.value] {
                    for folded in replacement { out.append(folded) }
                } else {
                    for folded in scalar.properties.lowercaseMapping.unicodeScalars { out.append(folded) }
                }
            }
        }
        return String(out)
    }

    /// What search documents and searches are folded with: `fold`, then a Latin letter with a stroke,
    /// bar or middle dot (ł ø đ ħ…) and the dotless i and j as their plain letter, so "luk" finds
    /// Łukasiewicz and "orsted" Ørsted. Sort keys keep `fold` (Foundation's, as stored).
    public static func searchFold(_ text: String) -> String {
        let folded = fold(text)
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return folded }
        var out = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars { out.append(searchFoldingTable[scalar.value] ?? scalar) }
        return String(out)
    }

    /// `searchFoldingTableText` as a dictionary, made on first use.
    private static let searchFoldingTable: [UInt32: Unicode.Scalar] = {
        var table: [UInt32: Unicode.Scalar] = [:]
        for line in searchFoldingTableText.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let key = UInt32(parts[0], radix: 16), let value = UInt32(parts[1], radix: 16).flatMap(Unicode.Scalar.init)
            else { continue }
            table[key] = value
        }
        return table
    }()

    /// Whether sorted, separate `ranges` hold `value` (a binary search).
    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value { low = mid + 1 } else { high = mid }
        }
        return low < ranges.count && ranges[low].contains(value)
    }

    /// `foldingTableText` as a dictionary, made on first use.
    /// Read from the text's UTF-8 (splitting it into substrings and parsing those cost ~9.6 M
    /// instructions, a millisecond of every process that folds a name beyond ASCII, `query` among them).
    private static let foldingTable: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(1_200)
        let bytes = Array(foldingTableText.utf8)
        /// `bytes[range]` as a hexadecimal number (nil when empty, not hexadecimal, or over 32 bits).
        func hex(_ range: Range<Int>) -> UInt32? {
            guard !range.isEmpty, range.count <= 8 else { return nil }
            var value: UInt32 = 0
            for byte in bytes[range] {
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            guard let colon = bytes[start..<end].firstIndex(of: 0x3A), let key = hex(start..<colon) else { continue }
            var values: [Unicode.Scalar] = [], token = colon + 1
            while token < end {
                var stop = token
                while stop < end && bytes[stop] != 0x20 { stop += 1 }
                if let value = hex(token..<stop).flatMap(Unicode.Scalar.init) { values.append(value) }
                token = stop + 1
            }
            table[key] = values
        }
        return table
    }()

    /// Remembers folded forms (bulk inserts fold the same names again and again).
    public struct FoldCache {
        private var folded: [String: String] = [:]
        private var searchFolded: [String: String] = [:]
        public init() {}
        public mutating func fold(_ text: String) -> String {
            if let hit = folded[text] { return hit }
            let value = SearchText.fold(text)
            if folded.count < 100_000 { folded[text] = value }
            return value
        }
        /// `SearchText.searchFold`, remembered.
        public mutating func searchFold(_ text: String) -> String {
            if let hit = searchFolded[text] { return hit }
            let value = SearchText.searchFold(text)
            if searchFolded.count < 100_000 { searchFolded[text] = value }
            return value
        }
        /// A name's part of a document (`namePart`) by the names it is made of: many contacts share a name.
        fileprivate struct Name: Hashable { var first, last, display, middle: String; var marks: Bool }
        fileprivate var nameParts: [Name: String] = [:]
        fileprivate mutating func namePart(_ name: Name, _ make: (inout FoldCache) -> String) -> String {
            if let hit = nameParts[name] { return hit }
            let value = make(&self)
            if nameParts.count < 100_000 { nameParts[name] = value }
            return value
        }
    }

    /// "last first", folded: the list's order (by last name, then first).
    public static func sortKey(firstName: String, lastName: String) -> String {
        var cache = FoldCache()
        return sortKey(firstName: firstName, lastName: lastName, cache: &cache)
    }

    public static func sortKey(firstName: String, lastName: String, cache: inout FoldCache) -> String {
        let last = cache.fold(trimmed(lastName))
        let first = cache.fold(trimmed(firstName))
        return capped(last.isEmpty ? first : (first.isEmpty ? last : last + " " + first))
    }

    /// The most characters of a key kept in an index (a sort key, an activity subject's): a name
    /// thousands of characters long would be past PostgreSQL's limit for an index row, and no
    /// order or search needs more than its start.
    public static let keyLimit = 200

    /// `key` cut to `keyLimit` characters.
    public static func capped(_ key: String) -> String {
        key.utf8.count <= keyLimit ? key : String(key.prefix(keyLimit))
    }

    /// An activity line's subject as the feed's search index keeps it: folded, capped.
    public static func subjectKey(_ subject: String) -> String { capped(fold(subject)) }

    /// Everything a search may match, folded: the name as the list shows it and
    /// in the other order, each word of it marked at its start (for searches
    /// of one or two characters, see `searchPhrase`), the emails, and the
    /// phones as bare digits.
    public static func document(for contact: ContactRecord) -> String {
        var cache = FoldCache()
        return document(for: contact, cache: &cache)
    }

    public static func document(for contact: ContactRecord, cache: inout FoldCache) -> String {
        document(firstName: contact.firstName, lastName: contact.lastName, emails: contact.emails,
                 phoneNumbers: contact.phones.map(\.number), others: searchedOthers(of: contact),
                 displayName: contact.displayName, middleName: contact.middleName, cache: &cache)
    }

    /// The texts a search finds from three characters besides the name, e-mails and phones: the
    /// company, the notes, the job title and each address's city.
    public static func searchedOthers(of contact: ContactRecord) -> [String] {
        searchedOthers(company: contact.company, notes: contact.notes, title: contact.title, cities: contact.addresses.map(\.city))
    }

    public static func searchedOthers(company: String, notes: String, title: String, cities: [String]) -> [String] {
        [company, notes, title] + cities
    }

    /// The document without the word-start marks, for a store that answers searches of one or
    /// two characters from a list of word starts of its own (the PostgreSQL directory): searches
    /// of three or more find exactly what they find in `document(for:)` (a typed phrase holds no
    /// mark), and its trigram index has less text to read (15 % less time to build).
    package static func phraseDocument(for contact: ContactRecord) -> String {
        var cache = FoldCache()
        return document(firstName: contact.firstName, lastName: contact.lastName, emails: contact.emails,
                        phoneNumbers: contact.phones.map(\.number), others: searchedOthers(of: contact),
                        displayName: contact.displayName, middleName: contact.middleName, marksWordStarts: false, cache: &cache)
    }

    /// The same document from its parts (the database builds it this way in bulk, see `SearchDocumentFunction`).
    /// `others` are more texts found from three characters (`searchedOthers`).
    /// `displayName` and `middleName` as `namePart` takes them.
    public static func document(firstName: String, lastName: String, emails: [String], phoneNumbers: [String],
                                others: [String] = [], displayName: String = "", middleName: String = "",
                                marksWordStarts: Bool = true, cache: inout FoldCache) -> String {
        var bytes: [UInt8] = []
        appendDocument(foldedName: namePart(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName,
                                            marksWordStarts: marksWordStarts, cache: &cache),
                       emails: emails, phoneNumbers: phoneNumbers, others: others, marksPhoneStarts: marksWordStarts, to: &bytes, cache: &cache)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How a document starts, folded: the name as shown ("ada lovelace",
    /// "최지우" — family name first for Chinese, Japanese and Korean names),
    /// the name in the other order ("lovelace ada", "최 지우"), and every word
    /// of both with `wordStart` twice before it, so that a search of one or two
    /// characters is a trigram too: the start of a word.
    /// Without `marksWordStarts`, the two orders alone ("ada lovelace \u{1F} lovelace ada").
    ///
    /// With a `displayName` (a contact's formatted name, or the company of one without a person's
    /// name: "Ørsted A/S"), the document starts with it, as the list shows it, followed by the
    /// first and last name in both orders where they differ from it, and its words are marked too
    /// (`a` finds "Ørsted A/S"); a `middleName`'s words are marked as well ("aug" and "a" find
    /// Ada Augusta Lovelace shown as "Ada Lovelace"). Without either, the same text as before they were kept.
    public static func namePart(firstName: String, lastName: String, displayName: String = "", middleName: String = "",
                                marksWordStarts: Bool = true, cache: inout FoldCache) -> String {
        cache.namePart(FoldCache.Name(first: firstName, last: lastName, display: displayName, middle: middleName, marks: marksWordStarts)) { cache in
            makeNamePart(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName,
                         marksWordStarts: marksWordStarts, cache: &cache)
        }
    }

    private static func makeNamePart(firstName: String, lastName: String, displayName: String, middleName: String,
                                     marksWordStarts: Bool, cache: inout FoldCache) -> String {
        let first = cache.searchFold(trimmed(firstName)), last = cache.searchFold(trimmed(lastName))
        let built = cache.searchFold(PersonName.full(first: trimmed(firstName), last: trimmed(lastName)))
        let displayed = trimmed(displayName)
        let shown = displayed.isEmpty ? built : cache.searchFold(displayed)
        var part = shown
        var words: [Substring] = shown.split(separator: " ")
        func add(_ form: String) {
            guard !form.isEmpty, form != shown else { return }
            part += separator + form
            for word in form.split(separator: " ") where !words.contains(word) { words.append(word) }
        }
        if !first.isEmpty, !last.isEmpty {
            let other = built == first + " " + last ? last + " " + first : first + " " + last
            add(built)
            add(other)
        } else {
            add(built)
        }
        add(cache.searchFold(trimmed(middleName)))
        guard marksWordStarts else { return part }
        for word in words { part += " " + String(wordStart) + String(wordStart) + word }
        return part
    }

    /// Marks the start of a word of the name in a document (a control character no one types).
    static let wordStart: Character = "\u{1E}"

    /// What a search looks for in the documents, folded (phone-like searches as
    /// digits): three characters or more anywhere; one or two at the start of
    /// a word of the name ("a", "jo", "漢字"); nil for an empty search. With a `region`, a
    /// number in its national form (or in its international form, of that region) is looked for
    /// by the digits after its prefix, which both forms hold (`PhoneRegion`).
    public static func searchPhrase(for query: String, region: PhoneRegion? = nil) -> String? {
        let folded = searchFold(trimmed(query))
        let text = phoneDigits(folded).map { digits in region?.searchDigits(digits, plus: folded.hasPrefix("+")) ?? digits } ?? folded
        switch text.count {
        case 0: return nil
        case 1: return String(wordStart) + String(wordStart) + text
        case 2: return String(wordStart) + text
        default: return text
        }
    }

    /// The document's UTF-8, after its folded name, appended to `bytes` (populate
    /// folds each distinct name once and keeps a million documents in one buffer). With
    /// `marksPhoneStarts`, each phone's digits start as a word of the name does, so a search of
    /// one or two digits ("+4", "44") finds the numbers that start with them.
    package static func appendDocument(foldedName: String, emails: [String], phoneNumbers: [String], others: [String] = [],
                               marksPhoneStarts: Bool = true, to bytes: inout [UInt8], cache: inout FoldCache) {
        let mark = Array((String(wordStart) + String(wordStart)).utf8)
        let start = bytes.count
        func separate() { if bytes.count > start { bytes.append(contentsOf: separator.utf8) } }
        bytes.append(contentsOf: foldedName.utf8)
        for email in emails where !email.isEmpty {
            separate()
            if email.utf8.allSatisfy({ $0 < 0x80 }) {
                for b in email.utf8 { bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b) } // ASCII lower case
            } else {
                bytes.append(contentsOf: cache.searchFold(email).utf8)
            }
        }
        for number in phoneNumbers {
            if number.utf8.allSatisfy({ $0 < 0x80 }) {
                guard number.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { continue }
                separate()
                if marksPhoneStarts { bytes.append(contentsOf: mark) }
                for b in number.utf8 where b >= 0x30 && b <= 0x39 { bytes.append(b) }
            } else {
                let digits = Self.digits(of: number)
                guard !digits.isEmpty else { continue }
                separate()
                if marksPhoneStarts { bytes.append(contentsOf: mark) }
                bytes.append(contentsOf: digits.utf8)
            }
        }
        for other in others {
            let text = trimmed(other)
            guard !text.isEmpty else { continue }
            separate()
            bytes.append(contentsOf: cache.searchFold(text).utf8)
        }
    }

    /// Without white space (not line ends) at either end; the common case, nothing to trim, costs a look at each end.
    package static func trimmed(_ text: String) -> String {
        if let a = text.utf8.first, let z = text.utf8.last, a > 0x20, a < 0x7F, z > 0x20, z < 0x7F { return text } // printable ASCII ends
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        if !isWhiteSpace(first) && !isWhiteSpace(last) { return text }
        let blank = { (c: Character) in c.isWhitespace && !c.isNewline } // Foundation's .whitespaces: not line ends
        return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
    }

    /// Unicode's White_Space property, from its short list rather than the property tables.
    package static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    // Substring search, byte for byte in UTF-8 (as SQLite's `instr` compares a search document):
    // the stdlib's own, for the app's modules, which do without _StringProcessing (Package.swift).

    /// Whether `part` occurs in `text`.
    package static func contains(_ text: String, _ part: String) -> Bool {
        firstRange(of: part, in: text) != nil
    }

    /// Where `part` first occurs in `text` (an empty `part`: at the start).
    package static func firstRange(of part: String, in text: String) -> Range<String.Index>? {
        var text = text, part = part
        let offset: Int? = text.withUTF8 { t in
            part.withUTF8 { p in
                guard p.count <= t.count else { return nil }
                guard let first = p.first else { return 0 }
                var i = 0
                while i <= t.count - p.count {
                    if t[i] == first {
                        var j = 1
                        while j < p.count, t[i + j] == p[j] { j += 1 }
                        if j == p.count { return i }
                    }
                    i += 1
                }
                return nil
            }
        }
        guard let offset else { return nil }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return start..<text.utf8.index(start, offsetBy: part.utf8.count)
    }

    /// `text` with every `part` (left to right, not overlapping) replaced by `replacement`.
    package static func replacing(_ part: String, with replacement: String, in text: String) -> String {
        guard !part.isEmpty else { return text }
        var out = "", rest = text
        while let range = firstRange(of: part, in: rest) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = String(rest[range.upperBound...])
        }
        return out + rest
    }

    /// The decimal digits of a phone number, in order.
    package static func digits(of number: String) -> String {
        if number.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: number.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self)
        }
        return String(number.unicodeScalars.filter { $0.properties.numericType == .decimal }.map(Character.init))
    }

    /// Between a document's parts: no search crosses from one part to the next.
    private static let separator = " \u{1F} "

    /// A search that looks like a phone number — digits with spaces and `+-().` — as its bare digits.
    package static func phoneDigits(_ query: String) -> String? {
        var digits = ""
        for scalar in query.unicodeScalars {
            if scalar.properties.numericType == .decimal { digits.unicodeScalars.append(scalar) }
            else if !" +-().".unicodeScalars.contains(scalar) { return nil }
        }
        return digits.isEmpty ? nil : digits
    }

    /// A search as typed, as an FTS5 trigram phrase (quotes doubled), or nil when it is empty.
    public static func ftsPhrase(for query: String, region: PhoneRegion? = nil) -> String? {
        guard let text = searchPhrase(for: query, region: region) else { return nil }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
