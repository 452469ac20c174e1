import Components

/// Made-up friends for the demo: names from several scripts, a status line,
/// initials for the avatar. The n-th friend of a seed is always the same.
struct DemoFriends {
    private static let people: [(first: String, last: String)] = [
        ("Ada", "Lovelace"), ("Alan", "Turing"), ("Grace", "Hopper"), ("Edsger", "Dijkstra"), ("Barbara", "Liskov"),
        ("Zoë", "Ångström"), ("Émile", "Zola"), ("Søren", "Kierkegaard"), ("Łukasz", "Dvořák"), ("Inès", "Lefèvre"),
        ("Иван", "Петров"), ("Анна", "Смирнова"), ("Νίκος", "Παπαδόπουλος"), ("伟", "王"), ("芳", "李"),
        ("翔太", "佐藤"), ("さくら", "鈴木"), ("민준", "김"), ("서연", "박"), ("Margaret", "Hamilton"),
    ]
    private static let statuses = ["online", "away", "busy", "last seen today", "last seen yesterday", "on holiday",
                                   "at the terminal", "typing…", "in a meeting", "offline"]

    let seed: UInt64

    /// The friend at `index` (any index: computed, not stored).
    func friend(at index: Int) -> FriendsListItem {
        var random = DemoRandom(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
        let person = random.pick(Self.people)
        let status = random.pick(Self.statuses)
        let initials = String(person.first.prefix(1)) + String(person.last.prefix(1))
        return FriendsListItem(id: Int64(index), name: person.first + " " + person.last, status: status,
                               avatar: initials.uppercased())
    }
}
