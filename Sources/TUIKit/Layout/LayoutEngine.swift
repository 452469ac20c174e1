/// Resolves the active constraints of a view's subviews into their frames.
///
/// Each axis of each subview has four linked values — minimum edge, maximum
/// edge, centre and size — and any two of them fix the other two. Equality
/// constraints carry known values from the superview, siblings or ancestors
/// to unknown ones until nothing changes; then sizes still open come from the
/// content (`intrinsicContentSize`, `heightThatFits(width:)`), and what is
/// still open after that from the frame (or zero, reported as ambiguous).
/// Dimension limits (`<=`, `>=`) clamp every size they apply to.
@MainActor
enum LayoutEngine {
    private typealias Values = [Int?] // 8 slots: horizontal min,max,center,size then vertical

    static func resolveConstraints(of parent: View, issues: inout [LayoutIssue]) {
        let children = parent.subviews
        // Most views' subviews have no constraints (a list's rows): a plain loop, no closure.
        var anyConstrained = false
        for child in children where !child.constraintRefs.isEmpty { anyConstrained = true; break }
        guard anyConstrained else { return }

        var index: [ObjectIdentifier: Int] = [:]
        for (i, child) in children.enumerated() { index[ObjectIdentifier(child)] = i }

        // The constraints of this pass: those touching at least one child.
        var seen = Set<ObjectIdentifier>()
        var equalities: [LayoutConstraint] = []
        var limits: [LayoutConstraint] = []
        var constrained = Set<Int>()
        for child in children {
            for c in child.constraintRefs where c.isActive && seen.insert(ObjectIdentifier(c)).inserted {
                guard let first = c.firstItem, !(c.hasSecondItem && c.secondItem == nil) else { continue }
                let firstIsChild = index[ObjectIdentifier(first)] != nil
                let secondIsChild = c.secondItem.map { index[ObjectIdentifier($0)] != nil } ?? false
                guard firstIsChild || secondIsChild else { continue }
                let other = firstIsChild && secondIsChild ? nil : (firstIsChild ? c.secondItem : first)
                // A view deeper inside one of the children is placed by that child's own pass.
                if let other, other !== parent, other.isDescendant(of: parent) { continue }
                if let other, !sharesRoot(other, parent) {
                    issues.append(LayoutIssue(kind: .noCommonAncestor,
                                              message: "Layout: \(c.description) relates views that are not in one view tree; it is ignored."))
                    continue
                }
                if firstIsChild { constrained.insert(index[ObjectIdentifier(first)]!) }
                if secondIsChild, let s = c.secondItem { constrained.insert(index[ObjectIdentifier(s)]!) }
                if c.relation == .equal { equalities.append(c) } else { limits.append(c) }
            }
        }
        guard !constrained.isEmpty else { return }

        var solver = Solver(parent: parent, children: children, index: index, limits: limits)
        var reported = Set<ObjectIdentifier>()

        func propagate() {
            var changed = true
            var rounds = 0
            while changed && rounds < 64 {
                changed = false
                rounds += 1
                for c in equalities {
                    let lhs = solver.value(c.firstItem!, c.firstAttribute)
                    let rhs: Int?
                    if c.hasSecondItem { rhs = solver.value(c.secondItem!, c.secondAttribute!) } else { rhs = 0 }
                    let multiplier = c.hasSecondItem ? c.multiplier : 0
                    if lhs == nil, let r = rhs {
                        changed = solver.set(c.firstItem!, c.firstAttribute, Int((Double(r) * multiplier).rounded()) + c.constant, issues: &issues) || changed
                    } else if let l = lhs, rhs == nil, c.hasSecondItem, multiplier != 0 {
                        changed = solver.set(c.secondItem!, c.secondAttribute!, Int((Double(l - c.constant) / multiplier).rounded()), issues: &issues) || changed
                    } else if let l = lhs, let r = rhs {
                        let wanted = Int((Double(r) * multiplier).rounded()) + c.constant
                        if l != wanted && !solver.isClamped(c.firstItem!, c.firstAttribute) && reported.insert(ObjectIdentifier(c)).inserted {
                            issues.append(LayoutIssue(kind: .conflict, message:
                                "Layout conflict: \(c.description) wants \(wanted), but other constraints already made it \(l); this one is not applied."))
                        }
                    }
                }
            }
        }

        propagate()
        // Sizes still open: from the content, width first so wrapping text can find its height.
        // One view at a time, in subview order, so a size taken from the content
        // can fix another view's edge before that view's own content is asked.
        for axis in [LayoutAttribute.width, .height] {
            for i in constrained.sorted() where solver.slot(i, axis) == nil {
                let child = children[i]
                let size: Int?
                if axis == .width {
                    size = child.intrinsicContentSize?.width
                } else if let w = solver.slot(i, .width) {
                    size = child.heightThatFits(width: w)
                } else {
                    size = child.intrinsicContentSize?.height
                }
                if let size, solver.set(child, axis, size, issues: &issues) { propagate() }
            }
        }
        // Whatever is still open: the frame, or zero and a report.
        for i in constrained.sorted() {
            let child = children[i]
            for (attribute, fallback) in [(LayoutAttribute.width, child.frame.width), (.height, child.frame.height),
                                          (.leading, child.frame.minX), (.top, child.frame.minY)]
            where solver.slot(i, attribute) == nil {
                if child.translatesAutoresizingMaskIntoConstraints {
                    _ = solver.set(child, attribute, fallback, issues: &issues)
                } else {
                    issues.append(LayoutIssue(kind: .ambiguous, message:
                        "Layout: \(child.debugName)'s \(attribute == .width || attribute == .height ? "\(attribute)" : "position (\(attribute))") is not fixed by its constraints; using 0. Add a constraint for it."))
                    _ = solver.set(child, attribute, 0, issues: &issues)
                }
                propagate()
            }
            child.frame = Rect(x: solver.slot(i, .leading) ?? 0, y: solver.slot(i, .top) ?? 0,
                               width: max(0, solver.slot(i, .width) ?? 0), height: max(0, solver.slot(i, .height) ?? 0))
        }
    }

