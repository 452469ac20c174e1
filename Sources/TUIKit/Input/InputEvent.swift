/// Something the person at the terminal did.
public enum InputEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// A click or a turn of the wheel.
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)
    /// Text pasted in one piece (bracketed paste).
    case paste(String)
}
