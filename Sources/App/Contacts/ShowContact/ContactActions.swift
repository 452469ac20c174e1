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
    /// Puts `text` on the clipboard (OSC 52), its control characters as `�` (`SafeText.line`): a
    /// paste gives no line break, escape sequence or bidirectional override a card held; false
    /// where the terminal does not take it.
    func copy(_ text: String) -> Bool
    /// The mail program: `$MAILER`, else mutt.
    var mailProgram: String { get }
    /// Writes a mail to `address` in the mail program, the terminal handed over meanwhile: the
    /// address as one word after `--` where the program reads that as the end of its options; an
    /// address `ProgramArgument.mailAddress` refuses is not handed over at all.
    func composeMail(to address: String) -> ProgramOutcome
    /// One mail to all of `addresses` (the contacts marked in the list), the same way: each address
    /// one word after `--`; none is handed over when `ProgramArgument.mailAddress` refuses any.
    func composeMail(toAll addresses: [String]) -> ProgramOutcome
    /// Opens `url` with xdg-open, the terminal handed over meanwhile: only what
    /// `ProgramArgument.webAddress` takes (http and https) is handed over.
    func open(_ url: String) -> ProgramOutcome
}

/// The actions on the real (or virtual) terminal the card is shown on.
@MainActor
final class TerminalContactActions: ContactActions {
    private let window: () -> Window?
    private let run: ProgramRunner
    private let finds: ProgramFinder
    let mailProgram: String

    init(window: @escaping () -> Window?, run: @escaping ProgramRunner, finds: @escaping ProgramFinder = { ExternalProgram.isInstalled($0) },
         mailer: String? = getenv("MAILER").map { String(cString: $0) }) {
        self.window = window
        self.run = run
        self.finds = finds
        let mailer = (mailer ?? "").trimmedSpaces
        mailProgram = mailer.isEmpty ? "mutt" : mailer
    }

    func copy(_ text: String) -> Bool { window()?.copyToClipboard?(SafeText.line(text)) ?? false }

    func composeMail(to address: String) -> ProgramOutcome {
        guard case .success(let address) = ProgramArgument.mailAddress(address) else { return .failed("the address is not one to hand over") }
        // The program as the shell reads it ($MAILER may carry options), the address as one word
        // after the end of the options.
        // A missing program is found out here, before the terminal is handed over: the shell would
        // print its "not found" over the screen (and it stays there after quitting).
        guard let name = ExternalProgram.programName(inCommand: mailProgram), finds(name) else { return .notFound }
        let endOfOptions = ProgramArgument.takesEndOfOptions(mailProgram) ? " --" : ""
        return outside(["sh", "-c", mailProgram + endOfOptions + " \"$1\"", "sh", address])
    }

    func composeMail(toAll addresses: [String]) -> ProgramOutcome {
        var words: [String] = []
        for address in addresses {
            guard case .success(let address) = ProgramArgument.mailAddress(address) else { return .failed("an address is not one to hand over") }
            words.append(address)
        }
        guard !words.isEmpty else { return .failed("there is no address to write to") }
        guard let name = ExternalProgram.programName(inCommand: mailProgram), finds(name) else { return .notFound }
        let endOfOptions = ProgramArgument.takesEndOfOptions(mailProgram) ? " --" : ""
        return outside(["sh", "-c", mailProgram + endOfOptions + " \"$@\"", "sh"] + words)
    }

    func open(_ url: String) -> ProgramOutcome {
        guard case .success(let url) = ProgramArgument.webAddress(url) else { return .failed("the web address is not one to hand over") }
        guard finds("xdg-open") else { return .notFound }
        return outside(["xdg-open", url])
    }

    private func outside(_ arguments: [String]) -> ProgramOutcome {
        var outcome = ProgramOutcome.failed("the terminal could not be handed over")
        guard let handOver = window()?.runOutsideTerminal else { return run(arguments) }
        handOver { outcome = run(arguments) }
        return outcome
    }
}
