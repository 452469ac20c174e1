import AppServices
import TestSupport
import Testing
@testable import App

/// The app reads what its sync child prints line by line (`SyncChildLine(line:)`), and the data's
/// kept last errors with the same fields (`SyncFailure(encoded:)`). Fuzzed with a seed from the
/// protocol's own lines, cut, spliced and filled with hostile text: a line is read whole or not
/// at all (nil), never half; what is read writes back to a line that reads the same; App makes a
/// sentence of every failure read.
@MainActor
@Suite struct SyncChildLineFuzzTests {
    /// One line of each kind the protocol writes, every failure among them (a lock wait's cause too).
    static let valid: [String] = SyncFailureTests.every.map { SyncChildLine.error($0.0).text } + [
        SyncChildLine.book(url: "https://dav.example.com/ada/work/", name: "Work"), .added(books: ["Work", "Home"]),
        .progress(done: 300, total: 2000), .sent(12), .summary("↓ 12 new, 3 changed, 1 deleted · ↑ 2 sent · 1 conflict"),
        .wipe(book: "Contacts", deleting: 60, of: 60),
    ].map(\.text)

    /// Words the protocol uses, to put where another was.
    static let words = ["book", "added", "progress", "sent", "summary", "error", "wipe", "storage", "server", "account", "noAccount",
                        "lockWait", "lockHeld", "sqlite:11", "sqlState:55P03", "sqlite:x", "busy", "file", "memory", "unknown", "other",
                        "noDataFile", "stopped", "-1", "0", "", "99999999999999999999", "5s", "\r", " 7", "+7", "0x7"]

    /// `fields` changed once: a field replaced, added, dropped or doubled.
    static func mutate(_ fields: inout [String], _ random: inout SeededGenerator) {
        let at = fields.isEmpty ? 0 : Int.random(in: 0..<fields.count, using: &random)
        let text = Bool.random(using: &random) ? words.randomElement(using: &random)! : HostileText.value(&random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where !fields.isEmpty: fields[at] = text
        case 1: fields.insert(text, at: at)
        case 2 where !fields.isEmpty: fields.remove(at: at)
        case 3: fields += fields.suffix(Int.random(in: 1...4, using: &random))
        default: fields.append(text)
        }
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func aHostileLineIsReadWholeOrNotAtAll(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var read = 0
        for _ in 0..<4000 {
            var fields = Self.valid.randomElement(using: &random)!.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if Bool.random(using: &random), fields.count > 2 {
                // The line's shape kept, a value hostile: most such lines are read.
                fields[Int.random(in: 2..<fields.count, using: &random)] = HostileText.value(&random)
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &random) { Self.mutate(&fields, &random) }
            }
            // The app's pipe hands it lines: what a field's line break starts is a line of its own.
            for line in fields.joined(separator: "\t").split(separator: "\n", omittingEmptySubsequences: false) {
                guard let parsed = SyncChildLine(line: line) else { continue }
                read += 1
                let written = parsed.text
                #expect(!written.contains("\n"), "\(line)")
                guard let again = SyncChildLine(line: written) else { Issue.record("read, but not as written: \(line) → \(written)"); continue }
                #expect(SyncChildLine(line: again.text) == again, "\(line)")
                if case .error(let failure) = again {
                    #expect(SyncFailure(encoded: failure.encoded) == failure, "\(failure.encoded)")
                    _ = failure.message(during: [.sync, .asking, .adding].randomElement(using: &random)!)
                }
            }
        }
        #expect(read > 800, "the mutations left too few lines the protocol reads: \(read)")
    }

    /// A line as long as a pipe gives, of failures inside failures: read in one go, not deeper than the protocol writes.
    @Test func aLineOfFailuresInsideFailuresIsRefused() {
        let deep = "error" + String(repeating: "\taccount\tu\thttps://x/", count: 50_000) + "\tpasswordNotTyped"
        #expect(SyncChildLine(line: deep) == nil)
        #expect(SyncFailure(encoded: String(deep.dropFirst(6))) == .other(String(deep.dropFirst(6))))
        #expect(SyncChildLine(line: "error\taccount\tu\thttps://x/\tpasswordNotTyped") == .error(.account(user: "u", url: "https://x/", .passwordNotTyped)))
    }
}
