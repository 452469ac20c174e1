/// Walks command-line arguments: each flag in turn and the value after it.
/// A flag written `--flag=value` is read as the flag followed by its value.
struct ArgumentCursor {
    private let arguments: [String]
    private var index = 0
    private var pendingValue: String?

    init(_ arguments: [String]) { self.arguments = arguments }

    /// The next flag (or stray word), or nil at the end.
    mutating func next() -> String? {
        if let pending = pendingValue { pendingValue = nil; return pending }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: eq)...])
            return String(argument[..<eq])
        }
        return argument
    }

    /// The value that follows `flag`.
    mutating func value(for flag: String) throws(UsageError) -> String {
        if let pending = pendingValue { pendingValue = nil; return pending }
        guard index < arguments.count else { throw .missingValue(flag) }
        index += 1
        return arguments[index - 1]
    }

    /// A data location that follows `flag`: a file path, or a `postgresql://` URI (see `DataLocationCheck`).
    mutating func dataLocation(for flag: String) throws(UsageError) -> String {
        let location = try path(for: flag)
        if let problem = DataLocationCheck.problem(with: location) { throw .badLocation(flag: flag, why: problem) }
        return location
    }

    /// A file path that follows `flag` (not empty).
    mutating func path(for flag: String) throws(UsageError) -> String {
        let path = try value(for: flag)
        guard !path.isEmpty else { throw .badValue(flag: flag, value: path, expected: "a file path") }
        return path
    }
}
