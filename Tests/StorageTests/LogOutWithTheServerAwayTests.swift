import TestSupport
import AppServices
import Foundation
import Testing
@testable import Storage

/// Logging out of a shared directory forgets this machine's session first: a person on a shared
/// terminal is signed out even when the server cannot take the sign-out's log entry.
@Suite("Log out with the server away",
       .enabled(if: PostgresTestServer.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES_URL (.ci/run starts a server)"))
struct LogOutWithTheServerAwayTests {
    @Test func theSessionIsForgottenEvenWhenTheLogCannotBeWritten() throws {
        let server = try PostgresTestServer()
        let tmp = TempFolder()
        let directory = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("state")], passwordCost: 1, now: { 1 })
        _ = try directory.open()
        let ada = try directory.accounts.createAccount(username: "ada", password: "analytical", now: 1)
        #expect(try directory.accounts.savedSession() == ada)
        // The server refuses the sign-out's entry (its log is gone): the session goes all the same.
        #expect(try server.count("SELECT count(*) FROM activity") > 0)
        let admin = try PostgresConnection(uri: server.uri)
        try admin.executeScript("ALTER TABLE activity RENAME TO activity_away")
        try directory.accounts.clearSession(now: 2)
        #expect(try directory.accounts.savedSession() == nil)
        let again = PostgresDirectory(uri: server.uri, environment: ["XDG_STATE_HOME": tmp.file("state")], passwordCost: 1, now: { 1 })
        #expect(try again.open() == nil) // the next start opens on Log In
    }
}
