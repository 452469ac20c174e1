import AppServices
import TestSupport
import Testing
@testable import Storage

/// The app's modules do without _StringProcessing (issue 15: 1 MB of memory), so what used its
/// `contains`/`firstRange`/`replacing` now uses SearchText's byte-wise search: the same answers.
@Suite("Text search without _StringProcessing")
struct TextWithoutRegexTests {
    @Test func searchTextFindsReplacesAndSaysWhere() {
        #expect(SearchText.contains("ångström \u{1F} grace", "ström"))
        #expect(!SearchText.contains("ångström", "angstrom"))
        #expect(SearchText.contains("anything", ""))
        #expect(!SearchText.contains("ab", "abc"))
        let text = "née «Hopper», grace"
        let range = SearchText.firstRange(of: "«Hopper»", in: text)
        #expect(range.map { String(text[$0]) } == "«Hopper»")
        #expect(range.map { String(text[..<$0.lowerBound]) } == "née ")
        let aab = "aab"
        #expect(SearchText.firstRange(of: "ab", in: aab).map { aab.distance(from: aab.startIndex, to: $0.lowerBound) } == 1)
        #expect(SearchText.replacing("***", with: "", in: "u:***@h/***x") == "u:@h/x")
        #expect(SearchText.replacing("**", with: "-", in: "*****") == "--*")
        #expect(SearchText.replacing("z", with: "y", in: "abc") == "abc")
    }

    @Test func connectionStringsAreRedactedAndNamedAsBefore() {
        let uri = "postgresql://ada:s3cret@db.example.org:5432/téam?sslmode=require&password=x2&application_name=sb"
        let redacted = PostgresConnection.redacted(uri)
        #expect(redacted == "postgresql://ada:***@db.example.org:5432/téam?sslmode=require&password=***&application_name=sb")
        #expect(PostgresConnection.redacted("host=db user=ada") == "host=db user=ada")
        // However the parameter's name is written, libpq reads it as password: so does the redactor.
        #expect(PostgresConnection.redacted("postgresql://ada@db/team?%70assword=hunter2&PassWord=hunter3&sslmode=verify-full")
                == "postgresql://ada@db/team?%70assword=***&PassWord=***&sslmode=verify-full")
        #expect(PostgresConnection.redacted("postgresql://ada:p@ss@db/team") == "postgresql://ada:***@db/team")   // the last @ ends it
        #expect(LocalSessionFile.fileName(for: PostgresConnection.redacted("postgresql://ada:pw@db.example.org:5432/téam?sslmode=require&password=x"))
                == "postgresql___ada__db.example.org_5432_t_am_sslmode_require_password_.session")
    }

    /// The quick answer for a text with none of a password's marks (a file path, a number, a flag on
    /// the command line) is the redaction's own: nothing taken out. Random texts over an alphabet
    /// that spells passwords in pieces; the texts the quick answer passes come back the same from
    /// the full rules, and those with a mark go to them.
    @Test func aTextWithoutAPasswordsMarksIsLeftAsTheRulesLeaveIt() {
        let pieces = ["/", "tmp", "a", "Z", "-", ".", "_", " ", "  ", "'", "\\", "0", "55", "pa", "ss", "PA", "SS", "as", "sW",
                      "pw", "d", "D", "w", "user", "postgres", "ql", "host", "db", "&", ",", "[", "]", "\t"]
        var random = SeededGenerator(seed: 2026_12_07)
        func next(_ n: Int) -> Int { Int.random(in: 0..<n, using: &random) }
        var passed = 0
        for _ in 0..<20_000 {
            let text = (0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined()
            guard PostgresConnection.cannotHoldPassword(text) else { continue }
            passed += 1
            #expect(ConnectionStringRedaction(text).text == text, "\(text)")
            #expect(PostgresConnection.redacted(text) == text, "\(text)")
        }
        #expect(passed > 5_000)
        for marked in ["my Password file", "a PWD", "x/ASSWORD", "u:pw", "a=b", "a?b", "a@b", "%70", "tëam", "postgresql://ada:pw@db/team"] {
            #expect(!PostgresConnection.cannotHoldPassword(marked), "\(marked)")
        }
        #expect(PostgresConnection.redacted("my password pw") == "my password ***") // "pass" alone sends it to the rules
        #expect(PostgresConnection.cannotHoldPassword("/tmp/switchboard-1000.sqlite3") && PostgresConnection.cannotHoldPassword("--splash-ms"))
    }

    /// What libpq reads as the password is what is taken out: where the string's own spelling hides
    /// it from the text's reading (a tab before `=`, which libpq allows), the string is written anew
    /// from libpq's values. libpq reads the redacted form and finds no password in it.
    @Test func redactionFollowsWhatLibpqReads() throws {
        let hidden = "host=db.example.org password\t=hunter2 dbname=team user=ada"
        let values = try #require(PostgresConnection.parsed(hidden))
        #expect(values["password"] == "hunter2")
        let redacted = PostgresConnection.redacted(hidden)
        #expect(redacted == "host=db.example.org dbname=team user=ada password=***")
        #expect(PostgresConnection.parsed(redacted)?["password"] == "***")
        #expect(PostgresConnection.written(["host": "db", "options": "-c search_path=a,public", "application_name": "it's"])
                == "host=db application_name='it\\'s' options='-c search_path=a,public'")
        // Strings the text's reading redacts keep their form (and their session files' names).
        for uri in ["postgresql://ada:pw@db/team?sslmode=verify-full", "host=db password='a b' dbname=team"] {
            #expect(PostgresConnection.parsed(PostgresConnection.redacted(uri))?["password"] == "***", "\(uri)")
        }
        #expect(PostgresConnection.redacted("host=db password='a b' dbname=team") == "host=db password=*** dbname=team")
    }

    @Test func connectFailuresAreTold() {
        let missing = PostgresConnection.classifyConnectFailure("connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  database \"téam\" does not exist\n", server: "s")
        #expect(missing == .databaseMissing(server: "s", database: "téam"))
        let refused = PostgresConnection.classifyConnectFailure("connection to server failed: FATAL:  password authentication failed for user \"ada\"\nmore", server: "s")
        #expect(refused == .authenticationFailed(server: "s", detail: "connection to server failed: FATAL:  password authentication failed for user \"ada\""))
        let role = PostgresConnection.classifyConnectFailure("FATAL:  role \"bob\" does not exist", server: "s")
        #expect(role == .authenticationFailed(server: "s", detail: "FATAL:  role \"bob\" does not exist"))
        let down = PostgresConnection.classifyConnectFailure("connection refused", server: "s")
        #expect(down == .serverUnreachable(server: "s", detail: "connection refused"))
    }

    @Test func nameStartsQuoteBackslashesAndQuotes() {
        var cache = SearchText.FoldCache()
        let literal = PostgresContactsStore.nameStarts(firstName: "\"Q", lastName: "\\Z", cache: &cache)
        #expect(literal.hasPrefix("{") && literal.hasSuffix("}"))
        let elements = literal.dropFirst().dropLast().split(separator: ",").map(String.init)
        #expect(Set(elements) == ["\"\\\"\"", "\"\\\"q\"", "\"\\\\\"", "\"\\\\z\""], "\(literal)")
    }
}
