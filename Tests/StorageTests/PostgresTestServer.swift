import AppServices
import Foundation
import Testing
@testable import Storage

/// The PostgreSQL server the PostgreSQL half of the storage tests runs against: the one whose
/// connection string is in `SWITCHBOARD_TEST_POSTGRES_URL` (`.ci/postgres start` makes one and
/// `.ci/run` sets it). Without it those tests are skipped, and say so — they never pass silently.
/// Each directory a test opens is a schema of its own (`sb_test_…`), dropped when released.
final class PostgresTestServer {
    static let environmentKey = "SWITCHBOARD_TEST_POSTGRES_URL"
    static let url: String? = {
        guard let value = ProcessInfo.processInfo.environment[environmentKey], !value.isEmpty else {
            print("note: \(environmentKey) is not set, so the PostgreSQL half of the storage tests is SKIPPED (start a server with .ci/postgres start and export it).")
            return nil
        }
        return value
    }()
    /// Whether the PostgreSQL tests run (a condition for `.enabled(if:)`).
    static var isAvailable: Bool { url != nil }

    /// A fresh, empty schema on the test server; its connection string selects it.
    let schema: String
    let uri: String
    private let admin: PostgresConnection

    init() throws {
        guard let base = Self.url else { throw ServiceError.server(.serverUnreachable(server: "(none)", detail: "\(Self.environmentKey) is not set")) }
        schema = "sb_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        admin = try PostgresConnection(uri: base)
        try admin.executeScript("CREATE SCHEMA \(schema)")
        let options = "options=-c%20search_path%3D\(schema)%2Cpublic"
        uri = base + (base.contains("?") ? "&" : "?") + options
    }

    /// A new client of the schema (a directory open in one more terminal).
    func open(migratingTo version: Int? = nil) throws -> PostgresDatabase {
        try PostgresDatabase(uri: uri, migratingTo: version)
    }

    /// Ends another client's connection from the server side, as a crash or a cut cable would.
    func terminate(_ connection: PostgresConnection) throws { try terminate(pid: connection.backendPID) }

    func terminate(pid: Int32) throws {
        try admin.execute("SELECT pg_terminate_backend($1)", [pid])
    }

    /// Runs SQL on the schema as the server's administrator sees it (for checks).
    func count(_ sql: String) throws -> Int {
        try admin.executeScript("SET search_path = \(schema), public")
        return Int(try admin.scalarInt(sql) ?? -1)
    }

    deinit { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE") }

    /// SQL that takes away what schema step 22 (the mail harvest's tables) made, for a test that
    /// sets a directory's version back below it to migrate it again.
    static let undoMailStep = "DROP TABLE mail_counts, mail_messages, mail_read_files, mail_mboxes, mail_me;"

    /// SQL that takes away what schema step 20 (CardDAV sync) made, and step 22 before it, for a
    /// test that sets a directory's version back below it to migrate it again.
    static let undoSyncStep = """
        \(undoMailStep)
        DROP TABLE sync_problems, sync_conflicts, sync_queue, sync_cards, sync_books, sync_accounts;
        DROP FUNCTION switchboard_sync_contacts_added() CASCADE;
        DROP FUNCTION switchboard_sync_contacts_changed() CASCADE;
        DROP FUNCTION switchboard_sync_contacts_deleted() CASCADE;
        """
}
