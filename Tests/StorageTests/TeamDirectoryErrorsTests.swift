import TestSupport
@testable import App
import AppServices
import Testing
@testable import Storage

/// A team directory's refusals are values: a code and the store's words (a name, the server's
/// message), never advice; App makes the sentence that says what to do (`ServiceError.message`).
@Suite("A team directory: refusals as values, App's words",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct TeamDirectoryErrorsTests {
    /// Words a store must leave to App and the command line.
    static let advice = ["switchboard directory", "pick another", "use letters", "~/.pgpass", "pg_terminate_backend", "try again", "Ask "]

    static func expectNoAdvice(_ error: ServiceError?, sourceLocation: SourceLocation = #_sourceLocation) {
        let detail = error?.detail ?? ""
        for words in advice {
            #expect(!detail.contains(words), "the store's words give advice: \(detail)", sourceLocation: sourceLocation)
        }
    }

    @Test func aTakenOrImpossibleMemberNameIsACodeAndTheName() throws {
        let team = try TeamDirectoryTests.Team()
        let taken = #expect(throws: ServiceError.self) {
            _ = try PostgresTeamDirectory.addMember(team.owner, name: team.bob.username, password: "x", editor: false, now: 9)
        }
        #expect(taken?.kind == .conflict && taken?.code == .roleTaken && taken?.detail == team.bob.username, "\(String(describing: taken))")
        #expect(taken?.message.contains("already has a role named “\(team.bob.username)”: pick another name for the member") == true,
                "\(taken?.message ?? "")")
        Self.expectNoAdvice(taken)

        let name = "robert'); DROP TABLE contacts; --"
        let impossible = #expect(throws: ServiceError.self) {
            _ = try PostgresTeamDirectory.addMember(team.owner, name: name, password: "x", editor: false, now: 9)
        }
        #expect(impossible?.kind == .refused && impossible?.code == .memberNameInvalid && impossible?.detail == name)
        #expect(impossible?.message == "“\(name)” cannot be a member's name: use letters, digits, '.', '-' or '_' (up to 63).")
        Self.expectNoAdvice(impossible)
    }

    @Test func aDirectoryNotSetUpForATeamIsACode() throws {
        let server = try PostgresTestServer()
        let db = try server.open()
        let error = #expect(throws: ServiceError.self) {
            _ = try PostgresTeamDirectory.addMember(db, name: "carol", password: "x", editor: false, now: 1)
        }
        #expect(error?.kind == .refused && error?.code == .notATeamDirectory, "\(String(describing: error))")
        #expect(error?.message.contains("is not set up for a team") == true, "\(error?.message ?? "")")
        Self.expectNoAdvice(error)
    }

    /// A member's connection cannot change the schema: one older than this build's is refused with
    /// a code, and App says whose job it is.
    @Test func anOlderSchemaIsTheOwnersToBringUpToDate() throws {
        let team = try TeamDirectoryTests.Team()
        try team.owner.connection.executeScript("UPDATE switchboard_schema SET version = version - 1")
        let error = #expect(throws: ServiceError.self) { _ = try team.asBob() }
        #expect(error?.kind == .refused && error?.code == .schemaNeedsOwner, "\(String(describing: error))")
        #expect(error?.message.contains("only its owner may bring it up to date: ask them to run switchboard directory init") == true,
                "\(error?.message ?? "")")
        Self.expectNoAdvice(error)
    }

    /// A lock wait that ran out keeps who held the lock as a value (`LockWait`); the advice is App's.
    @Test func aLockWaitKeepsWhoHeldItAndAppSaysWhatToDo() throws {
        let team = try TeamDirectoryTests.Team()
        let alice = try team.asAlice(), bob = try team.asBob()
        try alice.connection.executeScript("BEGIN; LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE")
        defer { try? alice.connection.executeScript("ROLLBACK") }
        let error = #expect(throws: ServiceError.self) {
            _ = try PostgresContactsStore(database: bob, accountID: team.bob.id).add(ContactRecord(firstName: "Bob's", lastName: "Plumber"))
        }
        #expect(error?.code == .lockHeld)
        let wait = error?.cause as? ServiceError.LockWait
        #expect(wait?.waited == PostgresConnection.lockTimeout)
        #expect(wait?.holders.first == ServiceError.LockWait.Holder(pid: Int64(alice.connection.backendPID), role: team.alice.username),
                "\(String(describing: wait))")
        Self.expectNoAdvice(error)
        #expect(error?.message.contains("Ask them to finish") == true && error?.message.contains("pg_terminate_backend(\(alice.connection.backendPID))") == true)
        // Without its cause (an older build's sync line or kept last error had the words only), App still says what to do.
        var words = try #require(error)
        words.cause = nil
        #expect(words.message.contains("held by \(team.alice.username)") && words.message.contains("Ask whoever holds the lock to finish"), "\(words.message)")
    }
}

/// A shared directory's set-up problems (a search_path with no schema, a schema holding what
/// switchboard did not make) are facts in the store's words; App says what to do (a version
/// table changed by hand: `PostgresConformanceTests.anEmptiedVersionTableIsSaidPlainly`).
@Suite("A shared directory's set-up problems: facts, App's advice",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct SharedDirectorySetUpErrorsTests {
    @Test func aSearchPathWithNoSchemaIsACode() throws {
        let base = try #require(PostgresTestServer.url)
        let uri = base + (base.contains("?") ? "&" : "?") + "options=-c%20search_path%3Dsb_no_such_schema_here"
        let error = #expect(throws: ServiceError.self) { _ = try PostgresDatabase(uri: uri) }
        #expect(error?.kind == .unavailable && error?.code == .noSchema, "\(String(describing: error))")
        #expect(error?.message.contains("Create the schema (CREATE SCHEMA), or name another in the connection string") == true, "\(error?.message ?? "")")
        #expect(error?.detail.contains("CREATE SCHEMA") == false && error?.detail.contains("search_path=") == false)
    }

    @Test func aSchemaOfAnotherProgramIsNamedAndAppSaysWhereToGo() throws {
        let server = try PostgresTestServer()
        try PostgresConnection(uri: server.uri).executeScript("CREATE TABLE invoices (id int)")
        let error = #expect(throws: ServiceError.self) { _ = try server.open() }
        #expect(error?.kind == .foreign && error?.detail == "table invoices", "\(String(describing: error))")
        #expect(error?.message.contains("holds what switchboard did not make (table invoices); it was not changed. Use an empty database, or a schema of its own")
                == true, "\(error?.message ?? "")")
    }
}
