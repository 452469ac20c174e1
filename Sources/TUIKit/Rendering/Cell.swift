/// One cell of the terminal grid: one grapheme cluster, its display width and its style.
///
/// A two-column character occupies its cell (`width == 2`) and the cell to its
/// right, which holds a `continuation` marker (`width == 0`) that is never drawn
/// on its own. Cells are plain values of a few bytes with no references — the
/// style is packed into an integer — so buffers fill, copy and compare quickly.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster the cell shows, as packed bits.
    public var grapheme: Grapheme
    private var packedStyle: UInt32
    /// The columns the character takes: 1, 2 for a wide character, 0 for the right half of one.
    public var width: UInt8

    /// A cell showing `character` in `style`; pass `width: 2` for a wide character.
    public init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
        self.init(grapheme: Grapheme(character), width: width, style: style)
    }

    init(grapheme: Grapheme, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.packedStyle = Self.pack(style)
    }

    /// The grapheme cluster the cell shows.
    public var character: Character {
        get { grapheme.character }
        set { grapheme = Grapheme(newValue) }
    }

    /// The style as packed bits: equal bits, equal style (a terminal caches what it made of one).
    var styleBits: UInt32 { packedStyle }

    /// The style packed bits stand for (the inverse of `styleBits`).
    static func style(fromBits bits: UInt32) -> Style { unpack(bits) }

    /// A cell of already packed style bits (what a terminal sent a cell with).
    init(grapheme: Grapheme, width: UInt8, styleBits: UInt32) {
        self.grapheme = grapheme
        self.width = width
        self.packedStyle = styleBits
    }

    /// The cell's colours and attributes.
    public var style: Style {
        get { Self.unpack(packedStyle) }
        set { packedStyle = Self.pack(newValue) }
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell(grapheme: .space, width: 1, style: .plain)

    /// The right half of a two-column character.
    public static func continuation(style: Style) -> Cell { Cell(grapheme: .space, width: 0, style: style) }

    /// Whether this is the right half of a two-column character (drawn by the cell to its left).
    public var isContinuation: Bool { width == 0 }

    // Style in 26 bits: foreground (9), background (9), attributes (8).
    private static func code(_ color: Color?) -> UInt32 {
        switch color {
        case nil: 0
        case .ansi(let n)?: 1 + UInt32(n & 0x0F)
        case .indexed(let n)?: 17 + UInt32(n)
        }
    }

    private static func color(_ code: UInt32) -> Color? {
        switch code {
        case 0: nil
        case 1...16: .ansi(UInt8(code - 1))
        default: .indexed(UInt8(code - 17))
        }
    }

    private static func pack(_ style: Style) -> UInt32 {
        code(style.foreground) | code(style.background) << 9 | UInt32(style.attributes.rawValue) << 18
    }

    private static func unpack(_ bits: UInt32) -> Style {
        Style(foreground: color(bits & 0x1FF), background: color((bits >> 9) & 0x1FF),
              attributes: TextAttributes(rawValue: UInt8((bits >> 18) & 0xFF)))
    }
}
