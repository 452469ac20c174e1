/// Describes one static table (seed 003): its models — usually an enum, in
/// display order — the cell type for each, any extra configuration, and what
/// choosing a row does. Reordering `models` reorders the screen; nothing
/// depends on a row's index.
@MainActor
public protocol StaticConstructorContainer: AnyObject {
    associatedtype ModelType
    typealias StaticTableViewCellClass = TableViewCell & StaticCell
    var models: [ModelType] { get }
    func cellType(for model: ModelType) -> StaticTableViewCellClass.Type
    func configure(cell: TableViewCell, by model: ModelType)
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
