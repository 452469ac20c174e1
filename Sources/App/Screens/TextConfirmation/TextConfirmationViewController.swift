import TUIKit

/// Seed 002's confirmation screen: the text it was given, centred, and "> back <".
@MainActor
final class TextConfirmationViewController: ViewController {
    private weak var coordinator: Coordination?
    let text: String

    init(text: String, coordinator: Coordination) {
        self.text = text
        self.coordinator = coordinator
        super.init()
    }

    override func viewDidLoad() {
        title = "Text Confirmation"
        view.style = Theme.live.base
        let label = Label(text, style: Theme.live.emphasis, alignment: .center)
        label.wrapsText = true
        let back = Button(title: "> back <") { [weak self] in self?.coordinator?.pop() }
        for v in [label, back] as [View] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            label.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -1),
            back.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            back.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 1),
        ])
    }
}
