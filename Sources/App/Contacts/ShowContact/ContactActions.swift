import AppServices
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the card's actions need from outside the app: the terminal's clipboard, and other
/// programs run with the terminal handed over to them. The tests give a spy.
@MainActor
protocol ContactActions: AnyObject {
    /// Puts `text` on the clipboard (OSC 52); false where the terminal does not take it.
    func copy(_ text: String) -> Bool
    /// The mail program: `$MAILER`, else mutt.
    var mailProgram: String { get }
    /// Writes a mail to `address` in the mail program, the terminal handed over meanwhile.
    func composeMail(to address: String) -> ProgramOutcome
    /// Opens `url` with xdg-open, the terminal handed over meanwhile.
    func open(_ url: String) -> ProgramOutcome
}

/// The actions on the real (or virtual) terminal the card is shown on.
@MainActor
final class TerminalContactActions: ContactActions {
    private let window: () -> Window?
    private let run: ProgramRunner
    let mailProgram: String

    init(window: @escaping () -> Window?, run: @escaping ProgramRunner, mailer: String? = getenv("MAILER").map { String(cString: $0) }) {
        self.window = window
        self.run = run
        let mailer = (mailer ?? "").trimmedSpaces
        mailProgram = mailer.isEmpty ? "mutt" : mailer
    }

    func copy(_ text: String) -> Bool { window()?.copyToClipboard?(text) ?? false }

    func composeMail(to address: String) -> ProgramOutcome {
        // The program as the shell reads it ($MAILER may carry options), the address as one word.
        outside(["sh", "-c", mailProgram + " \"$1\"", "sh", address])
    }

    func open(_ url: String) -> ProgramOutcome { outside(["xdg-open", url]) }

    private func outside(_ arguments: [String]) -> ProgramOutcome {
        var outcome = ProgramOutcome.failed("the terminal could not be handed over")
        guard let handOver = window()?.runOutsideTerminal else { return run(arguments) }
        handOver { outcome = run(arguments) }
        return outcome
    }
}
