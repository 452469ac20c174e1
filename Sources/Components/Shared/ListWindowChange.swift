/// How a list's window onto a longer list moved with its last change.
public enum ListWindowChange: Equatable, Sendable {
    /// Rows were added after the last one (or the window was read again in place).
    case grew
    /// Rows were added (positive) or dropped (negative) before the first one;
    /// every row still there moved by that much.
    case shifted(by: Int)
    /// The window was replaced by the list's first rows (Home, a type-ahead
    /// seek: show its first row) or its last (End: show its last row).
    case jumped(to: ListWindowEnd)
}

/// Which end of a new window is to be shown.
public enum ListWindowEnd: Equatable, Sendable {
    case first
    case last
}
