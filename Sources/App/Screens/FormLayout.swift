import TUIKit

/// Stacks views in a centred column of a screen, each with its height, one
/// below the other (the forms of the login and account screens), in a scroll
/// view that follows the focus, so every field can be reached at any height;
/// a label right above a field (its caption) comes into view with it.
///
/// A `GrowingLabel` row (a form's message) is at least its given height and grows to hold its
/// text whole, wrapped at the width it has: an error is never cut, at 40 columns or at 200 (the
/// scroll view scrolls where the screen is shorter).
@MainActor
enum FormLayout {
    static func stack(_ rows: [(view: View, height: Int)], in screen: View, width: Int = 44, top: Int = 1) {
        let scroll = FormScrollView(contentHeight: top + rows.reduce(0) { $0 + $1.height })
        screen.addSubview(scroll)
        scroll.pinEdges(to: screen)
        let container = scroll.contentView
        var previous: View?
        var heights: [(row: (view: View, height: Int), constraint: LayoutConstraint)] = []
        for row in rows {
            let (view, height) = row
            container.addSubview(view)
            view.translatesAutoresizingMaskIntoConstraints = false
            let fixed = view.heightAnchor.constraint(equalToConstant: height)
            LayoutConstraint.activate([
                view.centerXAnchor.constraint(equalTo: container.centerXAnchor),
                view.widthAnchor.constraint(equalToConstant: width),
                view.widthAnchor.constraint(lessThanOrEqualTo: container.widthAnchor, constant: -2),
                fixed,
                previous.map { view.topAnchor.constraint(equalTo: $0.bottomAnchor) }
                    ?? view.topAnchor.constraint(equalTo: container.topAnchor, constant: top),
            ])
            heights.append((row, fixed))
            if let caption = previous as? Label, view.canBecomeFirstResponder { scroll.reveal(caption, with: view) }
            if let growing = view as? GrowingLabel { growing.onTextChange = { [weak scroll] in scroll?.setNeedsLayout() } }
            previous = view
        }
        guard heights.contains(where: { $0.row.view is GrowingLabel }) else { return }
        // Each growing row as tall as its text at the width it gets (the column, or the screen less a margin).
        scroll.fit = { screenWidth in
            let columns = max(1, min(width, screenWidth - 2))
            var total = top
            for (row, constraint) in heights {
                var height = row.height
                if let label = row.view as? GrowingLabel, !label.text.isEmpty {
                    height = max(height, label.heightThatFits(width: columns) ?? height)
                }
                if constraint.constant != height { constraint.constant = height }
                total += height
            }
            return total
        }
    }

    /// A one-line caption above a field.
    static func caption(_ text: String) -> Label { Label(text, style: Theme.live.secondary) }

    /// An empty row.
    static func gap() -> View { View() }
}

/// A form's message (an error, a notice): wraps, and its `FormLayout` row grows to hold it whole.
@MainActor
final class GrowingLabel: Label {
    /// Told when the text changes (the form makes the row fit it).
    var onTextChange: (() -> Void)?

    override var text: String { didSet { if text != oldValue { onTextChange?() } } }

    init(style: Style = .plain) {
        super.init("", style: style)
        wrapsText = true
    }
}

/// The scroll view of a `FormLayout` stack: before each layout the rows that grow are fitted to
/// the width (`fit` returns the content's height then).
@MainActor
final class FormScrollView: ScrollView {
    var fit: ((_ width: Int) -> Int)?

    override func layoutSubviews() {
        if let fit {
            let height = fit(bounds.width)
            if height != contentHeight { contentHeight = height }
        }
        super.layoutSubviews()
    }
}
