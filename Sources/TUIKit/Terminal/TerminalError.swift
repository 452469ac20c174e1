/// Why the terminal could not be used. The words are TUIKit's, for any program built on it (they
/// name no program and none of its options); a program adds its own advice (another way to run
/// it) where it reports the error.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// stdin or stdout is not a terminal (piped or redirected).
    case notATerminal
    /// ncurses could not start on this terminal type.
    case cannotInitialize(terminalType: String)
    /// The terminal type cannot move the cursor (`TERM=dumb`), so no full screen can be drawn on it.
    case cannotDrawScreens(terminalType: String)

    /// A message that says what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .notATerminal:
            "a full-screen program needs a terminal: stdin and stdout must be a tty"
        case .cannotDrawScreens(let type):
            "TERM=\(type) cannot move the cursor, so no full screen can be drawn; set TERM to your terminal's type (e.g. TERM=xterm-256color)"
        case .cannotInitialize(let type):
            "cannot start the terminal (TERM=\(type.isEmpty ? "unset" : type)); set TERM to your terminal's type, e.g. TERM=xterm-256color"
        }
    }
}
