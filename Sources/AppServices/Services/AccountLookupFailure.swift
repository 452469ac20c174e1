/// Why the data opened holds no account to use as asked (a command's `--user`, the person signed
/// in on this machine, a team directory's member): what the command line prints, and what a
/// sync child says on its `error` line (`SyncFailure.noAccount`). Values: App makes the sentence
/// (`message`), the command line adds its advice.
public enum AccountLookupFailure: Error, Hashable, Sendable {
    /// There is no data file at `place` yet (no command makes a first account, so none creates it).
    case noDataFile(place: String)
    /// No account in `place` is named `user`.
    case noSuchAccount(user: String, place: String)
    /// Nobody is signed in to `place` on this machine, and no account was named.
    case nobodySignedIn(place: String)
    /// On a team directory one is the member one signs in as (`member`); `user` named another.
    case notTheMember(member: String, user: String)
    /// `place` signs in as the team directory's owner, who keeps no contacts.
    case ownerKeepsNoContacts(place: String)
    /// `place` has no team address book (it is not a team directory).
    case noTeamBook(place: String)

    /// The failure as fields: a word naming the case, then its values.
    public var fields: [String] {
        switch self {
        case .noDataFile(let place): ["noDataFile", place]
        case .noSuchAccount(let user, let place): ["noSuchAccount", user, place]
        case .nobodySignedIn(let place): ["nobodySignedIn", place]
        case .notTheMember(let member, let user): ["notTheMember", member, user]
        case .ownerKeepsNoContacts(let place): ["ownerKeepsNoContacts", place]
        case .noTeamBook(let place): ["noTeamBook", place]
        }
    }

    /// Reads `fields` back; nil when they name no case.
    public init?(fields: [String]) {
        switch (fields.first, fields.count) {
        case ("noDataFile", 2): self = .noDataFile(place: fields[1])
        case ("noSuchAccount", 3): self = .noSuchAccount(user: fields[1], place: fields[2])
        case ("nobodySignedIn", 2): self = .nobodySignedIn(place: fields[1])
        case ("notTheMember", 3): self = .notTheMember(member: fields[1], user: fields[2])
        case ("ownerKeepsNoContacts", 2): self = .ownerKeepsNoContacts(place: fields[1])
        case ("noTeamBook", 2): self = .noTeamBook(place: fields[1])
        default: return nil
        }
    }
}
