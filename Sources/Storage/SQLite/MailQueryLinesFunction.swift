import CSQLite
import AppServices

/// `switchboard_query_lines(first, last, display, middle, company, emails, preferred_email)`: a
/// contact's rows of schema step 23's `mail_query_lines` (`SQLiteMailQuerySchema`; step 24's
/// table is made by `MailQueryRowsFunction`), registered for a file that takes step 23, as a JSON array of
/// `[start, inside, line]`: every two-character start of a word of its name
/// (`SearchText.twoCharacterWordStarts`) with every address line (`line`: `[place, address,
/// name, company]` as JSON text, the place four digits, the preferred address first) and whether
/// that search would match the line only inside a word (`QueryRanking`). The triggers on
/// `contacts` add and take away these rows in the same statement as the contact's write.
enum MailQueryLinesFunction {
    static let name = "switchboard_query_lines"
    /// `switchboard_mail_address_key(address)`: another name of `switchboard_address_key` (`AddressKeyFunction`).
    static let addressKey = AddressKeyFunction.mailAlias
    /// `switchboard_mutt_line(line)`: a `line`'s text as mutt is given it (`MailClientLine.mutt`).
    static let muttLine = "switchboard_mutt_line"

    /// The folded names a connection has seen (a populate folds the same names again and again).
    final class Cache {
        var folds = SearchText.FoldCache()
    }

    static func register(on handle: OpaquePointer) {
        let cache = Unmanaged.passRetained(Cache()).toOpaque()
        sqlite3_create_function_v2(handle, name, 7, SQLITE_UTF8 | SQLITE_DETERMINISTIC, cache, { context, _, arguments in
            guard let arguments, let box = sqlite3_user_data(context) else { return }
            func text(_ i: Int) -> String { SortKeyFunction.text(arguments, i) }
            let preferred: Int? = arguments[6].flatMap { sqlite3_value_type($0) == SQLITE_NULL ? nil : Int(sqlite3_value_int64($0)) }
            let cache = Unmanaged<Cache>.fromOpaque(box).takeUnretainedValue()
            let rows = MailQueryLinesFunction.rows(firstName: text(0), lastName: text(1), displayName: text(2), middleName: text(3),
                                                   company: text(4), emailsJSON: text(5), preferred: preferred, cache: &cache.folds)
            sqlite3_result_text(context, rows, -1, sb_sqlite_transient())
        }, nil, nil, { box in
            if let box { Unmanaged<Cache>.fromOpaque(box).release() }
        })
    }

    /// `switchboard_mutt_line`, which step 23's `mail_query_distinct` used (its address key is `AddressKeyFunction`'s).
    static func registerLineText(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, muttLine, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let arguments, let value = arguments[0], let bytes = sqlite3_value_text(value),
                  case .array(let items)? = JSONText.parse(String(cString: bytes)), items.count == 4,
                  case .string(let email) = items[1], case .string(let name) = items[2], case .string(let company) = items[3]
            else { return sqlite3_result_null(context) }
            sqlite3_result_text(context, MailClientLine.mutt(email: email, name: name, company: company), -1, sb_sqlite_transient())
        }, nil, nil, nil)
    }

    /// The rows as JSON (see the type's comment); "[]" for a contact without an address.
    static func rows(firstName: String, lastName: String, displayName: String, middleName: String, company: String,
                     emailsJSON: String, preferred: Int?, cache: inout SearchText.FoldCache) -> String {
        guard emailsJSON != "[]", case .array(let items)? = JSONText.parse(emailsJSON) else { return "[]" }
        var emails: [String] = []
        for item in items { if case .string(let email) = item { emails.append(email) } }
        guard !emails.isEmpty else { return "[]" }
        // The preferred address first, the rest in their order (as `emailAddresses(ofContacts:)` gives them).
        if let preferred, preferred > 0, preferred < emails.count { emails.insert(emails.remove(at: preferred), at: 0) }
        let starts = SearchText.twoCharacterWordStarts(firstName: firstName, lastName: lastName, displayName: displayName,
                                                       middleName: middleName, cache: &cache)
        guard !starts.isEmpty else { return "[]" }
        let shown = ContactRecord.shownName(displayName: displayName, firstName: firstName, lastName: lastName)
        let lines = emails.enumerated().map { place, email in
            let digits = String(place)
            return JSONText.array(of: [String(repeating: "0", count: max(0, 4 - digits.count)) + digits, email, shown, company])
        }
        var out = "["
        for start in starts {
            let ranking = QueryRanking(start)
            for (place, email) in emails.enumerated() {
                if out.utf8.count > 1 { out += "," }
                out += "["
                JSONText.appendString(start, to: &out)
                out += ranking.startsAWord(name: shown.isEmpty ? company : shown, email: email) ? ",0," : ",1,"
                JSONText.appendString(lines[place], to: &out)
                out += "]"
            }
        }
        return out + "]"
    }
}
