/// The address books a signed-in person's contacts screens can show: their own, and on a team's
/// directory the team's, which every member reads and the team's editors change.
enum ContactBook: Equatable, Sendable {
    case own
    case team
}
