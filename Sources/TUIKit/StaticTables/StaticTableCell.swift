/// What the static cells share: a row of `[icon] title … value/switch/›`, and
/// under it a subtitle wrapped to the width. Each cell type below takes only
/// the capabilities it declares, so a model's extra parts are ignored.
///
/// ```swift
/// func cellType(for model: Row) -> StaticTableViewCellClass.Type {
///     switch model {
///     case .header: StaticSectionHeaderCell.self
///     case .version: StaticValueCell.self
///     case .signOut: StaticDestructiveCell.self
///     }
/// }
/// ```
@MainActor
open class StaticTableCell: TableViewCell {
    /// What a cell shows at its right end after the value: nothing, or a "›" that says the row opens something.
    public enum Accessory { case none, disclosure }

    /// The text on the first line, after the icon.
    public internal(set) var title: String?
    /// The text under the title, wrapped to the cell's width (nil or empty: none).
    public internal(set) var subtitle: String?
    /// A glyph shown before the title.
    public internal(set) var icon: String?
    /// The title's own style; nil uses `titleStyle`.
    public internal(set) var textStyle: Style?
    /// A value shown at the right of the first line.
    public internal(set) var value: String?
    /// The state of the on/off switch at the right; nil shows no switch.
    public internal(set) var isOn: Bool?
    /// The accessory at the right end; subclasses override it (`.disclosure` draws "›").
    open var accessory: Accessory { .none }
    /// The title's style when the model gives none; bold unless a subclass says otherwise.
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
        if let isOn { right = isOn ? Glyphs.current.switchOn : Glyphs.current.switchOff }
        if let value, !value.isEmpty { right = value + (right.isEmpty ? "" : "  " + right) }
        if accessory == .disclosure { right += (right.isEmpty ? "" : "  ") + Glyphs.current.disclosure }
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
    /// The cell is one line high.
    public static let height = 1
    /// Shows the model's title.
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    /// Shows the model's icon before the title.
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
    /// Draws the title in the model's style.
    public func configure(by model: Styled) { textStyle = model.textStyle; setNeedsDisplay() }
}

/// A title and a subtitle under it that wraps: its height follows the subtitle.
public final class StaticSubtitleCell: StaticTableCell, StaticCell, TitledConfigurable, SubtitledConfigurable, IconedConfigurable, StyledConfigurable {
    /// The least height: a title line and one subtitle line.
    public static let height = 2
    /// The height the table assumes before it knows its width.
    public static var estimatedHeight: Int? { 2 }
    /// One line for the title plus the subtitle's wrapped lines at `width` (at least one).
    public static func height(for model: Any, width: Int) -> Int {
        1 + max(1, subtitleLines((model as? Subtitled)?.subtitle, width: width).count)
    }
    /// Shows the model's title.
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    /// Shows the model's subtitle under the title.
    public func configure(by model: Subtitled) { subtitle = model.subtitle; setNeedsDisplay() }
    /// Shows the model's icon before the title.
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
    /// Draws the title in the model's style.
    public func configure(by model: Styled) { textStyle = model.textStyle; setNeedsDisplay() }
}

/// A title with a value at the right.
public final class StaticValueCell: StaticTableCell, StaticCell, TitledConfigurable, ValuedConfigurable, IconedConfigurable {
    /// The cell is one line high.
    public static let height = 1
    /// Shows the model's title.
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    /// Shows the model's value at the right.
    public func configure(by model: Valued) { value = model.value; setNeedsDisplay() }
    /// Shows the model's icon before the title.
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// A title with an on/off switch at the right.
public final class StaticToggleCell: StaticTableCell, StaticCell, TitledConfigurable, ToggledConfigurable, IconedConfigurable {
    /// The cell is one line high.
    public static let height = 1
    /// Shows the model's title.
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    /// Shows the switch in the model's state ("◉ On" or "○ Off").
    public func configure(by model: Toggled) { isOn = model.isOn; setNeedsDisplay() }
    /// Shows the model's icon before the title.
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// A row that opens something: a title, an optional value, and "›".
public final class StaticDisclosureCell: StaticTableCell, StaticCell, TitledConfigurable, ValuedConfigurable, IconedConfigurable {
    /// The cell is one line high.
    public static let height = 1
    public override var accessory: Accessory { .disclosure }
    /// Shows the model's title.
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    /// Shows the model's value before the "›".
    public func configure(by model: Valued) { value = model.value; setNeedsDisplay() }
    /// Shows the model's icon before the title.
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// An action that destroys something, in the error colour.
public final class StaticDestructiveCell: StaticTableCell, StaticCell, TitledConfigurable, IconedConfigurable {
    /// The cell is one line high.
    public static let height = 1
    public override var titleStyle: Style { Theme.live.error }
    /// Shows the model's title (in the error style).
    public func configure(by model: Titled) { title = model.title; setNeedsDisplay() }
    /// Shows the model's icon before the title.
    public func configure(by model: Iconed) { icon = model.icon; setNeedsDisplay() }
}

/// A group's heading: not selectable.
public final class StaticSectionHeaderCell: StaticTableCell, StaticCell, TitledConfigurable {
    /// The cell is one line high.
    public static let height = 1
    public override var isSelectable: Bool { false }
    public override var titleStyle: Style { Theme.live.emphasis }
    /// Shows the model's title in capitals.
    public func configure(by model: Titled) { title = model.title?.uppercased(); setNeedsDisplay() }
}

/// An empty line between groups: not selectable.
public final class StaticSpacerCell: StaticTableCell, StaticCell {
    /// The cell is one line high.
    public static let height = 1
    public override var isSelectable: Bool { false }
}
