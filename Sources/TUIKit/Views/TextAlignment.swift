/// Where a line of text sits in the width it has.
public enum TextAlignment: Sendable {
    /// At the left, in the middle, or at the right.
    case leading, center, trailing
}
