import CSQLite
import AppServices

/// `switchboard_search_document(first, last, emails, phones, company, notes)`: the SQL face of
/// `SearchText.document`, so bulk work (populate, migrations, renumbering) can
/// build search entries inside one INSERT … SELECT. `emails` and `phones` are
/// newline-separated lists (`group_concat(…, char(10))`), NULL when empty.
enum SearchDocumentFunction {
    static let name = "switchboard_search_document"

    /// The folded names a connection has seen, kept across calls (a bulk rebuild folds the same
    /// first and last names again and again); `FoldCache` stops growing at 100,000 of them.
    final class Cache {
        var folds = SearchText.FoldCache()
    }

    static func register(on handle: OpaquePointer) {
        register(on: handle, arguments: 6)
        register(on: handle, arguments: 8)
        register(on: handle, arguments: 10)
    }

    /// With 8 arguments, the title and the addresses as stored (`StoredCardFields`) follow the notes;
    /// with 10, the display name and the middle name follow them (migration 16).
    private static func register(on handle: OpaquePointer, arguments count: Int32) {
        let cache = Unmanaged.passRetained(Cache()).toOpaque()
        sqlite3_create_function_v2(handle, name, count, SQLITE_UTF8 | SQLITE_DETERMINISTIC, cache, { context, count, arguments in
            guard let arguments, let box = sqlite3_user_data(context) else { return }
            func text(_ i: Int) -> String {
                guard let value = arguments[i], let bytes = sqlite3_value_text(value) else { return "" }
                return String(cString: bytes)
            }
            func list(_ i: Int) -> [String] { text(i).split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
            let cache = Unmanaged<Cache>.fromOpaque(box).takeUnretainedValue()
            let others = count < 8 ? [text(4), text(5)]
                : SearchText.searchedOthers(company: text(4), notes: text(5), title: text(6),
                                            cities: StoredCardFields.decodeAddresses(text(7)).map(\.city))
            let document = SearchText.document(firstName: text(0), lastName: text(1), emails: list(2), phoneNumbers: list(3),
                                               others: others, displayName: count < 10 ? "" : text(8),
                                               middleName: count < 10 ? "" : text(9), cache: &cache.folds)
            sqlite3_result_text(context, document, -1, sb_sqlite_transient())
        }, nil, nil, { box in
            if let box { Unmanaged<Cache>.fromOpaque(box).release() }
        })
    }

    /// `switchboard_fold(text)`: `SearchText.fold` in SQL (migrations fold what older files kept as typed).
    static let foldName = "switchboard_fold"

    static func registerFold(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, foldName, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, arguments in
            guard let value = arguments?[0], let bytes = sqlite3_value_text(value) else { sqlite3_result_text(context, "", -1, sb_sqlite_transient()); return }
            sqlite3_result_text(context, SearchText.fold(String(cString: bytes)), -1, sb_sqlite_transient())
        }, nil, nil, nil)
    }

    /// An SQL expression for the document of the contact row aliased `c` (from migration 16 on, which
    /// added its display and middle name).
    static let documentOfContactC = """
        \(name)(c.first_name, c.last_name,
            (SELECT group_concat(e.value, char(10)) FROM json_each(c.emails) e),
            (SELECT group_concat(p.value ->> 1, char(10)) FROM json_each(c.phones) p), c.company, c.notes, c.title, c.addresses,
            c.display_name, c.middle_name)
        """

    /// The same for migrations 9 to 15 (title and addresses, no display name yet).
    static let documentOfContactCBeforeDisplayName = """
        \(name)(c.first_name, c.last_name,
            (SELECT group_concat(e.value, char(10)) FROM json_each(c.emails) e),
            (SELECT group_concat(p.value ->> 1, char(10)) FROM json_each(c.phones) p), c.company, c.notes, c.title, c.addresses)
        """

    /// The same for the migrations before 9 (no title or addresses yet).
    static let documentOfContactCBeforeCardFields = """
        \(name)(c.first_name, c.last_name,
            (SELECT group_concat(e.value, char(10)) FROM json_each(c.emails) e),
            (SELECT group_concat(p.value ->> 1, char(10)) FROM json_each(c.phones) p), c.company, c.notes)
        """
}
