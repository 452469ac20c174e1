import Testing
@testable import TUIKit
import TUIKitTesting

/// Seed 003's constructor, on its own demo: "I'm first", an empty row, "I'm second".
@MainActor
final class DemoConstructor: StaticConstructorContainer {
    enum CellModel: Titled, Subtitled, Valued, Equatable {
        case firstText
        case emptyMiddle
        case secondText
        case long
        var title: String? {
            switch self {
            case .firstText: "I'm first"
            case .secondText: "I'm second"
            case .long: "Long"
            case .emptyMiddle: nil
            }
        }
        var subtitle: String? {
            switch self {
            case .firstText: "a subtitle a text cell does not show"
            case .long: "a subtitle long enough to wrap onto a second and a third line at this width"
            default: nil
            }
        }
        var value: String? { self == .secondText ? "2nd" : nil }
    }
    typealias ModelType = CellModel

    var models: [CellModel] = [.firstText, .emptyMiddle, .secondText]
    var selected: [CellModel] = []
    var configured: [CellModel] = []

    func cellType(for model: CellModel) -> StaticTableViewCellClass.Type {
        switch model {
        case .emptyMiddle: StaticSpacerCell.self
        case .firstText: StaticTextCell.self
        case .secondText: StaticValueCell.self
        case .long: StaticSubtitleCell.self
        }
    }
    func configure(cell: TableViewCell, by model: CellModel) { configured.append(model) }
    func itemSelected(item: CellModel) { selected.append(item) }
}

/// Shows the constructor's table filling a screen.
@MainActor
final class StaticTableController: ViewController {
    let tableView = TableView()
    let constructor: DemoConstructor
    lazy var delegateDataSource = constructor.delegateDataSource()
    init(_ constructor: DemoConstructor) { self.constructor = constructor; super.init() }
    override func viewDidLoad() {
        view.addSubview(tableView)
        tableView.pinEdges(to: view)
        constructor.setup(at: tableView, dataSource: delegateDataSource)
    }
    override var preferredFirstResponder: View? { tableView }
}

@MainActor
@Suite("Static generic tables (seed 003)")
struct StaticTableTests {
    func show(_ constructor: DemoConstructor, width: Int = 40, height: Int = 12) -> (Harness, StaticTableController) {
        let controller = StaticTableController(constructor)
        let h = Harness(width: width, height: height, root: controller)
        h.wait(10)
        return (h, controller)
    }

    @Test func setupRegistersEachCellTypeAndWiresTheTable() {
        let constructor = DemoConstructor()
        let (_, controller) = show(constructor)
        #expect(controller.tableView.dataSource === controller.delegateDataSource)
        #expect(controller.tableView.delegate === controller.delegateDataSource)
        #expect(controller.delegateDataSource.tableView === controller.tableView)
        #expect(controller.tableView.dequeueReusableCell(withIdentifier: StaticValueCell.name) is StaticValueCell)
        #expect(controller.tableView.dequeueReusableCell(withIdentifier: StaticSpacerCell.name) is StaticSpacerCell)
    }

    @Test func eachModelGetsItsCellTypeAndOnlyTheCapabilitiesTheCellHas() {
        let constructor = DemoConstructor()
        let (h, _) = show(constructor)
        #expect(h.lines[0] == "   I'm first                            ")
        #expect(h.lines[1] == "                                        ")
        #expect(h.lines[2] == "   I'm second                       2nd ")
        // A text cell is not SubtitledConfigurable: the first row's subtitle is not shown.
        #expect(!h.text.contains("subtitle"))
        #expect(constructor.configured.contains(.firstText) && constructor.configured.contains(.secondText))
        let cell = StaticTextCell(reuseIdentifier: "x")
        StaticDataSourceDelegate<DemoConstructor>.apply(.firstText, to: cell)
        #expect(cell.title == "I'm first")
        #expect(cell.subtitle == nil)
        let subtitled = StaticSubtitleCell(reuseIdentifier: "y")
        StaticDataSourceDelegate<DemoConstructor>.apply(.firstText, to: subtitled)
        #expect(subtitled.subtitle == "a subtitle a text cell does not show")
    }

    @Test func choosingARowGoesToItsModelAndTheSpacerIsSkipped() {
        let constructor = DemoConstructor()
        let (h, _) = show(constructor)
        h.press("Enter Down Enter")
        #expect(constructor.selected == [.firstText, .secondText]) // Down stepped over the spacer
        h.press("click:5,0")
        #expect(constructor.selected.last == .firstText)
    }

    @Test func reorderingTheModelsReordersTheScreenWithNoIndexes() {
        let constructor = DemoConstructor()
        constructor.models = [.secondText, .emptyMiddle, .firstText]
        let (h, _) = show(constructor)
        #expect(h.lines[0].contains("I'm second"))
        #expect(h.lines[2].contains("I'm first"))
        h.press("Enter")
        #expect(constructor.selected == [.secondText])
    }

    @Test func aWrappingSubtitleMakesItsRowTaller() {
        let constructor = DemoConstructor()
        constructor.models = [.long, .secondText]
        let (h, controller) = show(constructor, width: 40, height: 12)
        #expect(StaticSubtitleCell.height(for: DemoConstructor.CellModel.long, width: 40) == 4)
        #expect(controller.delegateDataSource.tableView(controller.tableView, estimatedHeightForRowAt: IndexPath(row: 0, section: 0)) == 2)
        #expect(h.lines[1] == "     a subtitle long enough to wrap     ")
        #expect(h.lines[4].contains("I'm second"))
        h.press("resize:60x12")
        #expect(h.lines[3].contains("I'm second")) // wider: one line fewer
    }
}
