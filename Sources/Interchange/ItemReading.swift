/// A reader that hands out a file's items one at a time (cards, rows, entries, or the problems
/// that stood in their place), so a large file is never held whole.
public protocol ItemReading {
    /// What the reader hands out.
    associatedtype Item
    /// The next item, or nil at the end.
    mutating func next() throws -> Item?
}

extension ItemReading {
    /// Every item left.
    public mutating func readAll() throws -> [Item] {
        var items: [Item] = []
        while let item = try next() { items.append(item) }
        return items
    }
}
