/// Why the terminal could not be used.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// stdin or stdout is not a terminal (piped or redirected).
    case notATerminal
    /// ncurses could not start on this terminal type.
    case cannotInitialize(terminalType: String)

    /// A message that says what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .notATerminal:
            "switchboard needs a terminal: stdin and stdout must be a tty. To run without one, use --headless (see --help)."
        case .cannotInitialize(let type):
            "cannot start the terminal (TERM=\(type.isEmpty ? "unset" : type)); set TERM to your terminal's type, e.g. TERM=xterm-256color"
        }
    }
}
