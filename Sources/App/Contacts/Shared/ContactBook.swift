/// The address books a signed-in person's contacts screens can show: their own, and on a team's
/// directory the team's, which every member reads and the team's editors change — each alone, or
/// both in one list with the team's rows marked.
public enum ContactBook: Equatable, Sendable, CaseIterable {
    /// Both books in one list (a team's directory; elsewhere the same as `own`).
    case both
    case own
    case team

    /// The next book the contacts list's filter key shows.
    var next: ContactBook {
        switch self {
        case .both: .own
        case .own: .team
        case .team: .both
        }
    }
}
