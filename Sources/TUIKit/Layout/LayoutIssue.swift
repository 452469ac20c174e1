/// Something wrong with a set of constraints, found during a layout pass.
/// Layout never crashes on these: it reports them and carries on with a
/// best-effort frame.
public struct LayoutIssue: Hashable, Sendable, CustomStringConvertible {
    /// The sorts of problem a layout pass reports.
    public enum Kind: Hashable, Sendable {
        /// Two constraints want different values for the same attribute; the first one won.
        case conflict
        /// Constraints leave a position or size open on a view that opted out of its frame.
        case ambiguous
        /// A constraint relates views that are not in one view tree.
        case noCommonAncestor
    }

    /// What sort of problem it is.
    public let kind: Kind
    /// Which views and constraints are involved, in words.
    public let message: String

    /// The message.
    public var description: String { message }
}
