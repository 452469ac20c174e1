import CSQLite
import AppServices

/// `switchboard_groups(extras)`: the groups (CATEGORIES) a contact's extras name, joined by
/// char(31) (`ContactCardText.categories`), and `switchboard_in_group(extras, group)`: whether
/// one of them is `group` — the SQL face of the groups, for the list of groups and a list filtered by one.
enum GroupsFunction {
    static let groupsName = "switchboard_groups"
    static let inGroupName = "switchboard_in_group"
    /// `switchboard_groups_json(extras)`: the groups as a JSON array (for `json_each`: the membership triggers).
    static let groupsJSONName = "switchboard_groups_json"

    static func register(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, groupsName, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let value = arguments?[0], let bytes = sqlite3_value_text(value) else { sqlite3_result_text(context, "", -1, sb_sqlite_transient()); return }
            let groups = ContactCardText.categories(inExtras: String(cString: bytes)).joined(separator: "\u{1F}")
            sqlite3_result_text(context, groups, -1, sb_sqlite_transient())
        }, nil, nil, nil)
        sqlite3_create_function_v2(handle, groupsJSONName, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let value = arguments?[0], let bytes = sqlite3_value_text(value) else { sqlite3_result_text(context, "[]", -1, sb_sqlite_transient()); return }
            let json = JSONText.array(of: ContactCardText.categories(inExtras: String(cString: bytes)))
            sqlite3_result_text(context, json, -1, sb_sqlite_transient())
        }, nil, nil, nil)
        sqlite3_create_function_v2(handle, inGroupName, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let arguments, let extrasValue = arguments[0], let groupValue = arguments[1],
                  let extras = sqlite3_value_text(extrasValue), let group = sqlite3_value_text(groupValue) else {
                sqlite3_result_int(context, 0); return
            }
            let extrasBytes = UnsafeBufferPointer(start: extras, count: Int(sqlite3_value_bytes(extrasValue)))
            let groupBytes = UnsafeBufferPointer(start: group, count: Int(sqlite3_value_bytes(groupValue)))
            let found = GroupsFunction.plainLineHolds(extrasBytes, groupBytes)
                ?? ContactCardText.categories(inExtras: String(cString: extras)).contains(String(cString: group))
            sqlite3_result_int(context, found ? 1 : 0)
        }, nil, nil, nil)
    }

    /// Whether the extras' one `CATEGORIES:` line (no group, no parameters, no backslash) has the
    /// item `group`, spaces around items aside — read byte by byte, as most lines are; nil when
    /// the extras need the whole reading (`ContactCardText.categories`).
    static func plainLineHolds(_ extras: UnsafeBufferPointer<UInt8>, _ group: UnsafeBufferPointer<UInt8>) -> Bool? {
        let name = Array("CATEGORIES:".utf8)
        var lineStart = 0
        var found: Bool?
        while lineStart < extras.count {
            var lineEnd = lineStart
            while lineEnd < extras.count, extras[lineEnd] != 0x0D, extras[lineEnd] != 0x0A { lineEnd += 1 }
            if lineEnd - lineStart >= name.count, (0..<name.count).allSatisfy({ extras[lineStart + $0] == name[$0] }) {
                if found != nil { return nil } // a second line: read whole
                var itemStart = lineStart + name.count
                found = false
                while itemStart <= lineEnd {
                    var itemEnd = itemStart
                    while itemEnd < lineEnd, extras[itemEnd] != 0x2C {
                        if extras[itemEnd] == 0x5C { return nil } // an escape: read whole
                        itemEnd += 1
                    }
                    var a = itemStart, b = itemEnd
                    while a < b, extras[a] == 0x20 || extras[a] == 0x09 { a += 1 }
                    while b > a, extras[b - 1] == 0x20 || extras[b - 1] == 0x09 { b -= 1 }
                    if b - a == group.count, (0..<group.count).allSatisfy({ extras[a + $0] == group[$0] }) { found = true }
                    itemStart = itemEnd + 1
                }
            } else if lineEnd > lineStart, ContactCardText.propertyName(of: String(decoding: UnsafeBufferPointer(rebasing: extras[lineStart..<min(lineEnd, lineStart + 40)]), as: UTF8.self)) == "CATEGORIES" {
                return nil // a grouped or parametered CATEGORIES line: read whole
            }
            lineStart = lineEnd + 1
        }
        return found ?? false
    }
}
