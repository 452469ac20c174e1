/// Seeded random KEYS scripts for fuzzing a whole app: keys, Unicode text,
/// resizes from 1x1 to 300x100, clicks, waits and signals. The same seed
/// gives the same script, so a failure is reproduced by its seed.
public struct FuzzScript {
    private var state: UInt64

    /// A generator whose scripts are decided by `seed`.
    public init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    static let keys = ["Enter", "Esc", "Tab", "S-Tab", "Backspace", "Delete", "Up", "Down", "Left", "Right", "Home", "End",
                       "PgUp", "PgDn", "F1", "F2", "Space", "C-a", "C-e", "C-k", "C-l", "C-n", "C-p", "C-o", "C-t", "C-u", "C-w",
                       "j", "k", "e", "d", "f", "F", "S", "A", "?", "/", "x", "1"]
    /// Text pieces from several scripts, with wide, combining and non-printing ones.
    static let pieces = ["a", "Z", "7", "@", ".", "-", "Ä", "é", "Ж", "あ", "漢", "한", "🙂", "👩‍💻", "e\u{301}", "\u{2028}", "\u{202E}",
                         "ا", "ß", " "]

    /// One token.
    public mutating func token() -> String {
        switch below(100) {
        case 0..<45: return Self.keys[below(Self.keys.count)]
        case 45..<65:
            let count = 1 + below(12)
            return "\"" + (0..<count).map { _ in Self.pieces[below(Self.pieces.count)] }.joined() + "\""
        case 65..<73: return "resize:\(1 + below(300))x\(1 + below(100))"
        case 73..<80: return "click:\(below(120)),\(below(40))"
        case 80..<82: return "wheel:\(below(2) == 0 ? "up" : "down"):\(below(80)),\(below(24))"
        case 82..<98: return "wait:\([50, 200, 500, 2000][below(4)])ms"
        default: return "signal:\(["TSTP", "INT"][below(2)])"
        }
    }

    /// A script of `count` tokens, starting past the splash and ending on a size the app can show.
    public mutating func script(tokens count: Int) -> String {
        (["wait:1s"] + (0..<count).map { _ in token() } + ["resize:80x24", "wait:1s"]).joined(separator: " ")
    }
}
