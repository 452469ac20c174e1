import AppServices
import TUIKit

/// Sync in the app: reads the sync tables (on the main loop: a file answers at once; a shared
/// directory's as jobs off the main loop, `reads`) and runs
/// the network work as `switchboard sync …` child processes, never in this process, so a key is
/// never held up and libcurl and libxml2 are never loaded here. A pass runs on a timer (the
/// "Sync every" setting) and on a key; one at a time. The passwords typed in the app are kept
/// here, for this run only, and handed to each child on its standard input.
@MainActor
final class SyncCenter {
    /// What the screens show; changes as the child reports and when the tables are read again.
    let activity = Observable(SyncActivity())
    private let processes: any SyncProcessStarting
    private let scheduler: Scheduler
    /// Who is signed in now (nil: nobody: nothing runs).
    private let account: () -> Account?
    /// Passwords typed in the app, by sync account id: this run only, never written anywhere.
    private var passwords: [Int64: String] = [:]
    private var running: SyncProcessHandle?
    /// A pass asked for while one runs: it runs once that one ends.
    private var wanted = false
    private var timer: Timer?
    private(set) var intervalMinutes = 0
    /// Called after a pass ended (the screens on view read their data again).
    var onPassEnded: (() -> Void)?
    /// Keeps the window's status text following `activity`.
    var statusObserver: ObserverProtocol?
    /// Where the tables are read: off the main loop on a shared directory (once its work is
    /// open), at once on a file; asked at each read.
    let reads: () -> ServiceWork<any SyncStatusService>?
    /// A pass asked for before the accounts were first read (off the main loop): it runs once they are.
    private var syncAfterRead = false

    init(reads: @escaping () -> ServiceWork<any SyncStatusService>?, processes: any SyncProcessStarting, scheduler: Scheduler,
         account: @escaping () -> Account?) {
        self.reads = reads
        self.processes = processes
        self.scheduler = scheduler
        self.account = account
    }

    /// Reads the accounts, their books, pending changes and conflicts again from the data file
    /// (a shared directory's off the main loop: `then` runs once they are in).
    func readAgain(then: (() -> Void)? = nil) {
        guard let account = account() else { activity.value = SyncActivity(); then?(); return }
        guard let work = reads() else { then?(); return }
        // No sync account, no conflicts (they go with their books, and the books with their
        // account): the conflicts are not read then (the first read of them, at start, ~0.2M
        // instructions before the home is drawn).
        if let status = work.inlineService {
            let accounts = try? status.syncAccounts(of: account.id)
            take(accounts: accounts, conflicts: accounts?.isEmpty == true ? 0 : try? status.syncConflicts(of: account.id).count)
            then?()
            return
        }
        let id = account.id
        work.run({ status throws(ServiceError) in
            let accounts = try status.syncAccounts(of: id)
            return (accounts, accounts.isEmpty ? 0 : try status.syncConflicts(of: id).count)
        }, then: { [weak self] result in
            guard let self, self.account()?.id == id else { return }
            if case .success(let read) = result { self.take(accounts: read.0, conflicts: read.1) }
            if self.syncAfterRead {
                self.syncAfterRead = false
                if self.activity.value.isSetUp { self.syncNow() }
            }
            then?()
        })
    }

    /// What a read found (nil: it failed, and what was read before stays).
    private func take(accounts: [SyncAccountStatus]?, conflicts: Int?) {
        var next = activity.value
        next.accounts = accounts ?? next.accounts
        next.conflicts = conflicts ?? next.conflicts
        if next != activity.value { activity.value = next }
        settleTimer()
    }

    /// Whether the tables are read off the main loop (their answer comes later).
    private var readsLater: Bool { reads().map { $0.inlineService == nil } ?? false }

    /// Whether the account has a password for this run (from a command, or typed in the app).
    func hasPassword(for account: SyncAccountStatus) -> Bool {
        account.hasPasswordCommand || passwords[account.id] != nil
    }

    /// Keeps a password typed in the app for this run.
    func remember(password: String, for syncAccountID: Int64) { passwords[syncAccountID] = password }

    /// Forgets everything of the person who signed out (the passwords typed above all).
    func signedOut() {
        passwords.removeAll()
        timer?.cancel()
        timer = nil
        wanted = false
        activity.value = SyncActivity()
    }

    /// Runs a pass every `minutes` (0: only on a key).
    /// Only while an account is set up: an app with no CardDAV account never wakes for the timer
    /// (issue 51); the timer starts when the first account is read, and stops with the last.
    func setInterval(minutes: Int) {
        guard minutes != intervalMinutes || (timer == nil && minutes > 0) else { return }
        intervalMinutes = minutes
        timer?.cancel()
        timer = nil
        settleTimer()
    }

    /// Starts the timer where it is wanted (an interval, an account) and is not running; stops it
    /// where it is not wanted.
    private func settleTimer() {
        let wanted = intervalMinutes > 0 && activity.value.isSetUp
        guard wanted != (timer != nil) else { return }
        timer?.cancel()
        timer = nil
        guard wanted else { return }
        timer = scheduler.every(.seconds(60 * intervalMinutes)) { [weak self] _ in
            guard let self else { return }
            self.readAgain()
            if self.activity.value.isSetUp { self.syncNow() }
        }
    }

