import AppServices
import CardDAV
import Foundation
import Storage
import TestSupport
import Testing
@testable import switchboard

/// `switchboard sync` and `sync add` — the real executable, as cron or the app runs it — against a
/// server of the tests' own that answers badly (`HostileServer`): each case ends within the limit
/// given on the command line, says what happened and what to do, leaves the data file's contacts,
/// cards and tokens as they were, and its peak memory (the child's own VmHWM) stays at most
/// 64 MiB. The limits are small here so that the suite takes seconds; the defaults are in `sync --help`.
@Suite(.serialized)
struct HostileServerTests {
    /// What one run of the built `switchboard` did.
    struct Run {
        var code: Int32
        var output: String
        var errors: String
        var seconds: Double
        /// Its peak resident memory (`ru_maxrss`), in MiB.
        var peakMiB: Double
        var summary: String { "exit \(code), \(String(format: "%.2f", seconds)) s, peak RSS \(String(format: "%.1f", peakMiB)) MiB: \(errors.split(separator: "\n").first ?? "")" }
    }

    /// The built executable beside the test bundle.
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("switchboard").path

    /// Runs the built `switchboard` with `arguments`; killed if it is still running after `hardLimit`
    /// (which fails the test that expected it to end sooner). `lifeline`: a descriptor to give it as 3.
    static func switchboard(_ arguments: [String], in folder: TempFolder, lifeline: Int32? = nil,
                            hardLimit: Double = 30, whileRunning: ((pid_t) -> Void)? = nil) -> Run {
        let out = folder.file("out-\(UUID().uuidString)"), err = folder.file("err-\(UUID().uuidString)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let lifeline { posix_spawn_file_actions_adddup2(&actions, lifeline, 3) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([String](["switchboard"]) + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [String](["PATH=/usr/bin:/bin", "HOME=\(folder.path)"]).map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid = pid_t()
        let started = Date()
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
            Issue.record("could not start \(executable)")
            return Run(code: -1, output: "", errors: "", seconds: 0, peakMiB: 0)
        }
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + hardLimit, execute: watchdog)
        whileRunning?(pid)
        // Its peak memory: the high-water mark of its own address space (VmHWM), read every few
        // milliseconds until it ends (it only grows, so the last reading is the peak but for the last
        // moments). Not wait4's ru_maxrss: posix_spawn's child shares this process's memory until its
        // exec, and Linux counts that (the test process's 50 MiB) into the child's maximum.
        var status: Int32 = 0
        var peakKiB = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { break }
            if let kib = Self.highWaterKiB(of: pid) { peakKiB = max(peakKiB, kib) }
            _ = poll(nil, 0, 3)
        }
        watchdog.cancel()
        let seconds = Date().timeIntervalSince(started)
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return Run(code: code, output: text(out), errors: text(err), seconds: seconds, peakMiB: Double(peakKiB) / 1024)
    }

    /// The `VmHWM` of /proc/PID/status: the process's peak resident memory so far, in KiB.
    static func highWaterKiB(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// A data file with ada signed in and a sync account on `server`'s address book, whose password
    /// comes from `command`.
    struct Setup {
        let folder = TempFolder("hostile")
        var path: String { folder.file("data.sqlite3") }
        init(_ server: HostileServer, command: String = "echo pw", url: String? = nil) throws {
            let db = try SQLiteDatabase(path: folder.file("data.sqlite3"))
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
            try accounts.signIn(accountID: ada.id, now: 2)
            try SQLiteSyncStore(database: db).addAccount(accountID: ada.id, url: url ?? server.url, homeURL: server.url + "alice/", username: "alice",
                                                         passwordCommand: command, caFile: nil, books: [(server.bookURL, "Book")])
        }

        /// What a sync may change: the contacts, the cards synced, each book's token and ctag, the problems listed.
        func state() throws -> String {
            let db = try SQLiteDatabase(path: path)
            let sync = SQLiteSyncStore(database: db)
            let contacts = SQLiteContactsStore(database: db, accountID: 1)
            let books = try sync.books(of: 1).map { "\($0.url) \($0.syncToken ?? "-") \($0.ctag ?? "-")" }
            let people = try contacts.allContactIDs().compactMap { try contacts.contact(id: $0) }.map { "\($0.firstName) \($0.lastName)" }
            return (books + people + (try sync.problems().map { "\($0.href): \($0.reason)" })).joined(separator: "\n")
        }
    }

    /// Small limits, so that each case ends in a few seconds.
    static let limits = ["--connect-timeout", "2", "--first-byte-timeout", "2", "--request-timeout", "3", "--sync-timeout", "8",
                         "--max-answer-size", "1M", "--max-card-size", "256K", "--password-timeout", "2"]

    /// One misbehaving server, the command run against it, and what must come of it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var behaviour: HostileServer.Behaviour
        /// `sync add` (discovery) rather than `sync`.
        var add = false
        var extra: [String] = []
        /// What stderr must say.
        var says: String
        /// The limit it runs into, in seconds (0: none; it ends as soon as the answer is read).
        var limit: Double
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "endless chunked 207 (sync)", behaviour: .endless, says: "sent an answer larger than 1 MB (--max-answer-size)", limit: 0),
        Case(name: "endless chunked 207 (sync add)", behaviour: .endless, add: true, says: "sent an answer larger than 1 MB (--max-answer-size)", limit: 0),
        Case(name: "trickle at 2 bytes/s", behaviour: .trickle, says: "was still answering after 3 s (--request-timeout)", limit: 3),
        Case(name: "trickle past the sync's own time", behaviour: .trickle, extra: ["--request-timeout", "60", "--sync-timeout", "2"],
             says: "reached its 2 s (--sync-timeout)", limit: 2),
        Case(name: "accepts and never answers (sync)", behaviour: .silent, says: "sent nothing back for 2 s (--first-byte-timeout)", limit: 2),
        Case(name: "accepts and never answers (sync add)", behaviour: .silent, add: true, says: "sent nothing back for 2 s (--first-byte-timeout)", limit: 2),
        Case(name: "garbage instead of XML", behaviour: .garbage, says: "not well-formed XML", limit: 0),
        Case(name: "500", behaviour: .serverError, says: "HTTP 500", limit: 0),
        Case(name: "HTML instead of XML", behaviour: .html, says: "HTTP 200", limit: 0),
    ]

    @Test(arguments: cases)
    func aServerThatMisbehavesCostsNoMoreThanItsLimit(_ hostile: Case) throws {
        let server = HostileServer(hostile.behaviour, lifetime: .seconds(40))
        defer { server.stop() }
        let setup = try Setup(server)
        let before = try setup.state()
        let command = hostile.add
            ? ["sync", "add", server.url, "--username", "alice", "--password-command", "echo pw", "--addressbook", "all"]
            : ["sync", "--verbose"]
        let run = Self.switchboard(command + ["--db", setup.path] + Self.limits + hostile.extra, in: setup.folder)
        print("hostile server, \(hostile.name): \(run.summary)")
        #expect(run.code == 1, "\(run.output) \(run.errors)")
        #expect(run.errors.contains(hostile.says), "\(run.errors)")
        #expect(run.seconds < hostile.limit + 2.5, "took \(run.seconds) s against a limit of \(hostile.limit) s")
        #expect(run.peakMiB <= 64, "peak RSS \(run.peakMiB) MiB")
        #expect(try setup.state() == before, "nothing in the data file changed")
        if hostile.add { #expect(try SQLiteSyncStore(database: SQLiteDatabase(path: setup.path)).accounts().count == 1, "no account added") }
    }

    @Test func withTheDefaultSizesAnEndlessDiscoveryStopsAt16MB() throws {
        // An answer read whole (discovery's PROPFIND) is held to 16 MB, whatever --max-answer-size says.
        let server = HostileServer(.endless, lifetime: .seconds(40))
        defer { server.stop() }
        let setup = try Setup(server)
        let run = Self.switchboard(["sync", "add", server.url, "--username", "alice", "--password-command", "echo pw", "--addressbook", "all",
                                    "--db", setup.path, "--request-timeout", "20"], in: setup.folder)
        print("hostile server, endless chunked 207 (sync add, default sizes): \(run.summary)")
        #expect(run.code == 1 && run.seconds < 10, "\(run.seconds) s")
        #expect(run.errors.contains("sent an answer larger than 16 MB where a CardDAV server sends a few kilobytes"), "\(run.errors)")
        #expect(run.errors.contains("check the address"))
        #expect(run.peakMiB <= 64, "peak RSS \(run.peakMiB) MiB")
    }

    @Test func aCardPastItsSizeIsLeftOnTheServerAndListedTheRestComesIn() throws {
        let server = HostileServer(.hugeCard(cardBytes: 2 << 20), lifetime: .seconds(40))
        defer { server.stop() }
        let setup = try Setup(server)
        let run = Self.switchboard(["sync", "--db", setup.path] + Self.limits + ["--max-answer-size", "4M"], in: setup.folder)
        print("hostile server, a 2 MB card: \(run.summary)")
        #expect(run.code == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("↓ 1 new, 0 changed, 0 deleted"), "\(run.output)")
        #expect(run.errors.contains("/alice/book/huge.vcf: the card is 2 MB, over the 256 KB allowed (--max-card-size) (left on the server as it is)"), "\(run.errors)")
        #expect(run.peakMiB <= 64, "peak RSS \(run.peakMiB) MiB")
        let state = try setup.state()
        #expect(state.contains("Ada Lovelace") && !state.contains("Huge"))
        #expect(state.contains("/alice/book/huge.vcf: the card is 2 MB, over the 256 KB allowed (--max-card-size)"))
    }

    @Test func aPasswordCommandThatNeverReturnsIsKilledAtItsDeadline() throws {
        let server = HostileServer(.serverError, lifetime: .seconds(20))
        defer { server.stop() }
        let setup = try Setup(server, command: "sleep 30")
        let before = try setup.state()
        let synced = Self.switchboard(["sync", "--db", setup.path] + Self.limits, in: setup.folder)
        print("password command that never returns (sync): \(synced.summary)")
        #expect(synced.code == 1 && synced.seconds < 4.5, "\(synced.seconds) s")
        #expect(synced.errors.contains("--password-command did not finish within 2 s and was stopped"), "\(synced.errors)")
        let added = Self.switchboard(["sync", "add", server.url, "--username", "alice", "--password-command", "sleep 30", "--addressbook", "all",
                                      "--db", setup.path] + Self.limits, in: setup.folder)
        print("password command that never returns (sync add): \(added.summary)")
        #expect(added.code == 1 && added.seconds < 4.5, "\(added.seconds) s")
        #expect(added.errors.contains("--password-timeout SECONDS"), "\(added.errors)")
        #expect(server.requests.isEmpty, "nothing was sent without a password")
        #expect(try setup.state() == before)
    }

    @Test func theSyncEndsAtOnceWhenItsLifelineCloses() throws {
        // The app's end, as the child sees it: the pipe whose write end only the app holds closes.
        let server = HostileServer(.silent, lifetime: .seconds(30))
        defer { server.stop() }
        let setup = try Setup(server)
        let bytes = { try Data(contentsOf: URL(fileURLWithPath: setup.path)) + ((try? Data(contentsOf: URL(fileURLWithPath: setup.path + "-wal"))) ?? Data()) }
        let before = try bytes()
        var life: [Int32] = [-1, -1]
        #expect(pipe(&life) == 0)
        for fd in life { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) } // no other program gets either end (dup2 gives this child its own)
        var closedAt = Date()
        let run = Self.switchboard(["sync", "--db", setup.path, "--first-byte-timeout", "60", "--lifeline-fd", "3"], in: setup.folder, lifeline: life[0]) { _ in
            close(life[0])
            // Once the request is out (the server has it), the app goes.
            let waitUntil = Date().addingTimeInterval(10)
            while server.requests.isEmpty && Date() < waitUntil { usleep(10_000) }
            closedAt = Date()
            close(life[1])
        }
        let afterClose = Date().timeIntervalSince(closedAt)
        print("lifeline closed while the server was silent: exit \(run.code) \(String(format: "%.2f", afterClose)) s after")
        #expect(!server.requests.isEmpty)
        #expect(run.code == 3 && afterClose < 1, "exit \(run.code), \(afterClose) s after the app went")
        #expect(try bytes() == before, "nothing was written to the data file")
    }

    @Test func anAddressWithAPasswordInItIsRefusedAndNeverStoredNorPrinted() throws {
        let server = HostileServer(.serverError, lifetime: .seconds(20))
        defer { server.stop() }
        let setup = try Setup(server)
        let secret = "alice%20pw"
        let withPassword = "http://alice:\(secret)@127.0.0.1:\(server.port)/"
        let added = Self.switchboard(["sync", "add", withPassword, "--username", "alice", "--password-command", "echo pw", "--verbose",
                                      "--addressbook", "all", "--db", setup.path], in: setup.folder)
        #expect(added.code == 2)
        #expect(added.errors.contains("switchboard sync add \(server.url) --username alice"), "says what to type: \(added.errors)")
        #expect(!(added.output + added.errors).contains(secret) && !(added.output + added.errors).contains("alice pw"))
        #expect(server.requests.isEmpty, "nothing sent")
        let accounts = try SQLiteSyncStore(database: SQLiteDatabase(path: setup.path)).accounts()
        #expect(accounts.count == 1 && !accounts.contains { $0.url.contains(secret) }, "no row holds it")
        // Only a user name in it: refused too, the user name suggested.
        let withUser = Self.switchboard(["sync", "add", "http://bob@127.0.0.1:\(server.port)/dav/", "--username", "alice",
                                         "--db", setup.path], in: setup.folder)
        #expect(withUser.code == 2 && withUser.errors.contains("switchboard sync add http://127.0.0.1:\(server.port)/dav/ --username bob"), "\(withUser.errors)")
        // An account stored with one before such addresses were refused: no message or --verbose line shows it.
        let old = try Setup(server, url: withPassword)
        let synced = Self.switchboard(["sync", "--verbose", "--db", old.path] + Self.limits, in: old.folder)
        #expect(synced.code == 1 && synced.errors.contains("alice at \(server.url)"), "\(synced.errors)")
        #expect(!(synced.output + synced.errors).contains(secret), "\(synced.output)\(synced.errors)")
    }

    @Test func limitsAreReadAsWrittenAndBadOnesAreUsageErrors() throws {
        let parsed = try SyncCommand.parse(["--connect-timeout", "1.5", "--first-byte-timeout=30", "--request-timeout", "90",
                                            "--sync-timeout", "7200", "--max-answer-size", "64M", "--max-card-size", "512K", "--password-timeout", "5"])
        #expect(parsed.limits.server.connectTimeout == .milliseconds(1500) && parsed.limits.server.firstByteTimeout == .seconds(30))
        #expect(parsed.limits.server.requestTimeout == .seconds(90) && parsed.limits.server.passTimeout == .seconds(7200))
        #expect(parsed.limits.server.maximumAnswerBytes == 64 << 20 && parsed.limits.server.maximumCardBytes == 512 << 10)
        #expect(parsed.limits.passwordTimeout == .seconds(5))
        for bad in [["--connect-timeout", "0"], ["--connect-timeout", "soon"], ["--request-timeout", "-1"], ["--max-card-size", "12X"],
                    ["--max-answer-size", "0"], ["--max-answer-size", "99G"], ["--sync-timeout", "1.2345"]] {
            #expect(throws: UsageError.self, "\(bad)") { try SyncCommand.parse(bad) }
        }
        for flag in SyncLimitArguments.flags { #expect(SyncCommand.help.contains(flag), "sync --help names \(flag)") }
    }
}
