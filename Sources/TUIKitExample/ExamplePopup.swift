import TUIKit

/// A popup: an alert over the list, closed by its one button (Enter or Esc).
@MainActor
public enum ExamplePopup {
    /// A few words about `planet`, and an OK button.
    public static func about(_ planet: String) -> AlertController {
        let alert = AlertController(title: planet, message: "\(planet) goes round the Sun.")
        alert.addAction(AlertAction(title: "OK", style: .cancel))
        return alert
    }
}