    /// Whether the sync timer is running (tests: an idle app without accounts has none).
    var hasTimer: Bool { timer != nil }

    /// Starts a pass of every account now (once the one under way ends, if one is). `allowingWipe`:
    /// the person said to delete here the contacts an address book lost on the server (`sync --allow-wipe`).
    func syncNow(allowingWipe: Bool = false) {
        guard let account = account() else { return }
        if activity.value.accounts.isEmpty {
            if readsLater { syncAfterRead = true; readAgain(); return }
            readAgain()
        }
        guard activity.value.isSetUp else { return }
        guard running == nil else { wanted = true; return }
        var next = activity.value
        next.isRunning = true
        next.progress = nil
        next.sent = 0
        next.failures = []
        next.wipe = nil
        activity.value = next
        let input = passwords.map { "\($0.key)\t\($0.value)\n" }.joined()
        running = processes.start(["sync", "--progress", "--passwords-on-stdin", "--user", account.username] + (allowingWipe ? ["--allow-wipe"] : []),
                                  input: input,
                                  onLine: { [weak self] line in self?.take(line) },
                                  onExit: { [weak self] code in self?.passEnded(code) })
    }

    private func take(_ line: SyncChildLine) {
        var next = activity.value
        switch line {
        case .progress(let done, let total): next.progress = (done, total)
        case .sent(let count): next.sent = count
        case .summary(let text): next.lastSummary = text
        case .error(let failure): next.failures.append(failure)
        case .wipe(let book, let deleting, let of): next.wipe = SyncWipe(book: book, deleting: deleting, of: of)
        case .book, .added: break
        }
        if next != activity.value { activity.value = next }
    }

    private func passEnded(_ code: Int32?) {
        running = nil
        var next = activity.value
        next.isRunning = false
        next.progress = nil
        if code != 0, next.failures.isEmpty { next.failures = [.stopped(exitCode: code)] }
        activity.value = next
        readAgain()
        onPassEnded?()
        if wanted {
            wanted = false
            syncNow()
        }
    }

    // MARK: Set-up

    /// What the set-up form typed.
    struct Server: Equatable {
        var url: String
        var username: String
        /// Typed in the app (kept for this run), or nil when `passwordCommand` gives it.
        var password: String?
        var passwordCommand: String?
        var caFile: String?

        var arguments: [String] {
            ["--username", username] + (passwordCommand.map { ["--password-command", $0] } ?? [])
                + (caFile.map { ["--ca-file", $0] } ?? [])
        }
        var input: String { passwordCommand == nil ? (password ?? "") + "\n" : "" }
    }

    /// Finds the server's address books (a child `sync add --list-addressbooks`): `done` gets
    /// them (URL and name), or why not. The child is returned, to end it early (Esc).
    @discardableResult
    func discover(_ server: Server, then done: @escaping @MainActor (Result<[(url: String, name: String)], SyncFailure>) -> Void) -> SyncProcessHandle {
        var books: [(url: String, name: String)] = []
        var error: SyncFailure?
        return processes.start(["sync", "add", server.url, "--list-addressbooks", "--progress", "--passwords-on-stdin"] + server.arguments,
                            input: server.input,
                            onLine: { line in
                                switch line {
                                case .book(let url, let name): books.append((url, name))
                                case .error(let failure): error = failure
                                default: break
                                }
                            },
                            onExit: { code in
                                if let error { done(.failure(error)); return }
                                guard code == 0 else { done(.failure(.stopped(exitCode: code))); return }
                                guard !books.isEmpty else { done(.failure(.noAddressBooks)); return }
                                done(.success(books))
                            })
    }

    /// Stores the account with the address books chosen (their URLs) (a child `sync add`), keeps
    /// a typed password for this run, and starts the first sync. The child is returned, to end it early (Esc).
    @discardableResult
    func add(_ server: Server, books: [String], then done: @escaping @MainActor (SyncFailure?) -> Void) -> SyncProcessHandle {
        var error: SyncFailure?
        let before = Set(activity.value.accounts.map(\.id))
        let choice = books.count == 1 ? books[0] : "all"
        return processes.start(["sync", "add", server.url, "--addressbook", choice, "--progress", "--passwords-on-stdin"] + server.arguments
                            + (account().map { ["--user", $0.username] } ?? []),
                            input: server.input,
                            onLine: { line in if case .error(let failure) = line { error = failure } },
                            onExit: { [weak self] code in
                                guard let self else { return }
                                if let error { done(error); return }
                                guard code == 0 else { done(.stopped(exitCode: code)); return }
                                self.readAgain { [weak self] in
                                    guard let self else { return }
                                    if let password = server.password, server.passwordCommand == nil,
                                       let added = self.activity.value.accounts.last(where: { !before.contains($0.id) }) {
                                        self.passwords[added.id] = password
                                    }
                                    done(nil)
                                    self.syncNow()
                                }
                            })
    }
}

