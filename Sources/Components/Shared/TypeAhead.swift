/// The letters typed for a type-ahead jump, as file managers gather them:
/// each key within `pause` of the last adds to the text, a later one starts
/// it again.
struct TypeAhead {
    var pause: Duration = .seconds(1)
    private(set) var text = ""
    private var last: Duration?

    /// Adds `character` typed at `now`; returns the text to seek to.
    mutating func add(_ character: Character, at now: Duration) -> String {
        if let last, now - last > pause { text = "" }
        last = now
        text.append(character)
        return text
    }

    mutating func reset() {
        text = ""
        last = nil
    }
}
