import AppServices

/// Finds possible duplicates in the whole book, read slice by slice in list order: two contacts
/// with the same e-mail (case aside), the same phone (by its digits) or the same name (folded:
/// case and accents aside; same-named contacts are neighbours in list order). Each contact is
/// paired with the first one it shares a key with, so three of one person make two pairs.
/// Keeps each key's first contact by a hash of the key and an index into the rows read: a
/// 100,000-contact book costs a few MB while the screen is open.
struct DuplicatesFinder {
    /// Why two contacts may be one person.
    enum Reason: Equatable, Sendable {
        case email(String)
        case phone(String)
        case name
    }

    /// Two contacts that may be one person: `first` comes first in the list (the one a merge keeps).
    struct Pair: Equatable, Sendable {
        var first: ContactSummary
        var second: ContactSummary
        var reason: Reason
    }

    private(set) var pairs: [Pair] = []
    /// The most pairs kept: more than a person merges at one sitting (a book made by `populate`,
    /// whose names repeat, has tens of thousands); the reading stops there.
    var maxPairs = 2_000
    /// Whether `maxPairs` were found (there may be more).
    var isFull: Bool { pairs.count >= maxPairs }
    /// How many contacts have been read.
    var read: Int { rows.count }
    private var rows: [ContactSummary] = []
    private var firstWithKey: [Int: Int32] = [:]
    private var paired: Set<Pair.Key> = []
    /// The first contact of the run of contacts with the current sort key.
    private var nameRunStart: Int?

    /// Takes the next slice (in list order).
    mutating func add(_ slice: [ContactMatchKeys]) {
        for keys in slice where !isFull {
            let index = rows.count
            // The e-mail and phone beside each name, to tell the two of a pair apart.
            var row = keys.contact
            if row.details.email.isEmpty { row.details.email = keys.emails.first ?? "" }
            if row.details.phone.isEmpty { row.details.phone = keys.phoneDigits.first ?? "" }
            rows.append(row)
            for e in keys.emails { key("e\u{1F}" + e, index, .email(e)) }
            for d in keys.phoneDigits where d.count >= 3 { key("p\u{1F}" + d, index, .phone(d)) }
            let sortKey = keys.contact.sortKey
            if let start = nameRunStart, !sortKey.allSatisfy({ $0 == " " }), rows[start].sortKey == sortKey {
                pair(start, index, .name)
            } else {
                nameRunStart = index
            }
        }
    }

    private mutating func key(_ key: String, _ index: Int, _ reason: Reason) {
        let hash = key.hashValue
        if let earlier = firstWithKey[hash] {
            if Int(earlier) != index { pair(Int(earlier), index, reason) }
        } else {
            firstWithKey[hash] = Int32(index)
        }
    }

    private mutating func pair(_ a: Int, _ b: Int, _ reason: Reason) {
        let first = rows[a], second = rows[b]
        guard !isFull, first.id != second.id, paired.insert(Pair.Key(first.id, second.id)).inserted else { return }
        pairs.append(Pair(first: first, second: second, reason: reason))
    }

    /// After `mergedAway` was merged into `kept` (now listed as `keptRow`): the pair of the two is
    /// gone, and every other pair of the merged-away contact is the kept one's now.
    mutating func merged(_ mergedAway: Int64, into keptRow: ContactSummary) {
        var left: [Pair] = []
        var keys: Set<Pair.Key> = []
        for var p in pairs {
            if p.first.id == mergedAway { p.first = keptRow }
            if p.second.id == mergedAway { p.second = keptRow }
            if p.first.id == keptRow.id { p.first = keptRow }
            if p.second.id == keptRow.id { p.second = keptRow }
            guard p.first.id != p.second.id, keys.insert(Pair.Key(p.first.id, p.second.id)).inserted else { continue }
            left.append(p)
        }
        pairs = left
        paired = keys
    }
}

extension DuplicatesFinder.Pair {
    /// The two ids, smaller first.
    struct Key: Hashable {
        let low: Int64, high: Int64
        init(_ a: Int64, _ b: Int64) { (low, high) = a < b ? (a, b) : (b, a) }
    }
}
