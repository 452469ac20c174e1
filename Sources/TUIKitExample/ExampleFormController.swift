import TUIKit

/// A form: a captioned text field; Enter greets the name typed, Esc goes back.
@MainActor
public final class ExampleFormController: ViewController {
    private let name = TextField(placeholder: "your name")
    private let greeting = Label("")

    public override func viewDidLoad() {
        title = "Form"
        var above: View?
        for row in [Label("Name"), name, greeting] {
            view.addSubview(row)
            row.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([
                row.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
                row.widthAnchor.constraint(equalToConstant: 30),
                row.heightAnchor.constraint(equalToConstant: 1),
                row.topAnchor.constraint(equalTo: above?.bottomAnchor ?? view.topAnchor, constant: 1),
            ])
            above = row
        }
        name.onSubmit = { [unowned self] text in greeting.text = "Hello, \(text)!" }
    }

    public override var keyCommands: [KeyCommand] {
        [KeyCommand(.escape, title: "Back") { [unowned self] in dismiss() }]
    }

    public override var preferredFirstResponder: View? { name }
}
