import AppServices
import CSQLite

/// Tells a switchboard file from another program's, before anything is written:
/// the tables and columns a file holds must be exactly those that migrating
/// to its `user_version` makes (indexes are left out: a missing one harms nothing). The newest
/// version's shape and every table name are written out below (`SchemaCheckTests` holds them to
/// what the migrations make), so an up-to-date file — every start but the first after an
/// update — is checked without making a schema: running every migration on an in-memory
/// database was a sixth of the app's start-up. Older versions' shapes are worked out when needed.
enum SQLiteSchemaCheck {
    /// The newest version's shape (`shape(of:)`'s lines).
    static let newestShape: Set<String> = [
        "table accounts(id,username,username_key,password_hash,created_at)",
        "table session(id,account_id,created_at)",
        "table sign_in_failures(username_key,failures,last_failure_at)",
        "table contacts(id,account_id,first_name,last_name,company,notes,is_friend,sort_key,created_at,updated_at,sort_rank,phones,emails,"
            + "uid,nickname,title,birthday,url,addresses,extras,name_prefix,name_suffix,email_labels,preferred_email,preferred_phone,revision,card,"
            + "display_name,formatted_name,middle_name,sort_key_first,sort_key_company)",
        "table contact_counts(account_id,total,friends)",
        "table contact_groups(account_id,name,contact_id,sort_key,sort_key_first,sort_key_company)",
        "table contact_search(text,contact_id)",
        "table contact_search_data(id,block)",
        "table contact_search_idx(segid,term,pgno)",
        "table contact_search_content(id,c0,c1)",
        "table contact_search_config(k,v)",
        "table settings(account_id,key,value)",
        "table activity(id,account_id,at,kind,subject,contact_id,subject_key)",
        "table deleted_contacts(id,account_id,deleted_at,record)",
        "table group_cards(id,account_id,uid,card)",
        "table sync_accounts(id,account_id,url,home_url,username,password_command,ca_file,created_at,last_sync_at,last_error)",
        "table sync_books(id,sync_account_id,url,display_name,sync_token,ctag,is_default)",
        "table sync_cards(contact_id,book_id,href,etag,card)",
        "table sync_queue(id,book_id,contact_id,kind,href,etag,queued_at)",
        "table sync_conflicts(id,book_id,contact_id,href,kind,fields,local_record,found_at)",
        "table sync_problems(book_id,href,kind,etag,contact_id,reason,found_at)",
        "table sync_flags(id,applying)",
        "table mail_counts(account_id,address_key,address,name,sent,last_sent,received,last_received)",
        "table mail_messages(account_id,message_key)",
        "table mail_read_files(account_id,folder,name)",
        "table mail_mboxes(account_id,path,read_to,check_length,check_hash)",
        "table mail_me(account_id,address_key)",
        "table mail_query_rows(account_id,prefix,address_key,line,inside,sort_key,place,contacts)",
    ]

    /// Every table name any version of switchboard has made.
    static let ourTables: Set<String> = ([
        "accounts", "session", "sign_in_failures", "contacts", "contact_phones", "contact_emails", "contact_counts",
        "contact_search", "contact_search_data", "contact_search_idx", "contact_search_content", "contact_search_docsize",
        "contact_search_config", "settings", "activity", "deleted_contacts", "group_cards", "contact_groups",
    ] as Set<String>).union(SQLiteSyncSchema.tables).union(SQLiteMailHistorySchema.tables).union(SQLiteMailQuerySchema.tables)
        .union(SQLiteMailQueryRowsSchema.tables)

    /// What version `version` of the schema holds: written out for the newest, made for the others.
    static func expectedShape(of version: Int) -> Set<String>? {
        if version == SQLiteMigrations.count { return newestShape }
        return version < expected.count ? expected[version] : nil
    }

    /// Each version's shape, one line a table ("table contacts(id,…)"); index 0 is an empty file.
    static let expected: [Set<String>] = {
        var db: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nil) == SQLITE_OK, let db else { return [] }
        defer { sqlite3_close_v2(db) }
        SQLiteFunctions.register(on: db)
        var shapes = [shape(of: db)]
        for step in SQLiteMigrations.all {
            guard sqlite3_exec(db, step, nil, nil, nil) == SQLITE_OK else { return shapes }
            shapes.append(shape(of: db))
        }
        return shapes
    }()

    /// Every table name `expected` holds (what `ourTables` must be).
    static var madeTables: Set<String> {
        Set(expected.flatMap { $0 }.compactMap { line in
            line.hasPrefix("table ") ? String(line.dropFirst(6).prefix { $0 != "(" }) : nil
        })
    }

    /// The newest version's tables as the migrations write them: `tablesFingerprint(of:)` of a file
    /// they made (`SchemaCheckTests` holds it to that, and to a file brought up from an older version).
    /// A file whose tables are written exactly so has the newest shape, seen without asking SQLite for
    /// each table's columns: `shape(of:)` prepares a `PRAGMA table_info` a table, ~2M instructions,
    /// a fifth of the app's start-up on a large file. Any other text is checked column by column.
    static let newestTablesFingerprint: UInt64 = 0xb70f_b06c_5d5a_230b

    /// FNV-1a (64 bits) of every table's name and `CREATE` text in `sqlite_master`, in name order
    /// (SQLite's own tables left out, as `shape(of:)` leaves them): the same text is the same tables
    /// and columns, whatever else the file holds (indexes and triggers are not in it). Nil: unreadable.
    static func tablesFingerprint(of db: OpaquePointer) -> UInt64? {
        let sql = "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(stmt) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ column: Int32) {
            if let text = sqlite3_column_text(stmt, column) {
                for i in 0..<Int(sqlite3_column_bytes(stmt, column)) { hash = (hash ^ UInt64(text[i])) &* 0x100_0000_01b3 }
            }
            hash = (hash ^ 0xff) &* 0x100_0000_01b3 // a byte no UTF-8 text holds ends each field
        }
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return hash }
            guard rc == SQLITE_ROW else { return nil }
            add(0)
            add(1)
        }
    }

    /// Nothing when the file's shape is its version's; otherwise why it is refused.
    static func problem(with db: OpaquePointer, version: Int, path: String) -> ServiceError? {
        if version < 0 { return .changedByAnotherProgram(path: path, detail: "data version \(version)") }
        if version == SQLiteMigrations.count, tablesFingerprint(of: db) == newestTablesFingerprint { return nil }
        let found = shape(of: db)
        let tables = found.compactMap { $0.hasPrefix("table ") ? String($0.dropFirst(6).prefix { $0 != "(" }) : nil }
        let foreign = tables.filter { !ourTables.contains($0) }.sorted()
        if !foreign.isEmpty { return .foreignDatabase(path: path, tables: foreign) }
        guard let shape = expectedShape(of: version), found == shape else {
            return .changedByAnotherProgram(path: path, detail: "data version \(version), but its tables are not that version's")
        }
        return nil
    }

    /// The file's tables with their columns, SQLite's own left out.
    static func shape(of db: OpaquePointer) -> Set<String> {
        let sql = """
            SELECT 'table ' || m.name ||
                '(' || coalesce((SELECT group_concat(p.name, ',') FROM (SELECT name FROM pragma_table_info(m.name) ORDER BY cid) p), '') || ')'
            FROM sqlite_master m WHERE m.name NOT LIKE 'sqlite_%' AND m.type = 'table'
            """
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { return ["unreadable schema"] }
        defer { sqlite3_finalize(stmt) }
        var lines: Set<String> = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            if let text = sqlite3_column_text(stmt, 0) { lines.insert(String(cString: text)) }
        }
        return lines
    }
}
