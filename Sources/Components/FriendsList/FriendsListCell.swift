import TUIKit

/// One friend: the avatar placeholder (initials in a small block), the name,
/// the status line under it, and a separator — or, at the end of the list,
/// the "loading…" row while the next page is on its way.
@MainActor
public final class FriendsListCell: View {
    public struct ViewConfig {
        public var name: Style
        public var status: Style
        public var avatar: Style
        public var separator: Style
        public var selected: Style
        public var loading: Style
    }

    /// Name, status, separator.
    public static let height = 3
    /// Columns the avatar takes (initials are padded to it; two CJK characters fill it).
    static let avatarWidth = 4

    public enum Content: Equatable {
        case friend(FriendsListItem)
        case loading
        case blank
    }

    public private(set) var content: Content = .blank
    public private(set) var isSelected = false
    public let viewConfig: ViewConfig

    public init(viewConfig: ViewConfig = .defaultConfig) {
        self.viewConfig = viewConfig
        super.init(frame: .zero)
    }

    public func configure(_ content: Content, selected: Bool) {
        guard content != self.content || selected != isSelected else { return }
        if content != self.content { boxedAvatar = nil }
        self.content = content
        isSelected = selected
        setNeedsDisplay()
    }

    /// The avatar padded to its box, made at the first draw of this content (a row whose
    /// selection changes is drawn again with the same one).
    private var boxedAvatar: String?

    private func boxed(_ avatar: String) -> String {
        if let boxedAvatar { return boxedAvatar }
        let shown = TextLayout.truncate(avatar, toWidth: Self.avatarWidth)
        let padding = Self.avatarWidth - DisplayWidth.of(shown)
        let made = String(repeating: " ", count: padding / 2) + shown + String(repeating: " ", count: padding - padding / 2)
        boxedAvatar = made
        return made
    }

    public override func draw(in canvas: Canvas) {
        let width = canvas.bounds.width
        switch content {
        case .blank:
            return
        case .loading:
            _ = canvas.writeTruncating("  loading…", at: Point(x: 0, y: 0), style: viewConfig.loading)
        case .friend(let item):
            let row = isSelected ? viewConfig.selected : Style.plain
            if isSelected { canvas.fill(Rect(x: 0, y: 0, width: width, height: 2), style: row) }
            // Each piece only where it is drawn (a redraw for the list's scroll mark shows one cell at the edge).
            if canvas.shows(Rect(x: 1, y: 0, width: Self.avatarWidth, height: 1)) {
                _ = canvas.write(boxed(item.avatar), at: Point(x: 1, y: 0), style: viewConfig.avatar)
            }
            let textX = 2 + Self.avatarWidth
            let textWidth = max(0, width - textX - 1)
            if canvas.shows(Rect(x: textX, y: 0, width: textWidth, height: 1)) {
                _ = canvas.write(TextLayout.truncate(item.name, toWidth: textWidth), at: Point(x: textX, y: 0),
                                 style: viewConfig.name.merged(over: row))
            }
            if canvas.shows(Rect(x: textX, y: 1, width: textWidth, height: 1)) {
                _ = canvas.write(TextLayout.truncate(item.status, toWidth: textWidth), at: Point(x: textX, y: 1),
                                 style: isSelected ? row : viewConfig.status.merged(over: row)) // grey on the selection's blue is hard to read (light theme)
            }
        }
        if canvas.bounds.height > 2, width > 2 {
            canvas.fill(Rect(x: 1, y: 2, width: width - 2, height: 1), with: "─", style: viewConfig.separator)
        }
    }
}

@MainActor
extension FriendsListCell.ViewConfig {
    public static var defaultConfig: FriendsListCell.ViewConfig {
        let theme = Theme.live
        return FriendsListCell.ViewConfig(name: Style(attributes: .bold), status: theme.secondary, avatar: theme.selection.adding(.bold),
                                          separator: theme.secondary, selected: theme.selection, loading: theme.secondary)
    }
}
