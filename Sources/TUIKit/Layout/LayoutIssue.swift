/// Something wrong with a set of constraints, found during a layout pass.
/// Layout never crashes on these: it reports them and carries on with a
/// best-effort frame.
public struct LayoutIssue: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Two constraints want different values for the same attribute; the first one won.
        case conflict
        /// Constraints leave a position or size open on a view that opted out of its frame.
        case ambiguous
        /// A constraint relates views that are not in one view tree.
        case noCommonAncestor
    }

    public let kind: Kind
    public let message: String

    public var description: String { message }
}
