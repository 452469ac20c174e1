/// The demo's address book: a few well-known people first (the kiosk's tour
/// searches for one of them), then made-up ones in several scripts. The same
/// seed gives the same book.
public enum DemoContacts {
    /// Always there, in this order, before the made-up ones.
    public static let famous: [DemoContact] = [
        person("Grace", "Hopper", company: "US Navy", notes: "Found the first actual bug.", friend: true),
        person("Ada", "Lovelace", company: "Analytical Engine", notes: "Wrote the first program.", friend: true),
        person("Alan", "Turing", company: "Bletchley Park", notes: "Asked whether machines can think.", friend: false),
        person("Margaret", "Hamilton", company: "MIT Instrumentation Lab", notes: "Apollo guidance software.", friend: true),
        person("Edsger", "Dijkstra", company: "Eindhoven University", notes: "Go To Statement Considered Harmful.", friend: false),
    ]

    private static let firstNames = ["Zoë", "Émile", "Søren", "Łukasz", "Inès", "Noah", "Maya", "Lars", "Priya", "Tomás",
                                     "Amara", "Kenji", "Olga", "Rafael", "Chloé", "Sven", "Leila", "Mateo", "Ingrid", "Yusuf"]
    private static let lastNames = ["Ångström", "Zola", "Kierkegaard", "Dvořák", "Lefèvre", "Okafor", "Novak", "Berg", "Rao",
                                    "García", "Hopkins", "Nakamura", "Ivanova", "Costa", "Moreau", "Lindqvist", "Haddad",
                                    "Silva", "Johansson", "Demir"]
    /// Names written in other scripts (family name first for Chinese, Japanese and Korean).
    private static let otherScripts: [(first: String, last: String)] = [
        ("Иван", "Петров"), ("Анна", "Смирнова"), ("Νίκος", "Παπαδόπουλος"), ("伟", "王"), ("芳", "李"),
        ("翔太", "佐藤"), ("さくら", "鈴木"), ("민준", "김"), ("서연", "박"),
    ]
    private static let companies = ["Acme Terminals", "Northwind", "Initech", "Globex", "Hooli", "Umbrella Cafés", "", ""]
    private static let notes = ["", "", "Met at the conference.", "Prefers email.", "Birthday in May.", "Owes me a coffee."]

    /// `count` contacts (at least the famous ones) for a seed.
    public static func make(seed: UInt64, count: Int = 240) -> [DemoContact] {
        var random = DemoRandom(seed: seed)
        var book = famous
        var names = Set(famous.map { $0.firstName + " " + $0.lastName })
        // 400 Latin-script names and 9 others: each at most once, then repeats when a book needs more.
        let distinct = firstNames.count * lastNames.count + otherScripts.count
        while book.count < max(count, famous.count) {
            let (first, last): (String, String)
            if random.int(in: 0...5) == 0 { (first, last) = random.pick(otherScripts) }
            else { (first, last) = (random.pick(firstNames), random.pick(lastNames)) }
            guard names.insert(first + " " + last).inserted || names.count >= distinct else { continue }
            var contact = person(first, last, company: random.pick(companies), notes: random.pick(notes),
                                 friend: random.int(in: 0...3) == 0)
            let n = book.count
            contact.phones = [DemoContact.Phone(label: "mobile", number: "+44 7700 9\(digits(n % 100_000, 5))")]
            if random.int(in: 0...2) == 0 { contact.phones.append(DemoContact.Phone(label: "work", number: "+44 20 7946 \(digits(n % 10_000, 4))")) }
            contact.emails = first.unicodeScalars.allSatisfy(\.isASCII) && last.unicodeScalars.allSatisfy(\.isASCII)
                ? ["\(first.lowercased()).\(last.lowercased())\(n)@example.com"] : ["person\(n)@example.org"]
            book.append(contact)
        }
        return book
    }

    private static func person(_ first: String, _ last: String, company: String, notes: String, friend: Bool) -> DemoContact {
        DemoContact(firstName: first, lastName: last, phones: [DemoContact.Phone(label: "mobile", number: "+44 7700 900 \(digits(first.count * 37 + last.count, 3))")],
                    emails: ["\(first.lowercased()).\(last.lowercased())@example.com"], company: company, notes: notes, isFriend: friend)
    }

    private static func digits(_ n: Int, _ width: Int) -> String {
        let text = String(n)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
