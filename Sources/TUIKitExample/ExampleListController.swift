import TUIKit

/// A list of planets: ↑/↓ move, Enter opens a popup about the selected one, `f` opens the form.
@MainActor
public final class ExampleListController: ViewController {
    public static let planets = ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"]
    private let list = ListView()

    public override func viewDidLoad() {
        title = "Planets"
        view.addSubview(list)
        list.pinEdges(to: view)
        list.lettersMoveSelection = false // `f` is the form's key, not a jump to a row
        list.configureRow = { row, index, selected in
            (row as? ListRowLabel)?.configure(text: Self.planets[index], selected: selected)
        }
        list.onSelect = { [unowned self] index in present(ExamplePopup.about(Self.planets[index])) }
        list.reloadData(numberOfRows: Self.planets.count)
        list.select(0)
    }

    public override var keyCommands: [KeyCommand] {
        [KeyCommand(.character("f"), title: "Form") { [unowned self] in present(ExampleFormController(), style: .fullScreen) }]
    }

    public override var preferredFirstResponder: View? { list }
}
