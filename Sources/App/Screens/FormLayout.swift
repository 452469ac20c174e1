import TUIKit

/// Stacks views in a centred column of a screen, each with its height, one
/// below the other (the forms of the login and account screens), in a scroll
/// view that follows the focus, so every field can be reached at any height;
/// a label right above a field (its caption) comes into view with it.
@MainActor
enum FormLayout {
    static func stack(_ rows: [(view: View, height: Int)], in screen: View, width: Int = 44, top: Int = 1) {
        let scroll = ScrollView(contentHeight: top + rows.reduce(0) { $0 + $1.height })
        screen.addSubview(scroll)
        scroll.pinEdges(to: screen)
        let container = scroll.contentView
        var previous: View?
        for (view, height) in rows {
            container.addSubview(view)
            view.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([
                view.centerXAnchor.constraint(equalTo: container.centerXAnchor),
                view.widthAnchor.constraint(equalToConstant: width),
                view.widthAnchor.constraint(lessThanOrEqualTo: container.widthAnchor, constant: -2),
                view.heightAnchor.constraint(equalToConstant: height),
                previous.map { view.topAnchor.constraint(equalTo: $0.bottomAnchor) }
                    ?? view.topAnchor.constraint(equalTo: container.topAnchor, constant: top),
            ])
            if let caption = previous as? Label, view.canBecomeFirstResponder { scroll.reveal(caption, with: view) }
            previous = view
        }
    }

    /// A one-line caption above a field.
    static func caption(_ text: String) -> Label { Label(text, style: Theme.live.secondary) }

    /// An empty row.
    static func gap() -> View { View() }
}
