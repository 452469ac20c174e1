#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// 64-bit keys (hashes, spread evenly) with a 64-bit value each, in 16 bytes a key: one array of
/// keys in order and one of values beside it, with the newest keys in a small dictionary merged
/// into them, from the back and in place, when it holds a sixteenth as many. Two dictionaries of
/// one entry per card of a file took 11.7 MiB at 100,000 cards (buckets of 16 and 24 bytes at
/// most three-quarters full, 262,144 each, and the copy when they doubled); this takes 3.2 MiB.
/// The arrays grow with `realloc` (for big blocks the kernel moves pages, nothing is copied), so
/// growing never holds the old arrays beside the new. A key is found by interpolation (the keys
/// are hashes: a few probes, not the seventeen of a binary search at 100,000).
final class PackedKeyMap {
    private var keys: UnsafeMutablePointer<UInt64>?
    private var values: UnsafeMutablePointer<Int64>?
    /// How many keys the arrays hold, and have room for.
    private var count = 0, capacity = 0
    /// The newest keys, not in the arrays yet.
    private var recent: [UInt64: Int64] = [:]

    deinit {
        free(keys)
        free(values)
    }

    /// The value of `key`, if it has one.
    func value(of key: UInt64) -> Int64? {
        if let value = recent[key] { return value }
        guard let at = index(of: key) else { return nil }
        return values![at]
    }

    /// Gives `key` the value `value`, whether it had one or not.
    func set(_ key: UInt64, _ value: Int64) {
        if let at = index(of: key) { values![at] = value; return }
        recent[key] = value
        if recent.count >= max(4096, count / 16) { merge() }
    }

    /// Gives `key` the value `value` when it has none.
    func setIfAbsent(_ key: UInt64, _ value: Int64) {
        guard self.value(of: key) == nil else { return }
        recent[key] = value
        if recent.count >= max(4096, count / 16) { merge() }
    }

    /// Where `key` is in the arrays: interpolation between the bounds while they are far apart, then a walk.
    private func index(of key: UInt64) -> Int? {
        guard count > 0, let keys else { return nil }
        var low = 0, high = count - 1
        while low <= high {
            let a = keys[low], b = keys[high]
            if key < a || key > b { return nil }
            if a == b { return a == key ? low : nil }
            if high - low < 8 {
                for i in low...high where keys[i] == key { return i }
                return nil
            }
            // key's place between a and b in proportion, in 128 bits so nothing overflows.
            let (span, offset) = (b - a, key - a) // offset <= span: the quotient is at most high - low
            let guess = low + Int(span.dividingFullWidth(offset.multipliedFullWidth(by: UInt64(high - low))).quotient)
            let found = keys[guess]
            if found == key { return guess }
            if found < key { low = guess + 1 } else { high = guess - 1 }
        }
        return nil
    }

    /// Moves `recent` into the arrays: sorted, then merged from the back into room made at the end.
    private func merge() {
        let incoming = recent.sorted { $0.key < $1.key }
        recent.removeAll(keepingCapacity: true)
        let total = count + incoming.count
        if total > capacity {
            let grown = max(total, capacity + capacity / 4, 4096)
            keys = realloc(keys, grown * MemoryLayout<UInt64>.stride)?.assumingMemoryBound(to: UInt64.self)
            values = realloc(values, grown * MemoryLayout<Int64>.stride)?.assumingMemoryBound(to: Int64.self)
            precondition(keys != nil && values != nil, "out of memory for an import's duplicate check")
            capacity = grown
        }
        let keys = keys!, values = values!
        var old = count - 1, new = incoming.count - 1, to = total - 1
        while new >= 0 {
            if old >= 0 && keys[old] > incoming[new].key {
                keys[to] = keys[old]; values[to] = values[old]; old -= 1
            } else {
                keys[to] = incoming[new].key; values[to] = incoming[new].value; new -= 1
            }
            to -= 1
        }
        count = total
    }
}
