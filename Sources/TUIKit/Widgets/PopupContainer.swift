/// A popup over the current screen: the screen underneath stays visible,
/// dimmed; the content sits centred in a framed panel. Esc or a click outside
/// the panel calls `onOutsideContentTapAction` (seed 000's name for it).
///
/// ```swift
/// final class FriendsPopup: ViewController {
///     override func loadView() {
///         let popup = PopupContainer(contentView: FriendsListView(), preferredSize: Size(width: 40, height: 12),
///                                    title: "Friends")
///         popup.onOutsideContentTapAction = { [unowned self] in dismiss() }
///         view = popup
///     }
/// }
/// present(FriendsPopup())
/// ```
@MainActor
open class PopupContainer: View {
    /// The popup's styles and margin.
    public struct ViewConfig {
        /// The panel's background and text.
        public var panel: Style
        /// The panel's border.
        public var border: Style
        /// The title in the top border.
        public var title: Style
        /// Space kept free around the panel at the screen's edges.
        public var margin: Int
    }

    /// The view inside the panel (inside the border).
    public let contentView: View
    /// Shown in the top border; nil shows none.
    public var title: String? { didSet { setNeedsDisplay() } }
    /// Called on Esc or a click outside the panel (usually to dismiss the popup); nil: neither does anything.
    public var onOutsideContentTapAction: (() -> Void)? {
        didSet { if (onOutsideContentTapAction == nil) != (oldValue == nil) { setNeedsKeyCommandsUpdate() } }
    }
    /// The styles the popup was made with.
    public let viewConfig: ViewConfig
    private let panel = View()

    /// A panel of at most `preferredSize` (border included), shrunk to fit the screen.
    public init(contentView: View, preferredSize: Size, title: String? = nil, viewConfig: ViewConfig = .defaultConfig) {
        self.contentView = contentView
        self.title = title
        self.viewConfig = viewConfig
        super.init(frame: .zero)
        panel.style = viewConfig.panel
        panel.isOpaque = true // the screen beneath never shows through, also without colours
        addSubview(panel)
        panel.translatesAutoresizingMaskIntoConstraints = false
        preferredWidth = preferredSize.width
        heightConstraint = panel.heightAnchor.constraint(equalToConstant: preferredSize.height)
        LayoutConstraint.activate([
            panel.centerXAnchor.constraint(equalTo: centerXAnchor),
            panel.centerYAnchor.constraint(equalTo: centerYAnchor),
            panel.widthAnchor.constraint(equalToConstant: preferredSize.width),
            heightConstraint,
            panel.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -2 * viewConfig.margin),
            panel.heightAnchor.constraint(lessThanOrEqualTo: heightAnchor, constant: -viewConfig.margin),
        ])
        panel.addSubview(contentView)
        contentView.pinEdges(to: panel, insets: EdgeInsets(all: 1))
    }

    private var preferredWidth = 0
    private var heightConstraint: LayoutConstraint!

    /// The panel's height (border included) for the width it gets on this screen; nil: the
    /// preferred height. An alert's message wraps to more lines on a narrow screen, and its
    /// panel grows with them.
    public var heightForWidth: ((_ panelWidth: Int) -> Int)? { didSet { setNeedsLayout() } }

    open override func layoutSubviews() {
        if let heightForWidth {
            let width = max(1, min(preferredWidth, bounds.width - 2 * viewConfig.margin))
            let height = heightForWidth(width)
            if heightConstraint.constant != height { heightConstraint.constant = height }
        }
        super.layoutSubviews()
    }

    /// The panel's frame, in this view's coordinates.
    public var panelFrame: Rect { panel.frame }

    open override var isFocusScope: Bool { true }

    open override func draw(in canvas: Canvas) {
        // The backdrop: dim what is underneath, around the panel (opaque: it is filled before it
        // is drawn, so what it covers is drawn over anyway).
        let p = panel.frame.intersection(bounds)
        guard !panel.isHidden, panel.fillsItself, !p.isEmpty else {
            canvas.restyle(canvas.bounds) { $0.adding(.dim) }
            return
        }
        for r in [Rect(x: 0, y: 0, width: bounds.width, height: p.minY),
                  Rect(x: 0, y: p.maxY, width: bounds.width, height: bounds.height - p.maxY),
                  Rect(x: 0, y: p.minY, width: p.minX, height: p.height),
                  Rect(x: p.maxX, y: p.minY, width: bounds.width - p.maxX, height: p.height)] where !r.isEmpty {
            canvas.restyle(r) { $0.adding(.dim) }
        }
    }

    open override func drawOverlay(in canvas: Canvas) {
        let frame = panel.frame
        canvas.drawBox(frame, style: viewConfig.border.merged(over: viewConfig.panel))
        // The title only where its line is drawn (a list's row redrawn inside the panel is not).
        if let title, frame.width > 6, canvas.shows(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1)) {
            let text = " " + TextLayout.truncate(title, toWidth: frame.width - 6) + " "
            canvas.write(text, at: Point(x: frame.minX + 2, y: frame.minY), style: viewConfig.title.merged(over: viewConfig.panel))
        }
    }

    open override func mouseDown(at point: Point) -> Bool {
        if !panel.frame.contains(point) { onOutsideContentTapAction?() }
        return true
    }

    open override func handleKey(_ key: Key) -> Bool {
        guard key == .escape, let onOutsideContentTapAction else { return false }
        onOutsideContentTapAction()
        return true
    }

    open override var keyCommands: [KeyCommand] {
        guard onOutsideContentTapAction != nil else { return [] }
        return [KeyCommand(.escape, title: "Close") { [weak self] in self?.onOutsideContentTapAction?() }]
    }
}

@MainActor
extension PopupContainer.ViewConfig {
    /// The theme's styles: base panel, border colour, emphasised title, a margin of 2.
    public static var defaultConfig: PopupContainer.ViewConfig {
        let theme = Theme.live
        return PopupContainer.ViewConfig(panel: theme.base, border: theme.border, title: theme.emphasis, margin: 2)
    }
}
