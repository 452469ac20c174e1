/// Describes one static table (seed 003): its models — usually an enum, in
/// display order — the cell type for each, any extra configuration, and what
/// choosing a row does. Reordering `models` reorders the screen; nothing
/// depends on a row's index.
///
/// ```swift
/// enum Row: Titled, Valued {
///     case name, version
///     var title: String? { self == .name ? "Name" : "Version" }
///     var value: String? { self == .name ? "Switchboard" : "1.0" }
/// }
///
/// final class InfoTable: StaticConstructorContainer {
///     var models: [Row] { [.name, .version] }
///     func cellType(for model: Row) -> StaticTableViewCellClass.Type { StaticValueCell.self }
///     func configure(cell: TableViewCell, by model: Row) {}
///     func itemSelected(item: Row) {}
/// }
///
/// final class InfoViewController: ViewController {
///     private let table = TableView()
///     private let info = InfoTable()
///     private lazy var dataSource = info.delegateDataSource() // the table holds it weakly
///
///     override func viewDidLoad() {
///         view.addSubview(table)
///         table.pinEdges(to: view)
///         info.setup(at: table, dataSource: dataSource)
///     }
/// }
/// ```
@MainActor
public protocol StaticConstructorContainer: AnyObject {
    /// The type of one row's model, usually an enum.
    associatedtype ModelType
    /// Any table cell that a static table can make by type.
    typealias StaticTableViewCellClass = TableViewCell & StaticCell
    /// The rows, in display order.
    var models: [ModelType] { get }
    /// The cell type that shows `model`.
    func cellType(for model: ModelType) -> StaticTableViewCellClass.Type
    /// Configures what the model's capabilities do not cover; called after they are applied.
    func configure(cell: TableViewCell, by model: ModelType)
    /// Called when the user chooses the row of `item` (Enter or a click).
    func itemSelected(item: ModelType)
}

extension StaticConstructorContainer {
    /// The table's data source and delegate for this container. Keep it in a
    /// property: the table holds it weakly.
    public func delegateDataSource() -> StaticDataSourceDelegate<Self> {
        StaticDataSourceDelegate<Self>(container: self)
    }

    /// Registers every model's cell type and hands the table its data source and delegate.
    public func setup<T: StaticConstructorContainer>(at tableView: TableView, dataSource: StaticDataSourceDelegate<T>) {
        for model in models {
            let type = cellType(for: model)
            tableView.register(type, forCellReuseIdentifier: type.name)
        }
        tableView.delegate = dataSource
        tableView.dataSource = dataSource
        dataSource.tableView = tableView
        tableView.reloadData()
    }
}
