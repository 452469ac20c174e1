import AppServices

/// Where About's counts go when they are read: into the facts the screen is made from when they
/// come before it (a file, memory: at once), to the screen shown when they come after it (a server).
@MainActor
final class AboutCounts {
    /// The facts the screen is made from; the counts land here until the screen is shown.
    private(set) var facts: AboutConstructor.Facts
    /// The screen, once it is made.
    var shown: AboutViewController?
    private let countsFriends: Bool

    init(facts: AboutConstructor.Facts, countsFriends: Bool) {
        self.facts = facts
        self.countsFriends = countsFriends
    }

    /// "…" in the facts while a server has not answered.
    func awaitAnswer() { facts.countsUnknown = "…" }

    /// The counts read, or why they were not.
    func take(_ result: Result<(contacts: Int, friends: Int), ServiceError>) {
        let why = "not read: the directory did not answer"
        switch (result, shown) {
        case (.success(let counts), nil):
            facts.contacts = counts.contacts
            if countsFriends { facts.friends = counts.friends }
        case (.success(let counts), let shown?): shown.show(contacts: counts.contacts, friends: counts.friends, why: "")
        case (.failure, nil): facts.countsUnknown = why
        case (.failure, let shown?): shown.show(contacts: nil, friends: nil, why: why)
        }
    }
}
