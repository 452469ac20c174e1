import TUIKit

/// A feature of a later version: it says so plainly and does nothing else.
@MainActor
final class ComingSoonViewController: ViewController {
    let feature: String
    init(feature: String) { self.feature = feature; super.init() }

    override func viewDidLoad() {
        title = feature
        view.style = Theme.current.base
        let label = Label("\(feature) is coming in a later version of switchboard.\nEsc goes back.",
                          style: Theme.current.secondary, alignment: .center)
        view.addSubview(label)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
        label.centerYAnchor.constraint(equalTo: view.centerYAnchor).isActive = true
    }
}
