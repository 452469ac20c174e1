import App
import AppServices
import Testing
@testable import Storage

/// libpq is opened at run time, at the first PostgreSQL connection; when it cannot be, the
/// message says which file, why, and what to install.
@Suite("PostgreSQL's client library, opened when first used")
struct PostgresLibraryTests {
    @Test func aMissingLibraryNamesItselfAndWhatToInstall() {
        #expect {
            _ = try PostgresLibrary.open("libpq-not-on-this-machine.so.5")
        } throws: { error in
            guard let error = error as? ServiceError, error.code == ServiceError.Code.clientLibraryMissing else { return false }
            let message = error.message
            return error.kind == .unavailable && error.detail.hasPrefix("libpq-not-on-this-machine.so.5: ") && error.detail.contains("No such file")
                && message.hasPrefix("PostgreSQL's client library could not be loaded (libpq-not-on-this-machine.so.5: ")
                && message.contains("apt-get install libpq5") && message.contains("SQLite files need nothing more")
        }
    }

    /// A library that opens but is not libpq (here SQLite's) is refused by the first function it lacks.
    @Test func aLibraryWithoutLibpqsFunctionsIsRefused() {
        #expect {
            _ = try PostgresLibrary.open("libsqlite3.so.0")
        } throws: { error in
            guard let error = error as? ServiceError, error.code == ServiceError.Code.clientLibraryMissing else { return false }
            return error.detail == "libsqlite3.so.0: it has no function PQconnectdb"
        }
    }

    /// The machine's libpq opens at the first connection and answers: no server needed, libpq
    /// itself refuses an option it does not know.
    @Test func theInstalledLibraryOpensAtTheFirstConnection() {
        #expect {
            _ = try PostgresConnection(uri: "no_such_option=1")
        } throws: { error in
            guard let error = error as? ServiceError, error.kind == .unavailable else { return false }
            return error.detail.contains("invalid connection option \"no_such_option\"")
        }
    }
}
