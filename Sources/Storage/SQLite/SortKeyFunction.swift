import CSQLite
import AppServices

/// `switchboard_first_key(first, last, display)` and `switchboard_company_key(company, sort_key)`:
/// the first-name and company orders' keys (`SearchText.firstNameKey`, `SearchText.companyKey`) in
/// SQL, so a migration fills them for every stored contact in one UPDATE.
enum SortKeyFunction {
    static let firstName = "switchboard_first_key"
    static let company = "switchboard_company_key"

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

    static func text(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ i: Int) -> String {
        guard let value = arguments?[i], let bytes = sqlite3_value_text(value) else { return "" }
        return String(cString: bytes)
    }
}
