import AppServices

extension StorageError {
    /// The same message as App's error: what the person can do about it stays in the words.
    public var serviceError: ServiceError {
        switch self {
        case .locked: .busy(description)
        case .readOnly: .readOnly(description)
        case .sqlite: .failed(description)
        case .notADatabase, .corrupted, .newerSchema, .foreignDatabase, .changedByAnotherProgram, .unreadable, .folderNotWritable:
            .unavailable(description)
        case .server(.statementFailed): .failed(description)
        case .server: .unavailable(description)
        }
    }
}

/// Runs a store call for a service: a `StorageError` becomes App's `ServiceError`.
@inline(__always)
func serving<T>(_ body: () throws(StorageError) -> T) throws(ServiceError) -> T {
    do { return try body() } catch { throw error.serviceError }
}
