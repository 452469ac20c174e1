import Foundation
import Storage
import Testing
import TestSupport
@testable import switchboard

/// Issue 47, "a typo shows a password": connection strings mistyped as people mistype them — a
/// scheme without its slashes, an IPv6 address not closed, a percent escape that is not one, a
/// password parameter (`password`, `sslpassword`) however written — given to every command that
/// takes `--db`, through the command line's entry point. No message (output, errors, the headless
/// screen) and no file name carries the password. Every server named is 127.0.0.1 port 1 (nothing
/// listens: libpq answers at once).
@MainActor
@Suite("A typo shows no password", .serialized)
struct TypoPasswordTests {
    static let secret = "SECRET"

    /// The commands that take `--db`, with a place for it.
    static func commands(_ location: String, file: String) -> [[String]] {
        [["--headless", "--db", location, "--keys", "wait:1s"], ["export", "--db", location], ["query", "ada", "--db", location],
         ["import", file, "--db", location], ["sync", "--db", location], ["populate", "--contacts", "1", "--db", location],
         ["directory", "init", "--db", location], ["directory", "add-member", "bob", "--db=\(location)"]]
    }

    /// Runs every command on `location`; records where the password shows. Returns the messages.
    func check(_ location: String, home: String, file: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        var said: [String] = []
        for arguments in Self.commands(location, file: file) {
            let result = runSwitchboard(arguments, environment: ["HOME": home, "SWITCHBOARD_PASSWORD_COST": "1", "PGCONNECT_TIMEOUT": "2"])
            let text = result.output + result.errors
            #expect(!text.contains(Self.secret), "\(arguments.debugDescription):\n\(text)", sourceLocation: sourceLocation)
            said.append(result.errors)
        }
        return said
    }

    /// Names of every file under `folder`, and in the current folder.
    static func fileNames(under folder: String) -> [String] {
        let fm = FileManager.default
        return (fm.enumerator(atPath: folder)?.allObjects as? [String] ?? []) + ((try? fm.contentsOfDirectory(atPath: fm.currentDirectoryPath)) ?? [])
    }

    @Test(arguments: [
        "postgresql//u:SECRET@127.0.0.1:1/db", "postgres:/u:SECRET@127.0.0.1:1", "postgresql:u:SECRET@127.0.0.1:1/db",
        "postgresql://u:SECRET@[::1:1/x", "postgresql://alice:SECRET%zz@127.0.0.1:1/db", "postgresql://127.0.0.1:1/db?password=SECRET%zz",
        "postgresql://u@127.0.0.1:1/db?sslpassword=SECRET", "postgresql://u@127.0.0.1:1/db?sslmode=disable&sslpassword=SECRET%zz",
        "postgresql://u:SECRET127.0.0.1:1/db", "postgresql://127.0.0.1:1/db&password=SECRET", "u:SECRET@127.0.0.1:1/db",
        "password=SECRET host=127.0.0.1 port=1", "host=127.0.0.1 port=1 sslpassword=SECRET", "host=127.0.0.1 port=1 password='SECRET",
        "host=[::1 port=1 password=SECRET%zz", "dbname=postgresql://u:SECRET@[::1:1/x", "pasword=SECRET host=127.0.0.1",
        "host=127.0.0.1 port=1 dbname=d password = SECRET",
    ])
    func theIssuesTyposShowNoPassword(location: String) {
        let tmp = TempFolder("typo")
        let home = tmp.folder("home")
        let file = tmp.file("in.vcf")
        tmp.write("in.vcf", Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n".utf8))
        _ = check(location, home: home, file: file)
        let names = Self.fileNames(under: tmp.path).filter { $0.contains(Self.secret) }
        #expect(names.isEmpty, "\(names)")
    }

    /// Seeded fuzz: the typos above and their kin, built from parts and mutated at their separators.
    @Test func generatedTyposShowNoPassword() {
        var random = SeededGenerator(seed: 47_0004)
        let tmp = TempFolder("typo-fuzz")
        let home = tmp.folder("home")
        let file = tmp.file("in.vcf")
        tmp.write("in.vcf", Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n".utf8))
        let schemes = ["postgresql://", "postgres://", "postgresql//", "postgres:/", "postgresql:", "postgresql:///", "postgresq://", "POSTGRESQL://", "pg://", ""]
        let noise = ["", "", "%zz", "%", "%4", "@x", ":", "/", "?", "&", "%40", "'", " "]
        let hosts = ["127.0.0.1:1", "[::1:1", "[::1]:1", "127.0.0.1", "127.0.0.1:port", "[::1", "127.0.0.2:1,127.0.0.1:1", ""]
        let paths = ["/db", "", "/d%zzb", "/", "/db?", "/db#x"]
        let queries = ["", "?password=SECRET", "?password=SECRET%zz", "?sslpassword=SECRET", "?PassWord=SECRET", "?%70assword=SECRET",
                       "?sslmode=disable&password=SECRET", "&password=SECRET", "?password=SECRET&", "?password='SECRET'", "?password=SECRET%"]
        let keyValues = ["password=SECRET host=127.0.0.1 port=1", "host=127.0.0.1 port=1 password = 'SECRET'", "host=127.0.0.1 password=SECRET%zz port=1",
                         "sslpassword=SECRET host=127.0.0.1 port=1", "host=127.0.0.1 port=1 password='SECRET", "password=SECRET host=[::1",
                         "dbname=postgresql://u:SECRET@[::1:1/x host=127.0.0.1", "host=127.0.0.1 port=1 password='SE\\'CRET'x"]
        var tried = 0
        for _ in 0..<2_000 {
            var text: String
            if Int.random(in: 0..<4, using: &random) == 0 {
                text = keyValues.randomElement(using: &random)!
            } else {
                let withUser = Bool.random(using: &random)
                text = schemes.randomElement(using: &random)!
                    + (withUser ? "u:SECRET" + noise.randomElement(using: &random)! + "@" : "")
                    + hosts.randomElement(using: &random)! + paths.randomElement(using: &random)!
                let query = queries.randomElement(using: &random)!
                text += withUser || query.contains("SECRET") ? query : "?password=SECRET"
            }
            // A mutation at a separator outside the password and its `:` or `=`: one dropped or doubled.
            let guarded = text.ranges(of: Self.secret).flatMap { r in [text.index(before: r.lowerBound)] + Array(text[r].indices) }
            let separators = text.indices.filter { "/:@?&=[]%'".contains(text[$0]) && !guarded.contains($0) }
            if let at = separators.randomElement(using: &random), Bool.random(using: &random) {
                if Bool.random(using: &random) { text.remove(at: at) } else { text.insert(text[at], at: at) }
            }
            guard text.contains(Self.secret) else { continue }
            tried += 1
            // `redacted` and the message scrubber alone, then every command.
            #expect(!PostgresConnection.redacted(text).contains(Self.secret), "\(text) -> \(PostgresConnection.redacted(text))")
            #expect(!PostgresConnection.scrubbed("could not parse \"\(text)\": \(text)", conninfo: text).contains(Self.secret), "\(text)")
            if let problem = DataLocationCheck.problem(with: text) { #expect(!problem.contains(Self.secret), "\(text) -> \(problem)") }
            if tried % 10 == 0 { _ = check(text, home: home, file: file) }          // the whole command line, every tenth
        }
        #expect(tried > 1_500)
        let names = Self.fileNames(under: tmp.path).filter { $0.contains(Self.secret) }
        #expect(names.isEmpty, "\(names)")
    }
}
