/// The generic data source and delegate of a static table (seed 003): rows
/// are the container's models; each cell is made by the model's cell type,
/// given every capability the model and the cell share, then handed to the
/// container's `configure`; a chosen row goes to `itemSelected`.
///
/// ```swift
/// private lazy var dataSource = constructor.delegateDataSource()
/// // after the models change:
/// dataSource.reload()
/// ```
@MainActor
public final class StaticDataSourceDelegate<Container: StaticConstructorContainer>: TableViewDataSource, TableViewDelegate {
    private let container: Container
    /// The table this object feeds; `setup(at:dataSource:)` sets it, and `reload()` reloads it.
    public weak var tableView: TableView?

    /// A data source and delegate for `container`'s models (usually made by `container.delegateDataSource()`).
    public init(container: Container) { self.container = container }

    /// Asks the container again (after its models changed).
    public func reload() { tableView?.reloadData() }

    /// One section: a static table is one list of rows.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// One row per model of the container.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { container.models.count }
    /// No header: headings are rows of their own (`StaticSectionHeaderCell`).
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// The model's cell type's estimated height, or its fixed height.
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Int {
        let type = container.cellType(for: container.models[indexPath.row])
        return type.estimatedHeight ?? type.height
    }

    /// The height the model's cell type needs at the table's width.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
        let model = container.models[indexPath.row]
        let type = container.cellType(for: model)
        guard tableView.bounds.width > 0 else { return self.tableView(tableView, estimatedHeightForRowAt: indexPath) }
        return type.height(for: model, width: tableView.bounds.width)
    }

    /// A cell of the model's type, given every part of the model it can show, then passed to the container's `configure(cell:by:)`.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let model = container.models[indexPath.row]
        let type = container.cellType(for: model)
        let cell = tableView.dequeueReusableCell(withIdentifier: type.name)
        Self.apply(model, to: cell)
        container.configure(cell: cell, by: model)
        return cell
    }

    /// Every capability the model and the cell share (all six, unlike the seed's, which forgot `Fonted`).
    static func apply(_ model: Container.ModelType, to cell: TableViewCell) {
        if let c = cell as? TitledConfigurable, let m = model as? Titled { c.configure(by: m) }
        if let c = cell as? SubtitledConfigurable, let m = model as? Subtitled { c.configure(by: m) }
        if let c = cell as? IconedConfigurable, let m = model as? Iconed { c.configure(by: m) }
        if let c = cell as? StyledConfigurable, let m = model as? Styled { c.configure(by: m) }
        if let c = cell as? ValuedConfigurable, let m = model as? Valued { c.configure(by: m) }
        if let c = cell as? ToggledConfigurable, let m = model as? Toggled { c.configure(by: m) }
    }

    /// Passes the chosen row's model to the container's `itemSelected(item:)`.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        container.itemSelected(item: container.models[indexPath.row])
    }
}
