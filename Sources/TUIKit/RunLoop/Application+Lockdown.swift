/// The kiosk's lock-down: ^C and ^Z do nothing; only the exit chord (or
/// SIGTERM/SIGHUP) ends the run.
extension Application {
    /// A locked-down run (a kiosk): ^C and ^Z — keys or signals — do nothing;
    /// only `exitChord`, pressed key after key, or SIGTERM/SIGHUP ends it.
    public struct Lockdown: Sendable {
        public var exitChord: [Key]
        /// ^] then q.
        public init(exitChord: [Key] = [.ctrl("]"), .character("q")]) {
            self.exitChord = exitChord
        }
    }

    /// The lock-down's exit chord, pressed key after key (also during a transition); true when `key` was part of it.
    func takeChordKey(_ key: Key) -> Bool {
        guard let lockdown, !lockdown.exitChord.isEmpty else { return false }
        if key != lockdown.exitChord[chordProgress] { chordProgress = 0 }
        guard key == lockdown.exitChord[chordProgress] else { return false }
        chordProgress += 1
        if chordProgress == lockdown.exitChord.count {
            chordProgress = 0
            exitReason = .exitChord
            quitRequested = true
        } else {
            onPartialExitChord?(Array(lockdown.exitChord[chordProgress...]))
        }
        return true // the chord's keys are its own
    }
}
