import CSQLite
import AppServices

/// `switchboard_first_key(first, last, display)` and `switchboard_company_key(company, sort_key)`:
/// the first-name and company orders' keys (`SearchText.firstNameKey`, `SearchText.companyKey`) in
/// SQL, so a migration fills them for every stored contact in one UPDATE.
enum SortKeyFunction {
    static let firstName = "switchboard_first_key"
    static let company = "switchboard_company_key"
    /// `switchboard_name_key(first, last, display)`: the last-name order's key (`ContactRecord.sortKey`).
    static let name = "switchboard_name_key"
    /// `switchboard_backfilled(first, middle, last, company, email, phone, nickname, title, url, notes, formatted, card, what)`:
    /// a row from before display names were kept, its display name (`what` 0) or formatted name (1).
    static let backfilled = "switchboard_backfilled"

    static func register(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, firstName, 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            var cache = SearchText.FoldCache()
            let key = SearchText.firstNameKey(firstName: SortKeyFunction.text(arguments, 0), lastName: SortKeyFunction.text(arguments, 1), displayName: SortKeyFunction.text(arguments, 2),
                                              cache: &cache)
            sqlite3_result_text(context, key, -1, sb_sqlite_transient())
        }, nil, nil, nil)
        sqlite3_create_function_v2(handle, company, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            var cache = SearchText.FoldCache()
            let key = SearchText.companyKey(company: SortKeyFunction.text(arguments, 0), nameKey: SortKeyFunction.text(arguments, 1), cache: &cache)
            sqlite3_result_text(context, key, -1, sb_sqlite_transient())
        }, nil, nil, nil)
    }

    static func registerBackfill(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, name, 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            var record = ContactRecord(firstName: SortKeyFunction.text(arguments, 0), lastName: SortKeyFunction.text(arguments, 1))
            record.formattedName = SortKeyFunction.text(arguments, 2)
            sqlite3_result_text(context, record.sortKey, -1, sb_sqlite_transient())
        }, nil, nil, nil)
        sqlite3_create_function_v2(handle, backfilled, 13, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            let t = { (i: Int) in SortKeyFunction.text(arguments, i) }
            let record = ContactRecord.backfilled(firstName: t(0), middleName: t(1), lastName: t(2), company: t(3), email: t(4), phone: t(5),
                                                  nickname: t(6), title: t(7), url: t(8), notes: t(9), formattedName: t(10), card: t(11))
            let what = arguments?[12].map { sqlite3_value_int($0) } ?? 0
            sqlite3_result_text(context, what == 0 ? record.displayName : record.formattedName, -1, sb_sqlite_transient())
        }, nil, nil, nil)
    }

    static func text(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ i: Int) -> String {
        guard let value = arguments?[i], let bytes = sqlite3_value_text(value) else { return "" }
        return String(cString: bytes)
    }
}
