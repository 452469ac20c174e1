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
        // Chinese, Japanese and Korean names: family name first, no space.
        let eastern = person.first.unicodeScalars.allSatisfy { $0.value >= 0x1100 }
        let (a, b) = eastern ? (person.last, person.first) : (person.first, person.last)
        return FriendsListItem(id: Int64(index), name: eastern ? a + b : a + " " + b, status: status,
                               avatar: (String(a.prefix(1)) + String(b.prefix(1))).uppercased())
    }
}
