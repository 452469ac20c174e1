/// Something the person at the terminal did.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)
    /// Text pasted in one piece (bracketed paste).
    case paste(String)
}
