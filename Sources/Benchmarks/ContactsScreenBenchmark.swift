import App
import Storage
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The contacts screens as a person meets them: the whole app on a 100x30
/// virtual screen, signed in to a populated file; the time from the key that
/// opens the contact list to its drawn frame, and from each search keystroke
/// to its frame. Animations are off: what is timed is the work, not a slide.
@MainActor
enum ContactsScreenBenchmark {
    static func run(count: Int, databasePath path: String) {
        let screen = VirtualApp(databasePath: path, label: "contacts screen \(count)")
        let terminal = screen.terminal
        func press(_ script: String) { screen.timed(script) }
        func timed(_ script: String) -> Duration { screen.timed(script) }
        guard terminal.text.contains("Signed in as") else {
            print("contacts screen \(count): did not reach the main screen:\n\(terminal.text)")
            return
        }
        var open = Measurement(name: "contacts screen \(count): Enter on Contacts to the list's frame (100x30)")
        var keystroke = Measurement(name: "contacts screen \(count): search keystroke to frame, typing “lovelace”")
        press("Down")
        var searched = ""
        for round in 0..<12 {
            let opening = timed("Enter")
            guard terminal.text.contains("Contacts (") else {
                print("contacts screen \(count): the list did not open:\n\(terminal.text)")
                return
            }
            press("/")
            for ch in "lovelace" {
                let t = timed("\"\(ch)\"")
                if round > 1 { keystroke.samples.append(t) }
            }
            if round > 1 { open.samples.append(opening) }
            searched = terminal.text
            // Esc clears the search, then leaves the field, then the list: back to the main screen.
            for _ in 0..<3 where !terminal.text.contains("Signed in as") { press("Esc") }
        }
        open.report(target: 30)
        keystroke.report(target: 10)
        // End and Home on the whole list: the last rows are read from the end, not past a million others.
        var end = Measurement(name: "contacts screen \(count): End on the whole list, key to frame")
        var home = Measurement(name: "contacts screen \(count): Home from the end, key to frame")
        _ = timed("Enter")
        for round in 0..<50 {
            let e = timed("End"), h = timed("Home")
            if round >= 5 { end.samples.append(e); home.samples.append(h) }
        }
        end.report(target: 10)
        home.report(target: 10)
        press("Esc")
        print("contacts screen \(count): RSS after the screens: \(ContactsBenchmark.residentMemoryMB()) MiB")
        print("contacts screen \(count): the screen after typing:\n" + searched.split(separator: "\n").prefix(8).joined(separator: "\n"))
    }
}
