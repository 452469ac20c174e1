import TUIKit

/// The kiosk's lock-down, through the hooks `Application` offers any app:
/// ^C and ^Z (keys or signals) do nothing; only the exit chord, pressed key
/// after key (also during a transition), or SIGTERM/SIGHUP ends the run.
@MainActor
final class KioskLockdown {
    /// ^] then q.
    static let exitChord: [Key] = [.ctrl("]"), .character("q")]

    private let application: Application
    private let chord: [Key]
    private var progress = 0
    /// A key began (or went on with) the chord, with the keys still to press.
    var onPartialChord: (([Key]) -> Void)?
    /// ^C or ^Z was pressed (or sent as a signal) and ignored.
    var onIgnored: ((Key) -> Void)?

    init(application: Application, chord: [Key] = KioskLockdown.exitChord) {
        self.application = application
        self.chord = chord
        application.keyInterceptor = { [weak self] key in self?.intercept(key) ?? false }
        application.signalInterceptor = { [weak self] signal in
            guard signal == .interrupt || signal == .suspend else { return false }
            self?.onIgnored?(signal == .interrupt ? .ctrl("c") : .ctrl("z"))
            return true
        }
        application.helpClosingRows = [(chord.map(\.displayName).joined(separator: " "), "Leave (^C and ^Z do not)")]
    }

    private func intercept(_ key: Key) -> Bool {
        if takeChordKey(key) { return true } // the chord's keys are its own
        if key == .ctrl("c") || key == .ctrl("z") { onIgnored?(key); return true }
        return false
    }

    private func takeChordKey(_ key: Key) -> Bool {
        guard !chord.isEmpty else { return false }
        if key != chord[progress] { progress = 0 }
        guard key == chord[progress] else { return false }
        progress += 1
        if progress == chord.count {
            progress = 0
            application.quit(because: Application.ExitReason.exitChordReason)
        } else {
            onPartialChord?(Array(chord[progress...]))
        }
        return true
    }
}

extension Application.ExitReason {
    static let exitChordReason = "exit chord"
    /// The kiosk's exit chord was pressed.
    public static var exitChord: Application.ExitReason { .requested(exitChordReason) }
}
