/// What the static cells share: a row of `[icon] title … value/switch/›`, and
/// under it a subtitle wrapped to the width. Each cell type below takes only
/// the capabilities it declares, so a model's extra parts are ignored.
@MainActor
open class StaticTableCell: TableViewCell {
    public enum Accessory { case none, disclosure }

    public internal(set) var title: String?
    public internal(set) var subtitle: String?
    public internal(set) var icon: String?
    public internal(set) var textStyle: Style?
    public internal(set) var value: String?
    public internal(set) var isOn: Bool?
    open var accessory: Accessory { .none }
    open var titleStyle: Style { Style(attributes: .bold) }

    /// The subtitle's lines at a width (the text starts after a 2-column indent and the icon's room).
    static func subtitleLines(_ subtitle: String?, width: Int) -> [String] {
        guard let subtitle, !subtitle.isEmpty else { return [] }
        return TextLayout.wrap(subtitle, toWidth: max(1, width - 6))
    }

    open override func draw(in canvas: Canvas) {
        let width = canvas.size.width
        let base = isSelected ? Theme.live.selection : Style.plain
        var x = 1
        if let icon, !icon.isEmpty {
            x += canvas.write(icon, at: Point(x: x, y: 0), style: base)
            x += 1
        } else {
            x += 2
        }
        // The right-hand side first, so the title knows its room.
        var right = ""
        if let isOn { right = isOn ? "◉ On " : "○ Off" }
        if let value, !value.isEmpty { right = value + (right.isEmpty ? "" : "  " + right) }
        if accessory == .disclosure { right += right.isEmpty ? "›" : "  ›" }
        let rightWidth = DisplayWidth.of(right)
        let titleRoom = max(0, width - x - rightWidth - 2)
        let style = (textStyle ?? titleStyle).merged(over: base)
        // On the selection, secondary text takes the selection's colours (grey on its blue is hard to read).
        let secondary = isSelected ? base : Theme.live.secondary
        canvas.write(TextLayout.truncate(title ?? "", toWidth: titleRoom), at: Point(x: x, y: 0), style: style)
        if rightWidth > 0, width - rightWidth - 1 > x {
            canvas.write(right, at: Point(x: width - rightWidth - 1, y: 0), style: secondary)
        }
        for (i, line) in Self.subtitleLines(subtitle, width: width).enumerated() where i + 1 < canvas.size.height {
            canvas.write(line, at: Point(x: 5, y: i + 1), style: secondary)
        }
    }

    open override func selectionDidChange() {
        super.selectionDidChange()
        setNeedsDisplay()
    }
}

/// A title (with an icon and a style).
public final class StaticTextCell: StaticTableCell, StaticCell, TitledConfigurable, IconedConfigurable, StyledConfigurable {
    public static let height = 1
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
    public func configure(by model: Styled) { textStyle = model.textStyle; setNeedsDisplay() }
}

/// A title and a subtitle under it that wraps: its height follows the subtitle.
public final class StaticSubtitleCell: StaticTableCell, StaticCell, TitledConfigurable, SubtitledConfigurable, IconedConfigurable, StyledConfigurable {
    public static let height = 2
    public static var estimatedHeight: Int? { 2 }
    public static func height(for model: Any, width: Int) -> Int {
        1 + max(1, subtitleLines((model as? Subtitled)?.subtitle, width: width).count)
    }
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    public func configure(by model: Subtitled) { subtitle = model.subtitle; setNeedsDisplay() }
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
    public func configure(by model: Styled) { textStyle = model.textStyle; setNeedsDisplay() }
}

/// A title with a value at the right.
public final class StaticValueCell: StaticTableCell, StaticCell, TitledConfigurable, ValuedConfigurable, IconedConfigurable {
    public static let height = 1
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    public func configure(by model: Valued) { value = model.value; setNeedsDisplay() }
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// A title with an on/off switch at the right.
public final class StaticToggleCell: StaticTableCell, StaticCell, TitledConfigurable, ToggledConfigurable, IconedConfigurable {
    public static let height = 1
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    public func configure(by model: Toggled) { isOn = model.isOn; setNeedsDisplay() }
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// A row that opens something: a title, an optional value, and "›".
public final class StaticDisclosureCell: StaticTableCell, StaticCell, TitledConfigurable, ValuedConfigurable, IconedConfigurable {
    public static let height = 1
    public override var accessory: Accessory { .disclosure }
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    public func configure(by model: Valued) { value = model.value; setNeedsDisplay() }
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// An action that destroys something, in the error colour.
public final class StaticDestructiveCell: StaticTableCell, StaticCell, TitledConfigurable, IconedConfigurable {
    public static let height = 1
    public override var titleStyle: Style { Theme.live.error }
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// A group's heading: not selectable.
public final class StaticSectionHeaderCell: StaticTableCell, StaticCell, TitledConfigurable {
    public static let height = 1
    public override var isSelectable: Bool { false }
    public override var titleStyle: Style { Theme.live.emphasis }
    public func configure(by model: Titled) { title = model.title?.uppercased(); setNeedsDisplay() }
}

/// An empty line between groups: not selectable.
public final class StaticSpacerCell: StaticTableCell, StaticCell {
    public static let height = 1
    public override var isSelectable: Bool { false }
}
