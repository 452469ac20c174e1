/// A child view pinned to all four edges of its container, with a horizontal
/// offset that slide transitions move.
@MainActor
struct EdgePins {
    let leading: LayoutConstraint
    let trailing: LayoutConstraint

    @discardableResult
    static func embed(_ view: View, in container: View) -> EdgePins {
        if view.superview !== container { container.addSubview(view) }
        LayoutConstraint.deactivate(view.constraints.filter { $0.firstItem === view && $0.secondItem === container })
        view.translatesAutoresizingMaskIntoConstraints = false
        let leading = view.leadingAnchor.constraint(equalTo: container.leadingAnchor)
        let trailing = view.trailingAnchor.constraint(equalTo: container.trailingAnchor)
        // In a window with a bottom bar, a controller's view stops above it.
        let bottom = view.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -((container as? Window)?.bottomInset ?? 0))
        bottom.identifier = bottomIdentifier
        LayoutConstraint.activate([
            leading, trailing,
            view.topAnchor.constraint(equalTo: container.topAnchor),
            bottom,
        ])
        return EdgePins(leading: leading, trailing: trailing)
    }

    /// Marks the bottom constraint, which a window's bottom bar adjusts.
    static let bottomIdentifier = "embedded.bottom"

    func offset(x: Int) {
        leading.constant = x
        trailing.constant = x
    }
}
