import CSQLite
import AppServices

/// `switchboard_query_rows(first, last, display, middle, company, emails, preferred_email)`: a
/// contact's rows of `mail_query_rows` (`SQLiteMailQueryRowsSchema`, schema step 24) as a JSON
/// array of `[start, inside, place, address_key, line]`: every two-character start of a word of
/// its name (`SearchText.twoCharacterWordStarts`) with every address of it: whether that search
/// matches the line only inside a word (`QueryRanking`), the address's place (the preferred
/// address 0, the rest in their order), the key of the address as mutt is given it
/// (`MailClientLine.addressKey`) and mutt's line (`MailClientLine.mutt`), the text the query
/// writes and counts, so nothing is parsed again to count or write it.
enum MailQueryRowsFunction {
    static let name = "switchboard_query_rows"

    /// The folded names a connection has seen, and the last contact's rows: a trigger that takes
    /// a contact's rows away asks for them twice (the rows' counts, then the rows none is left of).
    final class Cache {
        var folds = SearchText.FoldCache()
        /// Each name's two-character word starts (by its four parts) and each start's ranking:
        /// contacts share names, and starts are few.
        var starts: [String: [String]] = [:]
        var rankings: [String: QueryRanking] = [:]
        var lastArguments: [String] = []
        var lastPreferred: Int?
        var lastRows = ""
    }

    static func register(on handle: OpaquePointer) {
        let cache = Unmanaged.passRetained(Cache()).toOpaque()
        sqlite3_create_function_v2(handle, name, 7, SQLITE_UTF8 | SQLITE_DETERMINISTIC, cache, { context, _, arguments in
            guard let arguments, let box = sqlite3_user_data(context) else { return }
            func text(_ i: Int) -> String { SortKeyFunction.text(arguments, i) }
            let preferred: Int? = arguments[6].flatMap { sqlite3_value_type($0) == SQLITE_NULL ? nil : Int(sqlite3_value_int64($0)) }
            let cache = Unmanaged<Cache>.fromOpaque(box).takeUnretainedValue()
            let texts = (0..<6).map(text)
            if texts != cache.lastArguments || preferred != cache.lastPreferred {
                cache.lastRows = MailQueryRowsFunction.rows(firstName: texts[0], lastName: texts[1], displayName: texts[2], middleName: texts[3],
                                                            company: texts[4], emailsJSON: texts[5], preferred: preferred, cache: cache)
                cache.lastArguments = texts
                cache.lastPreferred = preferred
            }
            sqlite3_result_text(context, cache.lastRows, -1, sb_sqlite_transient())
        }, nil, nil, { box in
            if let box { Unmanaged<Cache>.fromOpaque(box).release() }
        })
    }

    /// The rows as JSON (see the type's comment); "[]" for a contact without an address.
    static func rows(firstName: String, lastName: String, displayName: String, middleName: String, company: String,
                     emailsJSON: String, preferred: Int?, cache: Cache) -> String {
        guard emailsJSON != "[]", case .array(let items)? = JSONText.parse(emailsJSON) else { return "[]" }
        var emails: [String] = []
        for item in items { if case .string(let email) = item { emails.append(email) } }
        guard !emails.isEmpty else { return "[]" }
        // The preferred address first, the rest in their order (as `emailAddresses(ofContacts:)` gives them).
        if let preferred, preferred > 0, preferred < emails.count { emails.insert(emails.remove(at: preferred), at: 0) }
        let nameKey = firstName + "\u{1}" + lastName + "\u{1}" + displayName + "\u{1}" + middleName
        let starts: [String]
        if let known = cache.starts[nameKey] { starts = known } else {
            starts = SearchText.twoCharacterWordStarts(firstName: firstName, lastName: lastName, displayName: displayName,
                                                       middleName: middleName, cache: &cache.folds)
            if cache.starts.count < 100_000 { cache.starts[nameKey] = starts }
        }
        guard !starts.isEmpty else { return "[]" }
        let shown = ContactRecord.shownName(displayName: displayName, firstName: firstName, lastName: lastName)
        // Each address's `,place,key,line]` once; the starts share them.
        let tails = emails.enumerated().map { place, email in
            var tail = "," + String(place) + ","
            JSONText.appendString(MailClientLine.addressKey(email), to: &tail)
            tail += ","
            JSONText.appendString(MailClientLine.mutt(email: email, name: shown, company: company), to: &tail)
            return tail + "]"
        }
        // The name (remembered: many contacts share one) and the addresses folded once for every start,
        // as `QueryRanking.folded` folds them.
        let named = shown.isEmpty ? company : shown
        let foldedName = Array(cache.folds.searchFold(named).unicodeScalars), foldedEmails = emails.map(QueryRanking.folded)
        var out = "["
        for start in starts {
            let ranking: QueryRanking
            if let known = cache.rankings[start] { ranking = known } else {
                ranking = QueryRanking(start)
                if cache.rankings.count < 100_000 { cache.rankings[start] = ranking }
            }
            var head = "["
            JSONText.appendString(start, to: &head)
            for place in emails.indices {
                if out.utf8.count > 1 { out += "," }
                out += head
                out += ranking.startsAWord(name: named, foldedName: foldedName, foldedEmail: foldedEmails[place]) ? ",0" : ",1"
                out += tails[place]
            }
        }
        return out + "]"
    }
}
