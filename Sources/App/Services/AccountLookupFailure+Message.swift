import AppServices

public extension AccountLookupFailure {
    /// What to tell the person, in App's words (the command line adds how to name another
    /// account or data there).
    var message: String {
        switch self {
        case .noDataFile(let place):
            "there is no data file at \(place) yet (nothing was created)"
        case .noSuchAccount(let user, let place):
            "there is no account “\(user)” in \(place); create it in the app first"
        case .nobodySignedIn(let place):
            "nobody is signed in to \(place)"
        case .notTheMember(let member, _):
            "on a team directory you are the member you sign in as (\(member))"
        case .ownerKeepsNoContacts(let place):
            "\(place) signs in as the directory's owner, who keeps no contacts"
        case .noTeamBook(let place):
            "\(place) has no team address book (it is not a team directory)"
        }
    }
}
