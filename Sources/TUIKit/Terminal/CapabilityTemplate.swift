/// A parameterised terminfo capability (`cup`, `cuf`, `csr`, `setaf`…) turned, once, into
/// literal bytes and numbers: `ESC [ %i%p1%d ; %p2%d H` becomes "ESC [", row + 1, ";",
/// column + 1, "H". Filling it in is then a few appends, not a run of terminfo's stack
/// language through `tiparm` (~6,500 instructions a move, ncurses' habit), and its length
/// for given numbers is known without making it (the writer's cursor-move costs).
///
/// A capability that does not fit this shape (a VT52's `ESC Y` with the numbers as
/// characters) keeps `evaluate`, which the terminal's description answers (`tiparm`).
struct CapabilityTemplate {
    enum Part: Equatable {
        case literal([UInt8])
        /// Parameter `index` (0 or 1) plus `offset`, in decimal.
        case decimal(index: Int, offset: Int)
    }

    /// The pieces, when the capability fits the shape; nil otherwise.
    var parts: [Part]? {
        program.map { program in
            var parts: [Part] = []
            for step in program {
                if step >= 0 {
                    if case .literal(let bytes)? = parts.last { parts[parts.count - 1] = .literal(bytes + [UInt8(step)]) } else { parts.append(.literal([UInt8(step)])) }
                } else {
                    let number = Self.number(step)
                    parts.append(.decimal(index: number.index, offset: number.offset))
                }
            }
            return parts
        }
    }
    /// Whether the capability fits the shape (a template of bytes and numbers), without the parts made.
    var fitsTheShape: Bool { program != nil }
    /// The parts as plain numbers, one a byte of a literal (0-255) or a decimal
    /// (`-1 - (index + 2 * (offset + 1))`): what `append` runs (a cursor move a cell or two apart
    /// makes one; an enum with an array in each part cost a retain, a copy and a release a part).
    private let program: [Int]?
    /// The capability made with these parameters, for one that does not fit.
    private let evaluate: ([Int]) -> [UInt8]

    /// The template of a capability that `evaluate` makes for given parameters (one or two),
    /// checked against `evaluate` at several points before it is trusted.
    init(parameters: Int, evaluate: @escaping ([Int]) -> [UInt8]) {
        self.evaluate = evaluate
        program = Self.compile(parameters: parameters, evaluate: evaluate).map(Self.program)
    }

    /// The template of a capability whose text (`source`, as terminfo holds it) is read straight
    /// where it is only bytes, `%i`, `%p1%d`, `%p2%d` and `%%` (xterm's, tmux's, screen's, the
    /// Linux console's moves, erases and scrolls): no evaluation through `evaluate` (~8 `tiparm`
    /// calls a capability, ~0.6 M instructions for the ~14 of a start-up). Any other text is
    /// compiled from `evaluate` as before; debug builds check that both ways agree.
    init(parameters: Int, source: [UInt8], evaluate: @escaping ([Int]) -> [UInt8]) {
        self.evaluate = evaluate
        if let read = Self.read(source, parameters: parameters) {
            assert(Self.compile(parameters: parameters, evaluate: evaluate) == read, "\(source): read \(read)")
            program = Self.program(read)
        } else {
            program = Self.compile(parameters: parameters, evaluate: evaluate).map(Self.program)
        }
    }

