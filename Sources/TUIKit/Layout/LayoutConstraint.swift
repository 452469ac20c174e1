/// A relation between two layout attributes: `first.attribute == second.attribute × multiplier + constant`
/// (or `<=`/`>=` for dimensions). It takes part in layout while `isActive`.
///
/// ```swift
/// label.translatesAutoresizingMaskIntoConstraints = false
/// LayoutConstraint.activate([
///     label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
///     label.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
///     label.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
///     label.heightAnchor.constraint(equalToConstant: 1),
/// ])
/// ```
@MainActor
public final class LayoutConstraint {
    /// The view whose attribute is placed.
    public private(set) weak var firstItem: View?
    /// The attribute of `firstItem` the constraint sets.
    public let firstAttribute: LayoutAttribute
    /// Equal, at most or at least.
    public let relation: LayoutRelation
    /// The view measured against; nil for a constant size (`widthAnchor.constraint(equalToConstant:)`).
    public private(set) weak var secondItem: View?
    /// The attribute of `secondItem` measured against; nil with no second item.
    public let secondAttribute: LayoutAttribute?
    /// The factor on the second attribute (1 unless made with `multiplier:`).
    public let multiplier: Double
    /// May be changed while active; the next layout pass uses the new value.
    public var constant: Int { didSet { if isActive { firstItem?.superview?.setNeedsLayout() } } }
    let hasSecondItem: Bool
    /// A name for finding the constraint again (and in diagnostics).
    public var identifier: String?

    init(first: View, firstAttribute: LayoutAttribute, relation: LayoutRelation,
         second: View?, secondAttribute: LayoutAttribute?, multiplier: Double, constant: Int) {
        self.firstItem = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = second
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.hasSecondItem = second != nil
    }

    /// Whether the constraint takes part in layout. Activating it registers it
    /// with both views; deactivating removes it.
    public var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            for item in [firstItem, secondItem].compactMap({ $0 }) {
                if isActive {
                    item.constraintRefs.append(self)
                } else {
                    item.constraintRefs.removeAll { $0 === self }
                }
                item.setNeedsLayout()
                item.superview?.setNeedsLayout()
            }
        }
    }

    /// Activates every constraint in the list.
    public static func activate(_ constraints: [LayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates every constraint in the list.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// The constraint as a formula ("label.leading == superview.leading + 2"), for diagnostics.
    public var description: String {
        let first = firstItem?.debugName ?? "(released view)"
        var text = "\(first).\(firstAttribute) \(relation) "
        if hasSecondItem, let secondAttribute {
            let second: String
            if let secondItem {
                second = secondItem === firstItem?.superview ? "superview" : secondItem.debugName
            } else {
                second = "(released view)"
            }
            text += "\(second).\(secondAttribute)"
            if multiplier != 1 { text += " × \(multiplier)" }
            if constant > 0 { text += " + \(constant)" } else if constant < 0 { text += " - \(-constant)" }
        } else {
            text += "\(constant)"
        }
        return text
    }
}
