import TUIKit

/// What the add and edit screens share: the form's place on screen, and the
/// question before changes are thrown away.
@MainActor
enum ContactFormScreen {
    static func build(in view: View, form: ContactFormView, message: Label) {
        view.style = Theme.current.base
        message.textStyle = Theme.current.error
        for v in [form, message] as [View] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            form.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
            form.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            form.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -1),
            form.heightAnchor.constraint(equalToConstant: ContactFormView.rowCount),
            message.topAnchor.constraint(equalTo: form.bottomAnchor, constant: 1),
            message.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            message.heightAnchor.constraint(equalToConstant: 1),
        ])
    }

    /// Leaves at once when nothing changed; else asks first.
    static func confirmDiscard(from controller: ViewController, changed: Bool, leave: @escaping () -> Void) {
        guard changed else { leave(); return }
        let alert = AlertController(title: "Discard changes?", message: "Your changes to this contact are not saved.")
        alert.addAction(AlertAction(title: "Discard", style: .destructive, handler: leave))
        alert.addAction(AlertAction(title: "Keep editing", style: .cancel))
        controller.present(alert)
    }
}
