import Foundation

/// A PostgreSQL cluster of one test's own (`.ci/postgres start` in a temporary folder), for the
/// faults that cannot be played on the shared test server without hurting the tests beside it:
/// the server stopped and started again, or hung (SIGSTOP) and let go. Stopped and removed when
/// released. Needs what the shared server needs (Debian's postgresql, root to run it as
/// `postgres`): it is made only where `PostgresTestServer.isAvailable`.
final class PrivatePostgresCluster: Sendable {
    /// The folder the cluster lives in (`.ci/postgres`'s DIR).
    let folder: String
    /// The connection string of its `switchboard` role and database.
    let url: String

    /// Makes and starts the cluster (some seconds: initdb and the TLS certificates).
    init() throws {
        folder = NSTemporaryDirectory() + "switchboard-private-pg-" + UUID().uuidString.prefix(8)
        url = try Self.script(["start", folder]).split(separator: "\n").last.map(String.init) ?? ""
        guard url.hasPrefix("postgresql://") else { throw Failure(text: "`.ci/postgres start` printed no URL") }
    }

    /// Stops the server, waits `seconds` (0: starts it again at once), starts it; returns once it answers.
    func restart(downFor seconds: Int) throws { _ = try Self.script(["restart", folder, String(seconds)]) }
    /// Stops every process of the server (SIGSTOP): connections stay open, nothing answers.
    func hang() throws { _ = try Self.script(["hang", folder]) }
    /// Lets a hung server go on (SIGCONT).
    func resume() throws { _ = try Self.script(["resume", folder]) }

    deinit { _ = try? Self.script(["stop", folder]) }

    struct Failure: Error, CustomStringConvertible { let text: String; var description: String { text } }

    /// The repository's `.ci/postgres` (this file is Tests/StorageTests/ in it).
    private static let command = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".ci/postgres").path

    /// Runs `.ci/postgres ARGS`; its standard output, or a failure with what it said. Spawned
    /// and waited for by hand (posix_spawn, waitpid), its output through files: the server it
    /// starts keeps every descriptor it was given, so neither a pipe nor Foundation's `Process`
    /// (which watches a descriptor of its own for the end) would ever see it finish.
    private static func script(_ arguments: [String]) throws -> String {
        let out = NSTemporaryDirectory() + "switchboard-pg-script-" + UUID().uuidString
        defer { unlink(out + ".out"); unlink(out + ".err") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, out + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = (["/bin/bash", command] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(text: "could not run .ci/postgres: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let printed = FileManager.default.contents(atPath: out + ".out") ?? Data()
        let said = FileManager.default.contents(atPath: out + ".err") ?? Data()
        guard status == 0 else {
            throw Failure(text: ".ci/postgres \(arguments.joined(separator: " ")) failed: " + String(decoding: said, as: UTF8.self))
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
