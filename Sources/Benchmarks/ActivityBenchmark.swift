import AppServices
import App
import Storage
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Activity screen with 1,000,000 events: the whole app on a 100x30
/// virtual screen, signed in, animations off. Times ^T (the screen, first
/// page included) to its frame, each Down, each PgDn, and End (the next page
/// loaded on the way). `switchboard-bench activity`.
@MainActor
enum ActivityBenchmark {
    static func run() { run(count: 1_000_000) }

    static func run(count: Int) {
        let file = BenchFile(name: "activity")
        defer { file.remove() }
        let path = file.path
        do {
            let took = try file.make { db, account throws(ServiceError) in
                try SQLiteActivityStore(database: db, accountID: account.id).addGenerated(count: count, endingAt: Int64(time(nil)))
            }
            print("activity \(count): \(count) events written in \(Measurement.milliseconds(took) / 1000) s")
        } catch {
            print("activity \(count): \(error)")
            return
        }
        fflush(nil)
        let screen = VirtualApp(databasePath: path, label: "activity \(count)")
        let terminal = screen.terminal
        func timed(_ script: String) -> Duration { screen.timed(script) }
        var open = Measurement(name: "activity \(count): ^T to the Activity frame, first page included (100x30)")
        for round in 0..<12 {
            let t = timed("C-t")
            guard terminal.text.contains("Event ") else { print("activity \(count): did not open:\n\(terminal.text)"); return }
            if round > 1 { open.samples.append(t) }
            _ = timed("Esc")
        }
        open.report(target: 30)
        _ = timed("C-t")
        var down = Measurement(name: "activity \(count): Down, key to frame")
        for i in 0..<2_000 { let t = timed("Down"); if i >= 20 { down.samples.append(t) } }
        down.report(target: 1)
        var pageDown = Measurement(name: "activity \(count): PgDn, key to frame")
        for i in 0..<500 { let t = timed("PgDn"); if i >= 20 { pageDown.samples.append(t) } }
        pageDown.report(target: 1)
        var end = Measurement(name: "activity \(count): End, key to frame (the next page of 100 loaded on the way)")
        for i in 0..<2_000 { let t = timed("End"); if i >= 20 { end.samples.append(t) } }
        end.report(target: 1)
        // Type-ahead: each letter of "event 4…" is one range of the subject index.
        var seek = Measurement(name: "activity \(count): type-ahead letter, key to frame (one seek of the subject index)")
        for round in 0..<100 {
            _ = timed("wait:1100ms")
            for c in "event \(round * 9_973 % count)" {
                let t = timed(c == " " ? "Space" : "\"\(c)\"")
                if round >= 10 { seek.samples.append(t) }
            }
        }
        seek.report(target: 5)
        print("activity \(count): after type-ahead:\n" + terminal.text.split(separator: "\n").prefix(6).joined(separator: "\n"))
        print("activity \(count): RSS after the scrolling: \(ContactsBenchmark.residentMemoryMB()) MiB")
        print("activity \(count): the screen:\n" + terminal.text.split(separator: "\n").prefix(6).joined(separator: "\n"))
    }
}
