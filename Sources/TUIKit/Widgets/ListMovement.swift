/// The keys that move a selection through rows, in one place: `ListView`
/// and `TableView` both answer to them and offer them as key commands, so
/// `?` help lists exactly what the keys do.
public enum ListMovement: CaseIterable, Sendable {
    /// One row down or up, a page down or up, to the first or the last row.
    case next, previous, pageDown, pageUp, first, last

    /// The key, and the others that do the same (letters only where letters are not commands).
    func keys(letters: Bool) -> [Key] {
        switch self {
        case .next: [.down, .ctrl("n")] + (letters ? [.character("j")] : [])
        case .previous: [.up, .ctrl("p")] + (letters ? [.character("k")] : [])
        case .pageDown: [.pageDown]
        case .pageUp: [.pageUp]
        case .first: [.home] + (letters ? [.character("g")] : [])
        case .last: [.end] + (letters ? [.character("G")] : [])
        }
    }

    var title: String {
        switch self {
        case .next: "Next row"
        case .previous: "Previous row"
        case .pageDown: "Page down"
        case .pageUp: "Page up"
        case .first: "First row"
        case .last: "Last row"
        }
    }

    /// The movement a key asks for, if any.
    public init?(_ key: Key, letters: Bool) {
        guard let movement = Self.allCases.first(where: { $0.keys(letters: letters).contains(key) }) else { return nil }
        self = movement
    }

    /// Key commands for help (not the hint bar) that perform the movements.
    @MainActor
    static func commands(letters: Bool, perform: @escaping (ListMovement) -> Void) -> [KeyCommand] {
        allCases.map { movement in
            let keys = movement.keys(letters: letters)
            return KeyCommand(keys[0], alternatives: Array(keys.dropFirst()), title: movement.title, showsInStatusLine: false) { perform(movement) }
        }
    }
}
