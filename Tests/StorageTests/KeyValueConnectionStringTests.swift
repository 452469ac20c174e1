import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// libpq's key=value connection strings name a shared directory as its URIs do: the same server,
/// schema and password, read by libpq; the password never in what is shown.
@Suite("key=value connection strings",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct KeyValueConnectionStringTests {
    @Test func aKeyValueStringOpensTheDirectoryItNames() throws {
        let server = try PostgresTestServer()
        let url = try #require(URLComponents(string: PostgresTestServer.url!))
        let keyValue = "host=\(url.host!) port=\(url.port!) user=\(url.user!) password='\(url.password!)' dbname=\(url.path.dropFirst())"
            + " options='-c search_path=\(server.schema),public'"
        #expect(PostgresConnection.isURI(keyValue))
        let db = try PostgresDatabase(uri: keyValue)
        #expect(try db.schemaVersionFound() == PostgresDatabase.schemaVersion)
        #expect(try server.count("SELECT count(*) FROM switchboard_schema") == 1) // made in the schema the string names
        #expect(db.server.contains("password=*** dbname=") && !db.server.contains("'\(url.password!)'"), "\(db.server)")
    }
}
