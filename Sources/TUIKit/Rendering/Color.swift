/// A terminal colour: one of the 16 ANSI colours or one of the 256-colour palette.
///
/// Where a `Style` leaves a colour `nil`, the terminal's own default shows.
public enum Color: Hashable, Sendable {
    /// One of the 16 ANSI colours, `0...15` (8...15 are the bright ones).
    case ansi(UInt8)
    /// One of the 256-colour palette (16...231 the colour cube, 232...255 greys).
    case indexed(UInt8)

    /// ANSI colour 0.
    public static let black = Color.ansi(0)
    /// ANSI colour 1.
    public static let red = Color.ansi(1)
    /// ANSI colour 2.
    public static let green = Color.ansi(2)
    /// ANSI colour 3.
    public static let yellow = Color.ansi(3)
    /// ANSI colour 4.
    public static let blue = Color.ansi(4)
    /// ANSI colour 5.
    public static let magenta = Color.ansi(5)
    /// ANSI colour 6.
    public static let cyan = Color.ansi(6)
    /// ANSI colour 7 (a light grey on most terminals).
    public static let white = Color.ansi(7)
    /// ANSI colour 8 (a dark grey on most terminals).
    public static let brightBlack = Color.ansi(8)
    /// ANSI colour 9.
    public static let brightRed = Color.ansi(9)
    /// ANSI colour 10.
    public static let brightGreen = Color.ansi(10)
    /// ANSI colour 11.
    public static let brightYellow = Color.ansi(11)
    /// ANSI colour 12.
    public static let brightBlue = Color.ansi(12)
    /// ANSI colour 13.
    public static let brightMagenta = Color.ansi(13)
    /// ANSI colour 14.
    public static let brightCyan = Color.ansi(14)
    /// ANSI colour 15.
    public static let brightWhite = Color.ansi(15)

    /// A grey from the 256-colour ramp, `level` 0 (darkest) ... 23 (lightest).
    public static func gray(_ level: Int) -> Color { .indexed(UInt8(232 + max(0, min(23, level)))) }

    /// A colour from the 6x6x6 cube, each component `0...5`.
    public static func rgb(_ r: Int, _ g: Int, _ b: Int) -> Color {
        func c(_ v: Int) -> Int { max(0, min(5, v)) }
        return .indexed(UInt8(16 + 36 * c(r) + 6 * c(g) + c(b)))
    }

    /// The palette index a terminal with `colors` colours should use for this colour.
    public func paletteIndex(forTerminalColors colors: Int) -> Int {
        switch self {
        case .ansi(let n):
            return colors >= 16 ? Int(n) : Int(n % 8)
        case .indexed(let n):
            if colors >= 256 { return Int(n) }
            let approx = Color.nearestANSI(toPaletteIndex: Int(n))
            return colors >= 16 ? approx : approx % 8
        }
    }

    /// The nearest of the 16 ANSI colours to a 256-palette entry.
    static func nearestANSI(toPaletteIndex n: Int) -> Int {
        if n < 16 { return n }
        if n >= 232 {
            let level = n - 232
            switch level {
            case 0..<6: return 0
            case 6..<12: return 8
            case 12..<19: return 7
            default: return 15
            }
        }
        let v = n - 16
        let r = v / 36, g = (v / 6) % 6, b = v % 6
        let bright = max(r, g, b) >= 4
        let bits = (r >= 2 ? 1 : 0) | (g >= 2 ? 2 : 0) | (b >= 2 ? 4 : 0)
        return bits + (bright && bits != 0 ? 8 : 0)
    }
}
