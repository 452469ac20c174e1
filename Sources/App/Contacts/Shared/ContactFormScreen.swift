import TUIKit

/// What the add and edit screens share: the form's place on screen, and the
/// question before changes are thrown away.
@MainActor
enum ContactFormScreen {
    /// The form in a scroll view (it is taller than a small terminal), the message under it; the
    /// scroll view grows and shrinks with the form's rows, and `controller` asks before a row
    /// with something typed in it is removed.
    static func build(in controller: ViewController, form: ContactFormView, message: Label) {
        let view: View = controller.view
        view.style = Theme.live.base
        message.textStyle = Theme.live.error
        let scroll = ScrollView(contentHeight: form.contentHeight)
        scroll.contentView.addSubview(form)
        form.pinEdges(to: scroll.contentView)
        for v in [scroll, message] as [View] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        let height = scroll.heightAnchor.constraint(equalToConstant: form.contentHeight)
        LayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
            scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            scroll.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -1),
            height,
            scroll.heightAnchor.constraint(lessThanOrEqualTo: view.heightAnchor, constant: -3),
            message.topAnchor.constraint(equalTo: scroll.bottomAnchor, constant: 1),
            message.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            message.heightAnchor.constraint(equalToConstant: 1),
        ])
        form.onHeightChange = { [weak scroll] rows in
            scroll?.contentHeight = rows
            height.constant = rows
            scroll?.layoutIfNeeded()
        }
        form.onMessage = { [weak message] text in message?.text = text }
        form.confirmRemoval = { [weak controller] question, remove in
            guard let controller else { return }
            let alert = AlertController(title: question, message: "What is typed in it goes (nothing is stored until you save).")
            alert.addAction(AlertAction(title: "Remove", style: .destructive, handler: remove))
            alert.addAction(AlertAction(title: "Keep", style: .cancel))
            controller.present(alert)
        }
    }

    /// Said when Esc is pressed while a save has not answered yet.
    static let stillSaving = "Still saving: the server has not answered yet. Esc again once it has."

    /// Asks before stopping a save that has not answered yet (a server waiting on another client's
    /// lock, or not answering): Discard stops it, and nothing is stored.
    static func confirmStopSaving(from controller: ViewController, stop: @escaping () -> Void) {
        let alert = AlertController(title: "Discard changes?", message: "Your save has not reached the server yet. Discard stops it: nothing will be stored.")
        alert.addAction(AlertAction(title: "Discard", style: .destructive, handler: stop))
        alert.addAction(AlertAction(title: "Keep waiting", style: .cancel))
        controller.present(alert)
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
