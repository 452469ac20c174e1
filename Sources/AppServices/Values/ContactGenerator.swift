/// Made-up, realistic, deterministic contacts: the same seed gives the same
/// people. Names come from several scripts (Latin, accented Latin, Cyrillic,
/// Greek, Chinese, Japanese, Korean), with phones, emails and companies.
///
/// Every contact draws exactly `drawsPerContact` numbers, so the k-th contact
/// from here can be made directly (`contact(at:)`): populate reads the names
/// first, sorts, and then makes and inserts the contacts in list order.
public struct ContactGenerator {
    private var state: UInt64
    private static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let drawsPerContact = 5

    public init(seed: UInt64 = 42) { state = seed &+ Self.gamma }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= Self.gamma
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[index(items.count)] }
    private mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    private struct Culture {
        let first: [String]
        let last: [String]
        let domain: String
        let phonePrefix: String
        let latin: Bool
    }

    private static let cultures: [Culture] = [
        Culture(first: ["Ada", "Alan", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances", "John", "Mary", "Tim"],
                last: ["Lovelace", "Turing", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Allen", "Backus", "Shaw", "Lee"],
                domain: "example.org", phonePrefix: "+44 20 7946 ", latin: true),
        Culture(first: ["Émile", "Zoë", "Anaïs", "Jürgen", "Søren", "Åsa", "Łukasz", "François", "Chloé", "Núria", "Björn", "Inès"],
                last: ["Zola", "Ångström", "Müller", "Kierkegaard", "Dvořák", "Gödel", "Lefèvre", "Núñez", "Østergaard", "Šimek", "Curie", "Bézier"],
                domain: "exemple.fr", phonePrefix: "+33 1 23 45 ", latin: true),
        Culture(first: ["Иван", "Мария", "Сергей", "Анна", "Дмитрий", "Ольга"],
                last: ["Петров", "Иванова", "Смирнов", "Кузнецова", "Попов", "Соколова"],
                domain: "primer.ru", phonePrefix: "+7 495 123 ", latin: false),
        Culture(first: ["Νίκος", "Ελένη", "Γιώργος", "Μαρία"], last: ["Παπαδόπουλος", "Οικονόμου", "Γεωργίου", "Νικολάου"],
                domain: "paradeigma.gr", phonePrefix: "+30 21 0123 ", latin: false),
        Culture(first: ["伟", "芳", "娜", "敏", "静", "强"], last: ["王", "李", "张", "刘", "陈", "杨"],
                domain: "example.cn", phonePrefix: "+86 10 6552 ", latin: false),
        Culture(first: ["翔太", "陽菜", "蓮", "結衣", "大翔", "さくら"], last: ["佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤"],
                domain: "example.jp", phonePrefix: "+81 3 1234 ", latin: false),
        Culture(first: ["민준", "서연", "도윤", "지우"], last: ["김", "이", "박", "최"],
                domain: "example.kr", phonePrefix: "+82 2 312 ", latin: false),
    ]

    private static let companies = ["Analytical Engines Ltd", "Bletchley Park", "Navy Computing", "Bell Labs", "Xerox PARC",
                                    "Société Générale d'Informatique", "ООО Вектор", "株式会社サクラ", "", "", ""]

    /// The generator `index` contacts further on.
    private func advanced(by index: Int) -> ContactGenerator {
        var g = self
        g.state &+= Self.gamma &* UInt64(Self.drawsPerContact) &* UInt64(index)
        return g
    }

    /// The contact `index` places after the next one (0 is the next), without moving on.
    public func contact(at index: Int, friendPercent: Int = 10) -> ContactRecord {
        var g = advanced(by: index)
        return g.next(friendPercent: friendPercent)
    }

    /// The generator draws names from fixed lists: every (first, last) pair it
    /// can make has a small number, below `nameIDCount`.
    public static let nameIDCount = cultures.count * maxNamesPerCulture * maxNamesPerCulture
    private static let maxNamesPerCulture = cultures.map { max($0.first.count, $0.last.count) }.max()!

    /// The number of the names of `contact(at:)`, cheaper than the names themselves.
    public func nameID(at index: Int) -> Int {
        var g = advanced(by: index)
        let c = g.index(Self.cultures.count)
        let culture = Self.cultures[c]
        let f = g.index(culture.first.count), l = g.index(culture.last.count)
        return (c * Self.maxNamesPerCulture + f) * Self.maxNamesPerCulture + l
    }

    public static func name(ofID id: Int) -> (first: String, last: String) {
        let culture = cultures[id / (maxNamesPerCulture * maxNamesPerCulture)]
        return (culture.first[(id / maxNamesPerCulture) % maxNamesPerCulture], culture.last[id % maxNamesPerCulture])
    }

    /// Moves on past `count` contacts.
    public mutating func skip(_ count: Int) { self = advanced(by: count) }

    /// The next made-up contact; `friendPercent` of them are friends.
    public mutating func next(friendPercent: Int = 10) -> ContactRecord {
        let c = index(Self.cultures.count)
        let culture = Self.cultures[c]
        let f = index(culture.first.count), l = index(culture.last.count)
        let n = next()
        let number = culture.phonePrefix + Self.fourDigits[Int(n % 10_000)]
        var phones = [ContactRecord.Phone(label: "mobile", number: number)]
        if n % 3 == 0 { phones.append(.init(label: "work", number: culture.phonePrefix + Self.fourDigits[Int((n >> 16) % 10_000)])) }
        let emails = n % 4 == 0 ? [] : [culture.latin ? Self.latinAddresses[c][f][l] : "user\(n % 100_000)@" + culture.domain]
        return ContactRecord(firstName: culture.first[f], lastName: culture.last[l], phones: phones, emails: emails,
                             company: pick(Self.companies), notes: "", isFriend: Int((n >> 40) % 100) < friendPercent)
    }

    /// "0000" … "9999", made once (populate makes a million phone numbers).
    private static let fourDigits: [String] = (0..<10_000).map { v in
        let s = String(v)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    /// "first.last@domain" for every name pair of the Latin-script cultures, made once.
    private static let latinAddresses: [[[String]]] = cultures.map { culture in
        culture.first.map { first in culture.last.map { last in (first + "." + last).lowercased() + "@" + culture.domain } }
    }
}
