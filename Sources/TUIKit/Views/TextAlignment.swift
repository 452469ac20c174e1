/// Where a line of text sits in the width it has.
public enum TextAlignment: Sendable {
    case leading, center, trailing
}