    private static func sharesRoot(_ a: View, _ b: View) -> Bool {
        func root(_ v: View) -> View { var r = v; while let s = r.superview { r = s }; return r }
        return root(a) === root(b)
    }

    /// The values being solved for, one slot per child attribute.
    @MainActor
    private struct Solver {
        let parent: View
        let children: [View]
        let index: [ObjectIdentifier: Int]
        let limits: [LayoutConstraint]
        var values: [Values]
        var clamped = Set<Int>() // child * 8 + slot, sizes a limit changed
        let parentOrigin: Point

        init(parent: View, children: [View], index: [ObjectIdentifier: Int], limits: [LayoutConstraint]) {
            self.parent = parent
            self.children = children
            self.index = index
            self.limits = limits
            self.values = Array(repeating: Array(repeating: nil, count: 8), count: children.count)
            self.parentOrigin = parent.convertToWindow(.zero)
        }

        static func slotIndex(_ attribute: LayoutAttribute) -> Int {
            (attribute.axis == .horizontal ? 0 : 4) + attribute.role.rawValue
        }

        func slot(_ child: Int, _ attribute: LayoutAttribute) -> Int? { values[child][Self.slotIndex(attribute)] }

        func isClamped(_ view: View, _ attribute: LayoutAttribute) -> Bool {
            guard let i = index[ObjectIdentifier(view)] else { return false }
            return clamped.contains(i * 8 + Self.slotIndex(attribute))
        }

        /// The value of an attribute in the parent's coordinates; nil while unknown.
        func value(_ view: View, _ attribute: LayoutAttribute) -> Int? {
            if let i = index[ObjectIdentifier(view)] { return slot(i, attribute) }
            // The parent itself, or any other view already laid out: read its frame.
            let rect: Rect
            if view === parent {
                rect = parent.bounds
            } else {
                rect = Rect(origin: view.convertToWindow(.zero) - parentOrigin, size: view.frame.size)
            }
            switch attribute {
            case .leading: return rect.minX
            case .trailing: return rect.maxX
            case .centerX: return rect.minX + rect.width / 2
            case .width: return rect.width
            case .top: return rect.minY
            case .bottom: return rect.maxY
            case .centerY: return rect.minY + rect.height / 2
            case .height: return rect.height
            }
        }

        /// Sets an unknown attribute of a child and derives what follows; true when something changed.
        mutating func set(_ view: View, _ attribute: LayoutAttribute, _ newValue: Int, issues: inout [LayoutIssue]) -> Bool {
            guard let i = index[ObjectIdentifier(view)] else { return false }
            let s = Self.slotIndex(attribute)
            guard values[i][s] == nil else { return false }
            var v = newValue
            if attribute.role == .size {
                let limited = clamp(view, attribute, max(0, v))
                if limited != v { clamped.insert(i * 8 + s) }
                v = limited
            }
            values[i][s] = v
            derive(i, base: attribute.axis == .horizontal ? 0 : 4)
            return true
        }

        private func clamp(_ view: View, _ attribute: LayoutAttribute, _ size: Int) -> Int {
            var result = size
            for c in limits where c.firstItem === view && c.firstAttribute == attribute {
                let bound: Int
                if c.hasSecondItem {
                    guard let other = c.secondItem, let o = value(other, c.secondAttribute!) else { continue }
                    bound = Int((Double(o) * c.multiplier).rounded()) + c.constant
                } else {
                    bound = c.constant
                }
                result = c.relation == .lessThanOrEqual ? min(result, bound) : max(result, bound)
            }
            return max(0, result)
        }

        /// Any two of min, max, centre and size fix the other two.
        private mutating func derive(_ i: Int, base: Int) {
            // One axis's four slots, in `LayoutAttribute.Role` order.
            var minEdge = values[i][base], maxEdge = values[i][base + 1]
            var centre = values[i][base + 2], size = values[i][base + 3]
            if let mn = minEdge, let sz = size { maxEdge = maxEdge ?? mn + sz; centre = centre ?? mn + sz / 2 }
            else if let mn = minEdge, let mx = maxEdge { size = max(0, mx - mn); centre = centre ?? mn + (mx - mn) / 2 }
            else if let mx = maxEdge, let sz = size { minEdge = mx - sz; centre = centre ?? mx - sz + sz / 2 }
            else if let c = centre, let sz = size { minEdge = c - sz / 2; maxEdge = c - sz / 2 + sz }
            else if let mn = minEdge, let c = centre { size = max(0, 2 * (c - mn)); maxEdge = mn + 2 * (c - mn) }
            else if let mx = maxEdge, let c = centre { let half = mx - c; size = max(0, 2 * half); minEdge = mx - 2 * half }
            values[i][base] = minEdge
            values[i][base + 1] = maxEdge
            values[i][base + 2] = centre
            values[i][base + 3] = size
        }
    }
}
