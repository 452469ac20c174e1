import Foundation
import Testing
import TestSupport
@testable import switchboard

/// A password never lands in a file name, an error message or the process list: near misses of a
/// connection URI are refused before anything is created, and the URI's password is scrubbed
/// from the process's own arguments once read.
@MainActor
@Suite("Credentials stay hidden")
struct CredentialsStayHiddenTests {
    @Test(arguments: [
        ("Postgresql://ada:hunter2@db.example.org/team", "write the scheme in lower case"),
        ("postgresq://ada:hunter2@db.example.org/team", "is a link, not a data file"),
        ("postgresql-x://ada@db/team?password=hunter2", "is a link, not a data file"),
    ])
    func nearMissesAreRefusedWithoutRepeatingThePassword(location: String, message: String) throws {
        let tmp = TempFolder("credentials")
        defer { withExtendedLifetime(tmp) {} }
        let home = tmp.folder("home")
        for arguments in [["--headless", "--db", location, "--keys", "wait:1s"], ["export", "--db", location], ["query", "ada", "--db=\(location)"]] {
            let result = runSwitchboard(arguments, environment: ["HOME": home])
            #expect(result.code == 2, "\(arguments): \(result.errors)")
            #expect(result.errors.contains(message), "\(result.errors)")
            #expect(!result.errors.contains("hunter2") && !result.output.contains("hunter2"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)   // nothing created
    }

    /// libpq's key=value strings are connection strings, read as libpq reads them: never a file
    /// path, and no message or argument shows the password, quoted or not.
    @Test(arguments: ["host=127.0.0.1 port=1 user=ada password=hunter2 dbname=team",
                      "host=127.0.0.1 port=1 password = 'hunter2' dbname=team",
                      "host=127.0.0.1 port=1 password='hun\\'ter2' dbname=team"])
    func keyValueStringsAreConnectionStrings(location: String) throws {
        let tmp = TempFolder("credentials")
        defer { withExtendedLifetime(tmp) {} }
        let home = tmp.folder("home")
        let result = runSwitchboard(["export", "--db", location], environment: ["HOME": home])
        #expect(result.code == 1, "\(result.errors)")
        #expect(result.errors.contains("Cannot reach the PostgreSQL server at host=127.0.0.1 port=1"), "\(result.errors)")
        #expect(!result.errors.contains("hunter2") && !result.errors.contains("ter2"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)   // no file named with it
        var storage: [UnsafeMutablePointer<CChar>?] = ["switchboard", "--db", location].map { word in word.withCString { strdup($0) } }
        defer { for p in storage { free(p) } }
        _ = storage.withUnsafeMutableBufferPointer { ArgumentScrubber.scrub(argc: Int32($0.count), argv: $0.baseAddress!) }
        #expect(!String(cString: storage[2]!).contains("ter2"), "\(String(cString: storage[2]!))")
    }

    @Test func theProcessListShowsNoPassword() {
        let words = ["switchboard", "--db", "postgresql://ada:hunter2@db.example.org/team?application_name=sb", "--db=postgres://b@h/d?password=pw", "plain"]
        var storage: [UnsafeMutablePointer<CChar>?] = words.map { word in word.withCString { strdup($0) } }
        defer { for p in storage { free(p) } }
        let changed = storage.withUnsafeMutableBufferPointer { buffer in
            ArgumentScrubber.scrub(argc: Int32(buffer.count), argv: buffer.baseAddress!)
        }
        #expect(changed == 2)
        #expect(String(cString: storage[2]!) == "postgresql://ada:***@db.example.org/team?application_name=sb")
        #expect(String(cString: storage[3]!) == "--db=postgres://b@h/d?password=**")   // cut to the space the password had
        #expect(String(cString: storage[4]!) == "plain")
    }
}
