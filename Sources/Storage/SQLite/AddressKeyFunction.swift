import CSQLite
import AppServices

/// `switchboard_address_key(text)`: an e-mail address compared in any case (`MailCorrespondent.key`,
/// every letter folded, not ASCII's alone as SQLite's `lower` does), so `JÜRGEN@example.de` is
/// `jürgen@example.de` to add-email's "already known" and harvest's checks. Registered under a
/// second name too, `switchboard_mail_address_key`, which schema step 23's triggers call: one
/// function, not two that must be kept the same.
enum AddressKeyFunction {
    static let name = "switchboard_address_key"
    static let mailAlias = "switchboard_mail_address_key"

    static func register(on handle: OpaquePointer) {
        for name in [name, mailAlias] { register(name, on: handle) }
    }

    private static func register(_ name: String, on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let value = arguments?[0], let bytes = sqlite3_value_text(value) else { sqlite3_result_null(context); return }
            sqlite3_result_text(context, MailCorrespondent.key(String(cString: bytes)), -1, sb_sqlite_transient())
        }, nil, nil, nil)
    }
}
