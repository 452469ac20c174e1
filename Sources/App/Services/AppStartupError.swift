import Storage

/// Why the app could not start.
public enum AppStartupError: Error, Equatable, CustomStringConvertible {
    case storage(StorageError)
    case noDataFolder

    public var description: String {
        switch self {
        case .storage(let e): e.description
        case .noDataFolder: "neither XDG_DATA_HOME nor HOME is set, so there is no place for the data file; pass --db PATH"
        }
    }
}
