import App
import Storage
import TUIKit
#if canImport(Glibc)
import Glibc
#endif

/// The contacts screens as a person meets them: the whole app on a 100x30
/// virtual screen, signed in to a populated file; the time from the key that
/// opens the contact list to its drawn frame, and from each search keystroke
/// to its frame. Animations are off: what is timed is the work, not a slide.
@MainActor
enum ContactsScreenBenchmark {
    static func run(count: Int, databasePath path: String) {
        Animator.animationsEnabled = false
        defer { Animator.animationsEnabled = true }
        let terminal = VirtualTerminal(size: Size(width: 100, height: 30))
        let app = Application(terminal: terminal)
        var configuration = AppConfiguration(databasePath: path)
        configuration.splashDuration = .zero
        configuration.passwordCost = 1
        let switchboard = SwitchboardApp(application: app, configuration: configuration)
        app.renderFrame()
        func press(_ script: String) {
            do {
                try terminal.enqueue(script: script)
                try app.run()
            } catch {
                print("contacts screen \(count): \(script): \(error)")
            }
        }
        func timed(_ script: String) -> Duration {
            let start = ContinuousClock.now
            press(script)
            return ContinuousClock.now - start
        }
        press("wait:1s")
        Animator.animationsEnabled = false // the signed-in user's settings turned them on at start
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
            press("Esc Esc") // leave the field, then the list
        }
        open.report(target: 30)
        keystroke.report(target: 10)
        print("contacts screen \(count): RSS after the screens: \(ContactsBenchmark.residentMemoryMB()) MiB")
        print("contacts screen \(count): the screen after typing:\n" + searched.split(separator: "\n").prefix(8).joined(separator: "\n"))
        _ = switchboard
    }
}
