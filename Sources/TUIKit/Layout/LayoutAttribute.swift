/// What a layout anchor stands for.
public enum LayoutAttribute: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal attributes: left edge, right edge, middle column, width.
    case leading, trailing, centerX, width
    /// The vertical attributes: top edge, bottom edge, middle row, height.
    case top, bottom, centerY, height

    enum Axis { case horizontal, vertical }
    enum Role: Int { case minimum = 0, maximum = 1, center = 2, size = 3 }

    var axis: Axis {
        switch self {
        case .leading, .trailing, .centerX, .width: .horizontal
        case .top, .bottom, .centerY, .height: .vertical
        }
    }

    var role: Role {
        switch self {
        case .leading, .top: .minimum
        case .trailing, .bottom: .maximum
        case .centerX, .centerY: .center
        case .width, .height: .size
        }
    }

    /// The attribute's name, as in a constraint's description.
    public var description: String {
        switch self {
        case .leading: "leading"
        case .trailing: "trailing"
        case .centerX: "centerX"
        case .width: "width"
        case .top: "top"
        case .bottom: "bottom"
        case .centerY: "centerY"
        case .height: "height"
        }
    }
}

/// How a constraint relates its two sides.
public enum LayoutRelation: Sendable, CustomStringConvertible {
    /// `==`, `<=` and `>=`.
    case equal, lessThanOrEqual, greaterThanOrEqual

    /// "==", "<=" or ">=".
    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}
