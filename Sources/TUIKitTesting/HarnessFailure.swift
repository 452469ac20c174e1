#if canImport(Testing)
import Testing
#endif

/// A failure a test helper found (a malformed key script, a frame that does not add up): recorded
/// as an issue of the running test, which goes on and fails, instead of stopping the whole test run.
public enum HarnessFailure {
    /// Where a helper was called from, for the issue it records.
    public struct Place: Sendable {
        let fileID: String, filePath: String, line: Int, column: Int
        /// The place of the caller: the defaults take it from the call site.
        public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }
    }

    /// Records `message` against the test running now, at `place` (where Swift Testing is not
    /// there: stops the run).
    public static func record(_ message: String, at place: Place = Place()) {
        #if canImport(Testing)
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: place.fileID, filePath: place.filePath, line: place.line, column: place.column))
        #else
        preconditionFailure(message)
        #endif
    }
}
