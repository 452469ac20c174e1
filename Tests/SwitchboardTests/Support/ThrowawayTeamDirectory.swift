import Foundation
@testable import Storage

/// A schema of its own on the test PostgreSQL (`SWITCHBOARD_TEST_POSTGRES_URL`) for a command
/// test's directory: the owner's connection string into it, a member's, and the server's own
/// connection (`admin`) to look behind the app's back. `drop()` it when the test ends (`defer`).
struct ThrowawayTeamDirectory {
    /// A short unique tag, for the schema's and the members' names.
    let tag: String
    let schema: String
    /// The owner's connection string, its search path the schema.
    let owner: String
    /// The test server's owner connection (search path not set: name the schema in SQL).
    let admin: PostgresConnection

    init(prefix: String) throws {
        let base = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_POSTGRES_URL"]!
        tag = String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
        schema = "\(prefix)_\(tag)"
        admin = try PostgresConnection(uri: base)
        try admin.executeScript("CREATE SCHEMA \(schema)")
        owner = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)%2Cpublic"
    }

    /// The connection string of member `name` signing in with `password` (nil: none in it, the
    /// password comes from elsewhere).
    func member(_ name: String, _ password: String?) -> String {
        owner.replacingOccurrences(of: "switchboard:switchboard@", with: password.map { "\(name):\($0)@" } ?? "\(name)@")
    }

    func drop() { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE") }
}
