import App
import Storage
import TUIKit
#if canImport(Glibc)
import Glibc
#endif

/// The friends popup with 1,000,000 friends: the whole app on a 100x30
/// virtual screen, signed in, animations off. Times F (popup, first page
/// included) to its frame, each Down, each End (which reaches the last loaded
/// friend and loads the next page), and scrolls the whole list with End to
/// report memory. `switchboard-bench friends`.
@MainActor
enum FriendsBenchmark {
    static func run() { run(count: 1_000_000) }

    static func run(count: Int) {
        let file = BenchFile(name: "friends")
        defer { file.remove() }
        let path = file.path
        do {
            let took = try file.make { db, account throws(StorageError) in
                var generator = ContactGenerator(seed: 7)
                try SQLiteContactsStore(database: db, accountID: account.id).addMany(count: count, generator: &generator, friendPercent: 100)
            }
            print("friends \(count): populated (all friends) in \(Measurement.milliseconds(took) / 1000) s")
        } catch {
            print("friends \(count): \(error)")
            return
        }
        _ = returnFreeMemoryForFriends(0)
        print("friends \(count): RSS before opening the file: \(ContactsBenchmark.residentMemoryMB()) MiB")
        fflush(nil)

        let screen = VirtualApp(databasePath: path, label: "friends \(count)")
        let terminal = screen.terminal
        func timed(_ script: String) -> Duration { screen.timed(script) }
        var open = Measurement(name: "friends \(count): F to the popup's frame, first page included (100x30)")
        for round in 0..<12 {
            let t = timed("F")
            guard terminal.text.contains("\(count) friends") else {
                print("friends \(count): the popup did not open:\n\(terminal.text)")
                return
            }
            if round > 1 { open.samples.append(t) }
            _ = timed("Esc")
        }
        open.report(target: 30)

        _ = timed("F")
        var down = Measurement(name: "friends \(count): Down, key to frame")
        for i in 0..<2_000 {
            let t = timed("Down")
            if i >= 20 { down.samples.append(t) }
        }
        down.report(target: 1)
        print("friends \(count): RSS after 2,000 Downs: \(ContactsBenchmark.residentMemoryMB()) MiB")

        var end = Measurement(name: "friends \(count): End, key to frame (the next page of 100 loaded on the way)")
        let presses = count / 100 + 2 // pages of 100: every friend, and two more to hear there is no more
        let scrollStart = ContinuousClock.now
        var rss: [(Int, Double)] = []
        for press in 1...presses {
            let t = timed("End")
            if press > 20 { end.samples.append(t) }
            if [100, 1_000, 5_000].contains(press) { rss.append((press, ContactsBenchmark.residentMemoryMB())) }
        }
        let scroll = Measurement.milliseconds(ContinuousClock.now - scrollStart) / 1000
        end.report(target: 10)
        for (n, mb) in rss { print("friends \(count): RSS after \(n) Ends (\(n * 100) friends loaded): \(mb) MiB") }
        print("friends \(count): scrolled the whole list with \(presses) Ends in \(scroll) s; RSS at the end: \(ContactsBenchmark.residentMemoryMB()) MiB")
        print("friends \(count): the popup at the end:\n" + terminal.text.split(separator: "\n").prefix(12).joined(separator: "\n"))
    }
}

@_silgen_name("malloc_trim") private func returnFreeMemoryForFriends(_ pad: Int) -> Int32
