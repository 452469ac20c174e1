/// The generic data source and delegate of a static table (seed 003): rows
/// are the container's models; each cell is made by the model's cell type,
/// given every capability the model and the cell share, then handed to the
/// container's `configure`; a chosen row goes to `itemSelected`.
@MainActor
public final class StaticDataSourceDelegate<Container: StaticConstructorContainer>: TableViewDataSource, TableViewDelegate {
    private let container: Container
    public weak var tableView: TableView?

    public init(container: Container) { self.container = container }

    /// Asks the container again (after its models changed).
    public func reload() { tableView?.reloadData() }

    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { container.models.count }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Int {
        let type = container.cellType(for: container.models[indexPath.row])
        return type.estimatedHeight ?? type.height
    }

    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
        let model = container.models[indexPath.row]
        let type = container.cellType(for: model)
        guard tableView.bounds.width > 0 else { return self.tableView(tableView, estimatedHeightForRowAt: indexPath) }
        return type.height(for: model, width: tableView.bounds.width)
    }

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

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        container.itemSelected(item: container.models[indexPath.row])
    }
}
