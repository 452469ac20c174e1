import AppServices
import App
import Storage
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The friends popup with 1,000,000 friends: the whole app on a 100x30
/// virtual screen, signed in, animations off. Times F (popup, first page
/// included) to its frame, each Down, End and Home (each reads the list's
/// last or first page by one keyset seek), and Up and PgUp from the end
/// (reading backwards), with memory on the way. `switchboard-bench friends`.
@MainActor
enum FriendsBenchmark {
    static func run() { run(count: 1_000_000) }

    /// `size`: the virtual screen.
    static func run(count: Int, size: Size = Size(width: 100, height: 30)) {
        let file = BenchFile(name: "friends")
        defer { file.remove() }
        let path = file.path
        do {
            let took = try file.make { db, account throws(ServiceError) in
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

        let screen = VirtualApp(databasePath: path, size: size, label: "friends \(count)")
        let terminal = screen.terminal
        func timed(_ script: String) -> Duration { screen.timed(script) }
        var open = Measurement(name: "friends \(count): F to the popup's frame, first page included (\(size.width)x\(size.height))")
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
        var down = Measurement(name: "friends \(count): Down, key to frame (\(size.width)x\(size.height))")
        for i in 0..<2_000 {
            let t = timed("Down")
            if i >= 20 { down.samples.append(t) }
        }
        down.report(target: 1)
        print("friends \(count): RSS after 2,000 Downs: \(ContactsBenchmark.residentMemoryMB()) MiB")

        // End and Home jump to the list's true ends: one keyset seek each, the page read on the next turn inside the timed key.
        var end = Measurement(name: "friends \(count): End from the top, key to frame with the last page (the last friend selected)")
        var home = Measurement(name: "friends \(count): Home from the end, key to frame with the first page")
        for round in 0..<220 {
            let e = timed("End")
            let h = timed("Home")
            if round >= 20 { end.samples.append(e); home.samples.append(h) }
        }
        end.report(target: 5)
        home.report(target: 5)
        // Type-ahead: each letter is one keyset seek to the first name with the prefix typed so far.
        var seek = Measurement(name: "friends \(count): type-ahead letter, key to frame (one seek, the page read on the next turn)")
        let letters = Array("abcdefghijklmnoprstuvwyz")
        for round in 0..<220 {
            _ = timed("wait:1100ms") // past the type-ahead pause: the next letter starts a new prefix
            let first = timed("\"\(letters[round % letters.count])\"")
            let second = timed("\"\(letters[(round * 7 + 3) % letters.count])\"")
            if round >= 20 { seek.samples += [first, second] }
        }
        seek.report(target: 5)
        print("friends \(count): after type-ahead:\n" + terminal.text.split(separator: "\n").prefix(8).joined(separator: "\n"))
        _ = timed("Home")
        _ = timed("End")
        let last = terminal.text
        var up = Measurement(name: "friends \(count): Up from the end, key to frame (a page read backwards every 100)")
        var pgUp = Measurement(name: "friends \(count): PgUp from the end, key to frame")
        let scrollStart = ContinuousClock.now
        for i in 0..<5_000 {
            let t = timed("Up")
            if i >= 20 { up.samples.append(t) }
        }
        for i in 0..<2_000 {
            let t = timed("PgUp")
            if i >= 20 { pgUp.samples.append(t) }
        }
        let scroll = Measurement.milliseconds(ContinuousClock.now - scrollStart) / 1000
        up.report(target: 1)
        pgUp.report(target: 1)
        print("friends \(count): 5,000 Ups and 2,000 PgUps from the end in \(scroll) s; RSS then: \(ContactsBenchmark.residentMemoryMB()) MiB")
        print("friends \(count): the popup after End:\n" + last.split(separator: "\n").prefix(12).joined(separator: "\n"))
    }
}

@_silgen_name("malloc_trim") private func returnFreeMemoryForFriends(_ pad: Int) -> Int32
