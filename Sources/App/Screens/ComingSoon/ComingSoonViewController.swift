import TUIKit

/// A feature of a later version, or one this run cannot offer: it says so
/// plainly and does nothing else.
@MainActor
final class ComingSoonViewController: ViewController {
    let feature: String
    /// Why the feature is not here (nil: it comes in a later version).
    let reason: String?
    init(feature: String, reason: String? = nil) {
        self.feature = feature
        self.reason = reason
        super.init()
    }

    override func viewDidLoad() {
        title = feature
        view.style = Theme.live.base
        let label = Label((reason ?? "\(feature) is coming in a later version of switchboard.") + "\nEsc goes back.",
                          style: Theme.live.secondary, alignment: .center)
        view.addSubview(label)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
        label.centerYAnchor.constraint(equalTo: view.centerYAnchor).isActive = true
    }
}
