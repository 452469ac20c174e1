import AppServices
import App
import Foundation
import Kiosk
import Storage
import TUIKit
import TUIKitTesting

/// The long fuzz soak: `switchboard-bench fuzz [--scripts N] [--tokens N]` (default 10,000 scripts
/// of 200 tokens), FuzzScript seeds 1…N over the app with 2,000 contacts (signed in), the app
/// without an account, and the kiosk, in turn. After each: no layout issue; after each on a data
/// file: `integrity_check` ok and the kept counts equal the rows. A crash stops the process (its
/// seed is the last printed); a failure prints its seed and script.
@MainActor
enum FuzzBenchmark {
    static func value(after flag: String, default fallback: Int) -> Int {
        let arguments = CommandLine.arguments
        guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count, let n = Int(arguments[i + 1]) else { return fallback }
        return n
    }

    static func run() {
        let scripts = value(after: "--scripts", default: 10_000), tokens = value(after: "--tokens", default: 200)
        let folder = NSTemporaryDirectory() + "switchboard-fuzz-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let withData = folder + "/data.sqlite3", empty = folder + "/empty.sqlite3"
        do {
            let db = try SQLiteDatabase(path: withData)
            let ada = try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1)
            var generator = ContactGenerator(seed: 16)
            try SQLiteContactsStore(database: db, accountID: ada.id).addMany(count: 2000, generator: &generator, friendPercent: 10)
        } catch { print("fuzz: cannot make the data file: \(error)"); return }
        let t0 = ContinuousClock.now
        var failures = 0, tokenCount = 0
        for seed in 1...UInt64(scripts) {
            var fuzz = FuzzScript(seed: seed)
            let script = fuzz.script(tokens: tokens)
            tokenCount += tokens + 3
            let terminal = VirtualTerminal(size: Size(width: 80, height: 24))
            let app = Application(terminal: terminal)
            var issues: [LayoutIssue] = []
            app.layoutIssueHandler = { issues.append($0) }
            let kind = seed % 3
            var problems: [String] = []
            withExtendedLifetime(kind == 2 ? Kiosk(application: app, options: Kiosk.Options(idle: .seconds(30), seed: seed)) as AnyObject
                                 : makeApp(app, path: kind == 0 ? withData : empty) as AnyObject) {
                do { try terminal.enqueue(script: script); try app.run() } catch { problems.append("script: \(error)") }
            }
            if !issues.isEmpty { problems.append("layout: \(issues.prefix(3))") }
            if kind != 2 { problems += audit(kind == 0 ? withData : empty) }
            if !problems.isEmpty {
                failures += 1
                print("fuzz: seed \(seed) (\(["app with data", "app without an account", "kiosk"][Int(kind)])): \(problems.joined(separator: "; "))\n  \(script)")
            }
            if seed % 1000 == 0 { print("fuzz: \(seed) scripts, \(failures) failures, \(Int((ContinuousClock.now - t0).components.seconds)) s") }
        }
        let seconds = Double((ContinuousClock.now - t0).components.attoseconds) / 1e18 + Double((ContinuousClock.now - t0).components.seconds)
        print("fuzz: \(scripts) scripts, \(tokenCount) tokens, \(failures) failures, \(String(format: "%.1f", seconds)) s")
    }

    static func makeApp(_ app: Application, path: String) -> SwitchboardApp {
        let configuration = AppConfiguration(directory: { now in SQLiteDirectory(path: path, passwordCost: 1, now: now) })
        return SwitchboardApp(application: app, configuration: configuration)
    }

    static func audit(_ path: String) -> [String] {
        do { return try DataAudit.problems(in: SQLiteDatabase(path: path)) } catch { return ["audit: \(error)"] }
    }
}
