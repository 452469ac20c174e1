import TestSupport
import Testing
import Storage
@testable import switchboard

/// Seeded fuzz of what `--db` takes: connection strings in every shape a person might type (any
/// scheme's case or a typo of it, a password after the user, password parameters however their
/// names are written or escaped, key=value strings). Whatever the shape, no message and no
/// redacted form holds the password, and nothing crashes.
@Suite("Fuzz: connection strings never show their password")
struct ConnectionStringFuzzTests {

    static let secret = "hunter2"

    /// "password" with some letters in capitals and some %-escaped (as libpq reads them).
    static func passwordName(_ random: inout SeededGenerator) -> String {
        "password".map { c -> String in
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return String(c).uppercased()
            case 1: return "%" + String(c.asciiValue!, radix: 16, uppercase: Bool.random(using: &random))
            default: return String(c)
            }
        }.joined()
    }

    static func connectionString(_ random: inout SeededGenerator) -> String {
        let schemes = ["postgresql", "postgres", "Postgresql", "POSTGRES", "postgresq", "pgsql", "postgresql-x"]
        var text = schemes.randomElement(using: &random)! + "://ada"
        if Bool.random(using: &random) { text += ":" + secret }
        text += "@db.example.org" + (Bool.random(using: &random) ? ":5432" : "") + "/team"
        var parameters: [String] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            parameters.append(Bool.random(using: &random) ? passwordName(&random) + "=" + secret : ["sslmode=verify-full", "application_name=sb", "x=%41"].randomElement(using: &random)!)
        }
        if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
        return text
    }

    @Test func noShapeShowsThePassword() {
        var random = SeededGenerator(seed: 2026_12_05)
        for _ in 0..<5_000 {
            let uri = Self.connectionString(&random)
            let redacted = PostgresConnection.redacted(uri)
            #expect(!redacted.contains(Self.secret), "\(uri) -> \(redacted)")
            if let problem = DataLocationCheck.problem(with: uri) {
                #expect(!problem.contains(Self.secret), "\(uri) -> \(problem)")
            }
            let keyValue = "host=db " + (Bool.random(using: &random) ? "password=" + Self.secret + " " : "") + "dbname=team"
            #expect(!(DataLocationCheck.problem(with: keyValue) ?? "").contains(Self.secret))
            // Spaces and tabs around `=`, as libpq allows: whatever libpq reads in the redacted form is not the password.
            let spaced = "host=db password" + [" ", "\t", "", "  "].randomElement(using: &random)! + "=" + [" ", "\t", ""].randomElement(using: &random)!
                + (Bool.random(using: &random) ? Self.secret : "'" + Self.secret + "'") + " dbname=team"
            let redactedSpaced = PostgresConnection.redacted(spaced)
            #expect(!redactedSpaced.contains(Self.secret), "\(spaced) -> \(redactedSpaced)")
            #expect(PostgresConnection.parsed(redactedSpaced)?["password"] != Self.secret, "\(spaced) -> \(redactedSpaced)")
            #expect(PostgresConnection.parsed(redacted)?["password"] != Self.secret, "\(uri) -> \(redacted)")
        }
    }
}
