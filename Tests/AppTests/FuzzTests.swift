import AppServices
import Testing
import Foundation
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Seeded random scripts over the whole app: after each, no layout issue, the
/// data file passes `integrity_check`, and its counts agree with its rows.
@MainActor
@Suite("Fuzz: random keys, text, sizes, clicks, waits and signals", .serialized)
struct FuzzTests {
    /// Checks the data file: intact, and the kept counts equal the rows.
    static func audit(_ path: String) throws -> [String] { try DataAudit.problems(in: SQLiteDatabase(path: path)) }

    func run(scripts: ClosedRange<UInt64>, tokens: Int, signedIn: Bool) throws {
        for seed in scripts {
            let h = AppHarness()
            if signedIn {
                h.createAccount()
                let db = try SQLiteDatabase(path: h.databasePath)
                let ada = try #require(try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).savedSession())
                var generator = ContactGenerator(seed: seed)
                try SQLiteContactsStore(database: db, accountID: ada.id).addMany(count: 60, generator: &generator, friendPercent: 20)
                h.launch()
            }
            var issues: [LayoutIssue] = []
            h.app.layoutIssueHandler = { issues.append($0) }
            var fuzz = FuzzScript(seed: seed)
            let script = fuzz.script(tokens: tokens)
            h.press(script)
            #expect(issues.isEmpty, "seed \(seed): \(issues.prefix(3)) — \(script)")
            #expect(try Self.audit(h.databasePath).isEmpty, "seed \(seed): \(script)")
        }
    }

    @Test func withDataSignedIn() throws { try run(scripts: 1...60, tokens: 60, signedIn: true) }
    @Test func withoutAnAccount() throws { try run(scripts: 1001...1060, tokens: 60, signedIn: false) }

    /// Issue 16's two reproductions (SIGILL in TextField.cursorLocation at width 0, before the fix).
    @Test(arguments: [
        #"wait:2s End Enter ".7-x30Äd j3.4ycx@330fx9@z zjyhdf-6iaÄ++4" Enter wait:500ms Esc resize:6x6 Tab Tab C-a resize:3x4 wait:2s"#,
        #"wait:2s S PgDn Enter C-l "あa261xgb@5" "3ah9🙂h5ag🙂axdy58g.0dЖy9z🙂.-xgf66ÄhЖxÄ5Ж." C-n wait:2s Esc S-Tab S-Tab resize:30x8 Home wait:500ms"#,
    ])
    func theIssueReproductionsRun(_ script: String) throws {
        let h = AppHarness()
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).savedSession())
        var generator = ContactGenerator(seed: 16)
        try SQLiteContactsStore(database: db, accountID: ada.id).addMany(count: 2000, generator: &generator, friendPercent: 10)
        h.launch()
        h.press(script + " resize:80x24 wait:1s")
        #expect(h.text.count > 0)
        #expect(try Self.audit(h.databasePath).isEmpty)
    }
}
