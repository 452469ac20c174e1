import Testing
import TestSupport
@testable import switchboard

/// The import's duplicate check keeps its hashes in `PackedKeyMap` (sorted arrays, a buffer merged
/// into them): whatever the order of keys, it answers as a dictionary does — across many merges,
/// keys at the ends of the range, keys close together, a value set again and one set only if absent.
@Suite("The duplicate check's packed map")
struct PackedKeyMapTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func answersAsADictionary(seed: UInt64) {
        var random = SeededGenerator(seed: 50_300 + seed)
        let map = PackedKeyMap()
        var expected: [UInt64: Int64] = [:]
        let ends: [UInt64] = [0, 1, 2, UInt64.max, UInt64.max - 1, 1 << 63, (1 << 63) - 1]
        var seen: [UInt64] = []
        for i in 0..<60_000 {
            let key: UInt64
            switch random.next() % 10 {
            case 0: key = ends[Int(random.next() % UInt64(ends.count))]
            case 1 where !seen.isEmpty: key = seen[Int(random.next() % UInt64(seen.count))]     // again
            case 2 where !seen.isEmpty: key = seen[Int(random.next() % UInt64(seen.count))] &+ 1 // a neighbour
            case 3: key = random.next() % 5_000                                                  // bunched near 0
            default: key = random.next()
            }
            let value = Int64(i)
            if random.next() % 2 == 0 {
                map.set(key, value)
                expected[key] = value
            } else {
                map.setIfAbsent(key, value)
                if expected[key] == nil { expected[key] = value }
            }
            seen.append(key)
            if i % 997 == 0 {
                for _ in 0..<50 {
                    let probe = random.next() % 3 == 0 ? random.next() : seen[Int(random.next() % UInt64(seen.count))]
                    #expect(map.value(of: probe) == expected[probe], "key \(probe) after \(i)")
                }
            }
        }
        for (key, value) in expected { #expect(map.value(of: key) == value, "key \(key)") }
        for _ in 0..<10_000 {
            let absent = random.next()
            #expect(map.value(of: absent) == expected[absent])
        }
    }
}
