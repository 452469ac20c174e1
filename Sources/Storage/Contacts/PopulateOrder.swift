import AppServices

/// The order populate writes generated contacts in, on either store: list order, so a fresh
/// directory numbers them as the list shows them.
enum PopulateOrder {
    /// The generator's next `count` contacts in list order (sort key, then
    /// generation order, which becomes id order): a counting sort over the
    /// generator's name pairs, read without making the contacts. Returns the
    /// contacts' indexes in that order, and the sort key at each place (shared strings).
    static func of(_ count: Int, from source: ContactGenerator,
                   cache: inout SearchText.FoldCache) -> (order: [Int32], keys: [String]) {
        var sizes = [Int](repeating: 0, count: ContactGenerator.nameIDCount)
        var nameOf = [Int32](repeating: 0, count: count)
        for k in 0..<count {
            let id = source.nameID(at: k)
            nameOf[k] = Int32(id)
            sizes[id] += 1
        }
        // Name pairs with one sort key ("Zoë"/"Zoe") share a run, in generation order.
        var runOf = [Int](repeating: -1, count: sizes.count)
        var runKeys: [String] = [], runSizes: [Int] = []
        var runByKey: [String: Int] = [:]
        for id in sizes.indices where sizes[id] > 0 {
            let name = ContactGenerator.name(ofID: id)
            let key = SearchText.sortKey(firstName: name.first, lastName: name.last, cache: &cache)
            let run = runByKey[key] ?? runKeys.count
            if run == runKeys.count { runByKey[key] = run; runKeys.append(key); runSizes.append(0) }
            runOf[id] = run
            runSizes[run] += sizes[id]
        }
        var start = [Int](repeating: 0, count: runKeys.count)
        var next = 0
        // SQLite compares TEXT by its UTF-8 bytes.
        for run in runKeys.indices.sorted(by: { runKeys[$0].utf8.lexicographicallyPrecedes(runKeys[$1].utf8) }) {
            start[run] = next
            next += runSizes[run]
        }
        var order = [Int32](repeating: 0, count: count)
        var keyAt = [String](repeating: "", count: count)
        for k in 0..<count {
            let run = runOf[Int(nameOf[k])]
            order[start[run]] = Int32(k)
            keyAt[start[run]] = runKeys[run]
            start[run] += 1
        }
        return (order, keyAt)
    }
}
