/// Why the terminal could not be used.
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
            "switchboard needs a terminal: stdin and stdout must be a tty. To run without one, use --headless (see --help)."
        case .cannotDrawScreens(let type):
            "TERM=\(type) cannot move the cursor, so switchboard cannot draw its screens; set TERM to your terminal's type (e.g. TERM=xterm-256color), or use --headless, or the import, export and query commands"
        case .cannotInitialize(let type):
            "cannot start the terminal (TERM=\(type.isEmpty ? "unset" : type)); set TERM to your terminal's type, e.g. TERM=xterm-256color"
        }
    }
}
