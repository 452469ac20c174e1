/// A run of plain values of a fixed count, read and written through its pointer: the writer's
/// copies of the screen, its row tables and keys (`TerminalWriter`), which its per-cell loops
/// read and write a few hundred times a frame. An array there costs a bounds check on each read,
/// and a uniqueness check (copy on write) and a bounds check on each write; this costs neither
/// (its indexes are checked in debug builds only).
///
/// A copy of the value is the same storage, not a copy of it: the owner makes one
/// (`init(repeating:count:)`) and frees it once (`free()`), and lets no copy outlive it.
/// Only for plain values (no references: `Cell`, `Pen`, integers), which need no deinitialising.
struct FixedBuffer<Element> {
    /// The first element; room for `count` (for one where `count` is 0).
    let base: UnsafeMutablePointer<Element>
    /// How many elements.
    let count: Int

    /// `count` elements, each `value`.
    init(repeating value: Element, count: Int) {
        assert(_isPOD(Element.self), "FixedBuffer holds plain values only")
        self.count = max(0, count)
        base = .allocate(capacity: max(1, count))
        base.initialize(repeating: value, count: self.count)
    }

    /// The storage back to the system; no copy of the value may be used after.
    func free() {
        base.deallocate()
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            assert(i >= 0 && i < count, "FixedBuffer index \(i) out of 0..<\(count)")
            return base[i]
        }
        @inline(__always) nonmutating set {
            assert(i >= 0 && i < count, "FixedBuffer index \(i) out of 0..<\(count)")
            base[i] = newValue
        }
    }

    /// Every element `value`.
    func fill(_ value: Element) {
        base.update(repeating: value, count: count)
    }

    /// The elements as a buffer pointer.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The elements as a mutable buffer pointer.
    @inline(__always)
    func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }
}
