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
            // Byte for byte: Swift's == holds text equal that SQLite does not (ö and o with U+0308), and the rows carry the text.
            let same = texts.count == cache.lastArguments.count && zip(texts, cache.lastArguments).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
            if !same || preferred != cache.lastPreferred {
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
        return json(rows(firstName: firstName, lastName: lastName, displayName: displayName, middleName: middleName,
                         company: company, emails: emails, preferred: preferred, cache: cache))
    }

    /// One row of a contact's kept answers (a row of `mail_query_rows` less its account, sort key and count).
    struct Row: Equatable {
        /// The two-character start of a word of the name.
        let start: String
        /// Whether that search matches the line only inside a word (`QueryRanking`).
        let inside: Bool
        /// The address's place: the preferred one 0, the rest in their order.
        let place: Int
        /// The key of the address as mutt is given it (`MailClientLine.addressKey`).
        let addressKey: String
        /// mutt's line (`MailClientLine.mutt`).
        let line: String
    }

    /// A contact's rows: every start with every address, start by start (the one definition of
    /// what a row is: the SQL function serves it as JSON, an import writes it as it is).
    /// `emails` and `preferred` as they are stored (`preferred_email`); none for a contact without an address.
    static func rows(firstName: String, lastName: String, displayName: String, middleName: String, company: String,
                     emails stored: [String], preferred: Int?, cache: Cache) -> [Row] {
        var emails = stored
        guard !emails.isEmpty else { return [] }
        // The preferred address first, the rest in their order (as `emailAddresses(ofContacts:)` gives them).
        if let preferred, preferred > 0, preferred < emails.count { emails.insert(emails.remove(at: preferred), at: 0) }
        let nameKey = firstName + "\u{1}" + lastName + "\u{1}" + displayName + "\u{1}" + middleName
        let starts: [String]
        if let known = cache.starts[nameKey] { starts = known } else {
            starts = SearchText.twoCharacterWordStarts(firstName: firstName, lastName: lastName, displayName: displayName,
                                                       middleName: middleName, cache: &cache.folds)
            if cache.starts.count < 100_000 { cache.starts[nameKey] = starts }
        }
        guard !starts.isEmpty else { return [] }
        let shown = ContactRecord.shownName(displayName: displayName, firstName: firstName, lastName: lastName)
        // Each address's key and line once; the starts share them.
        let keys = emails.map(MailClientLine.addressKey)
        let lines = emails.map { MailClientLine.mutt(email: $0, name: shown, company: company) }
        // The name (remembered: many contacts share one) and the addresses folded once for every start,
        // as `QueryRanking.folded` folds them.
        let named = shown.isEmpty ? company : shown
        let foldedName = Array(cache.folds.searchFold(named).unicodeScalars), foldedEmails = emails.map(QueryRanking.folded)
        var out: [Row] = []
        out.reserveCapacity(starts.count * emails.count)
        for start in starts {
            let ranking: QueryRanking
            if let known = cache.rankings[start] { ranking = known } else {
                ranking = QueryRanking(start)
                if cache.rankings.count < 100_000 { cache.rankings[start] = ranking }
            }
            for place in emails.indices {
                let inside = !ranking.startsAWord(name: named, foldedName: foldedName, foldedEmail: foldedEmails[place])
                out.append(Row(start: start, inside: inside, place: place, addressKey: keys[place], line: lines[place]))
            }
        }
        return out
    }

    /// The rows as the SQL function gives them: `[[start, inside, place, address_key, line], …]`.
    static func json(_ rows: [Row]) -> String {
        guard !rows.isEmpty else { return "[]" }
        // Each address's `,place,key,line]` once; the starts share them.
        var tails: [Int: String] = [:]
        var out = "["
        for row in rows {
            if out.utf8.count > 1 { out += "," }
            out += "["
            JSONText.appendString(row.start, to: &out)
            out += row.inside ? ",1" : ",0"
            if let tail = tails[row.place] { out += tail } else {
                var tail = "," + String(row.place) + ","
                JSONText.appendString(row.addressKey, to: &tail)
                tail += ","
                JSONText.appendString(row.line, to: &tail)
                tail += "]"
                tails[row.place] = tail
                out += tail
            }
        }
        return out + "]"
    }
}
