import CSQLite
import AppServices

/// `switchboard_groups(extras)`: the groups (CATEGORIES) a contact's extras name, joined by
/// char(31) (`ContactCardText.categories`), and `switchboard_in_group(extras, group)`: whether
/// one of them is `group` — the SQL face of the groups, for the list of groups and a list filtered by one.
enum GroupsFunction {
    static let groupsName = "switchboard_groups"
    static let inGroupName = "switchboard_in_group"

    static func register(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, groupsName, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let value = arguments?[0], let bytes = sqlite3_value_text(value) else { sqlite3_result_text(context, "", -1, sb_sqlite_transient()); return }
            let groups = ContactCardText.categories(inExtras: String(cString: bytes)).joined(separator: "\u{1F}")
            sqlite3_result_text(context, groups, -1, sb_sqlite_transient())
        }, nil, nil, nil)
        sqlite3_create_function_v2(handle, inGroupName, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let arguments, let extras = arguments[0].flatMap(sqlite3_value_text), let group = arguments[1].flatMap(sqlite3_value_text) else {
                sqlite3_result_int(context, 0); return
            }
            sqlite3_result_int(context, ContactCardText.categories(inExtras: String(cString: extras)).contains(String(cString: group)) ? 1 : 0)
        }, nil, nil, nil)
    }
}
