/// A horizontal position of a view (leading, trailing or centre) to constrain.
///
/// ```swift
/// button.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
/// field.leadingAnchor.constraint(equalTo: caption.trailingAnchor, constant: 1).isActive = true
/// ```
@MainActor
public struct LayoutXAxisAnchor {
    unowned let view: View
    let attribute: LayoutAttribute

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutXAxisAnchor, constant: Int = 0) -> LayoutConstraint {
        LayoutConstraint(first: view, firstAttribute: attribute, relation: .equal,
                         second: anchor.view, secondAttribute: anchor.attribute, multiplier: 1, constant: constant)
    }
}

/// A vertical position of a view (top, bottom or centre) to constrain.
///
/// ```swift
/// status.bottomAnchor.constraint(equalTo: view.bottomAnchor).isActive = true
/// list.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 1).isActive = true
/// ```
@MainActor
public struct LayoutYAxisAnchor {
    unowned let view: View
    let attribute: LayoutAttribute

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutYAxisAnchor, constant: Int = 0) -> LayoutConstraint {
        LayoutConstraint(first: view, firstAttribute: attribute, relation: .equal,
                         second: anchor.view, secondAttribute: anchor.attribute, multiplier: 1, constant: constant)
    }
}

/// A width or height of a view to constrain.
///
/// Equalities place the view; the `lessThanOrEqual`/`greaterThanOrEqual`
/// forms are limits that always win: a size an equality or the content asks
/// for is clamped into them.
///
/// ```swift
/// panel.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5).isActive = true
/// panel.widthAnchor.constraint(lessThanOrEqualToConstant: 60).isActive = true
/// panel.heightAnchor.constraint(equalToConstant: 10).isActive = true
/// ```
@MainActor
public struct LayoutDimension {
    unowned let view: View
    let attribute: LayoutAttribute

    /// `self == constant`.
    public func constraint(equalToConstant constant: Int) -> LayoutConstraint {
        make(.equal, nil, constant: constant)
    }

    /// `self == anchor × multiplier + constant`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier: Double = 1, constant: Int = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: Int) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, constant: constant)
    }

    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: Int) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, constant: constant)
    }

    /// `self <= anchor × multiplier + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Int = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self >= anchor × multiplier + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Int = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    private func make(_ relation: LayoutRelation, _ anchor: LayoutDimension?, multiplier: Double = 1, constant: Int) -> LayoutConstraint {
        LayoutConstraint(first: view, firstAttribute: attribute, relation: relation,
                         second: anchor?.view, secondAttribute: anchor?.attribute, multiplier: multiplier, constant: constant)
    }
}
