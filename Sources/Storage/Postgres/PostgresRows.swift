import AppServices
import CPostgres

/// The rows a statement returned, read by row and column (0-based), in text form.
public final class PostgresRows {
    private let result: OpaquePointer?
    private let pq: SBLibPQ

    init(_ result: OpaquePointer?, pq: SBLibPQ) {
        self.result = result
        self.pq = pq
    }
    deinit { pq.PQclear(result) }

    public var count: Int { Int(pq.PQntuples(result)) }
    /// Rows a statement changed (UPDATE, DELETE, INSERT).
    public var affected: Int { pq.PQcmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0 }

    public func isNull(_ row: Int, _ column: Int) -> Bool { pq.PQgetisnull(result, Int32(row), Int32(column)) == 1 }

    public func text(_ row: Int, _ column: Int) -> String {
        guard let value = pq.PQgetvalue(result, Int32(row), Int32(column)) else { return "" }
        return String(cString: value)
    }

    public func int64(_ row: Int, _ column: Int) -> Int64 { Int64(text(row, column)) ?? 0 }
    public func int(_ row: Int, _ column: Int) -> Int { Int(text(row, column)) ?? 0 }
    public func bool(_ row: Int, _ column: Int) -> Bool { text(row, column) == "t" }
    public func optionalInt64(_ row: Int, _ column: Int) -> Int64? { isNull(row, column) ? nil : int64(row, column) }
    public func optionalText(_ row: Int, _ column: Int) -> String? { isNull(row, column) ? nil : text(row, column) }
}