    /// `source`'s parts when it is only literal bytes (delays `$<…>` left out, as the writer
    /// leaves them out of what `tiparm` makes), `%%`, a `%i` before any number, and each
    /// parameter once as `%pN%d`; nil for anything else (conditions, arithmetic, `%c`…).
    static func read(_ source: [UInt8], parameters: Int) -> [Part]? {
        let text = TerminalCapabilities.withoutPadding(source)
        var parts: [Part] = [], literal: [UInt8] = []
        var offset = 0, used = [false, false]
        var i = 0
        let percent = UInt8(ascii: "%")
        while i < text.count {
            guard text[i] == percent else { literal.append(text[i]); i += 1; continue }
            guard i + 1 < text.count else { return nil }
            switch text[i + 1] {
            case percent:
                literal.append(percent); i += 2
            case UInt8(ascii: "i"):
                guard !used[0], !used[1], offset == 0 else { return nil }
                offset = 1; i += 2
            case UInt8(ascii: "p"):
                guard i + 4 < text.count, text[i + 3] == percent, text[i + 4] == UInt8(ascii: "d") else { return nil }
                let index = Int(text[i + 2]) - 0x31
                guard index >= 0, index < parameters, !used[index] else { return nil }
                used[index] = true
                if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
                parts.append(.decimal(index: index, offset: offset))
                i += 5
            default:
                return nil
            }
        }
        guard used.prefix(parameters).allSatisfy({ $0 }) else { return nil }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    /// A template of fixed parts (tests).
    init(parts: [Part]) {
        program = Self.program(parts)
        evaluate = { _ in [] }
    }

    private static func program(_ parts: [Part]) -> [Int] {
        var program: [Int] = []
        for part in parts {
            switch part {
            case .literal(let bytes): program += bytes.map(Int.init)
            case .decimal(let index, let offset):
                precondition((0...1).contains(index) && (-1...1).contains(offset), "a template's number is parameter 0 or 1, plus -1, 0 or 1")
                program.append(-1 - (index + 2 * (offset + 1)))
            }
        }
        return program
    }

    /// The parameter and offset of a program's step that is a number (`step < 0`; see `program`).
    @inline(__always)
    private static func number(_ step: Int) -> (index: Int, offset: Int) {
        let code = -1 - step
        return (code & 1, (code >> 1) - 1)
    }

    /// Appends the capability made with `p0` (and `p1`) to `out`.
    func append(_ p0: Int, _ p1: Int = 0, to out: inout [UInt8]) {
        guard let program else { out += evaluate([p0, p1]); return }
        program.withUnsafeBufferPointer { steps in
            for step in steps {
                if step >= 0 {
                    out.append(UInt8(truncatingIfNeeded: step))
                } else {
                    let number = Self.number(step)
                    Self.appendDecimal((number.index == 0 ? p0 : p1) + number.offset, to: &out)
                }
            }
        }
    }

    /// The bytes `append` would add.
    func cost(_ p0: Int, _ p1: Int = 0) -> Int {
        guard let program else { return evaluate([p0, p1]).count }
        var n = 0
        for step in program {
            if step >= 0 {
                n += 1
            } else {
                let number = Self.number(step)
                n += Self.digits((number.index == 0 ? p0 : p1) + number.offset)
            }
        }
        return n
    }

    /// The capability made with these parameters.
    func make(_ p0: Int, _ p1: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        append(p0, p1, to: &out)
        return out
    }

    static func digits(_ n: Int) -> Int {
        if n < 0 { return 1 + digits(-n) }
        var count = 1, v = n
        while v >= 10 { v /= 10; count += 1 }
        return count
    }

    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")); appendDecimal(-n, to: &out); return }
        if n < 10 { out.append(0x30 + UInt8(n)); return }
        if n < 100 { // a row or a column: most numbers sent
            out.append(0x30 + UInt8(n / 10))
            out.append(0x30 + UInt8(n % 10))
            return
        }
        var stack: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0, v = n
        withUnsafeMutableBytes(of: &stack) { digits in
            while v > 0 { digits[count] = 0x30 + UInt8(v % 10); v /= 10; count += 1 }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(digits[i]) }
        }
    }

    /// Finds the shape from one sample and checks it against others; nil when it does not hold.
    private static func compile(parameters: Int, evaluate: ([Int]) -> [UInt8]) -> [Part]? {
        let sample = parameters == 1 ? [173, 0] : [173, 419]
        let made = evaluate(sample)
        guard !made.isEmpty else { return nil }
        let checks: [[Int]] = parameters == 1 ? [[0, 0], [1, 0], [9, 0], [10, 0], [99, 0], [255, 0], [1000, 0]]
                                                : [[0, 0], [1, 2], [9, 99], [23, 79], [99, 9], [299, 1000], [5, 5]]
        for offset0 in [0, 1, -1] {
            for offset1 in parameters == 2 ? [0, 1, -1] : [0] {
                guard let parts = split(made, sample: sample, offsets: [offset0, offset1], parameters: parameters) else { continue }
                let template = CapabilityTemplate(parts: parts)
                if checks.allSatisfy({ template.make($0[0], $0[1]) == evaluate($0) }) { return parts }
            }
        }
        return nil
    }

    /// `made` cut where the samples' numbers (plus the offsets) appear in decimal, each once.
    private static func split(_ made: [UInt8], sample: [Int], offsets: [Int], parameters: Int) -> [Part]? {
        var found: [(at: Int, length: Int, index: Int)] = []
        for index in 0..<parameters {
            var text: [UInt8] = []
            appendDecimal(sample[index] + offsets[index], to: &text)
            guard let at = firstIndex(of: text, in: made) else { return nil }
            found.append((at, text.count, index))
        }
        found.sort { $0.at < $1.at }
        if found.count == 2, found[0].at + found[0].length > found[1].at { return nil }
        var parts: [Part] = []
        var position = 0
        for f in found {
            if f.at > position { parts.append(.literal(Array(made[position..<f.at]))) }
            parts.append(.decimal(index: f.index, offset: offsets[f.index]))
            position = f.at + f.length
        }
        if position < made.count { parts.append(.literal(Array(made[position...]))) }
        return parts
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }
}
