/// A relation between two layout attributes: `first.attribute == second.attribute × multiplier + constant`
/// (or `<=`/`>=` for dimensions). It takes part in layout while `isActive`.
@MainActor
public final class LayoutConstraint {
    public private(set) weak var firstItem: View?
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public private(set) weak var secondItem: View?
    public let secondAttribute: LayoutAttribute?
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
