import AppServices
/// A value sent as a statement parameter, in PostgreSQL's text form (nil is NULL).
/// Values never become part of the SQL text.
public protocol PostgresValue {
    var postgresText: String? { get }
}

extension String: PostgresValue { public var postgresText: String? { self } }
extension Int: PostgresValue { public var postgresText: String? { String(self) } }
extension Int64: PostgresValue { public var postgresText: String? { String(self) } }
extension Int32: PostgresValue { public var postgresText: String? { String(self) } }
extension Bool: PostgresValue { public var postgresText: String? { self ? "t" : "f" } }
extension Optional: PostgresValue where Wrapped: PostgresValue {
    public var postgresText: String? { self?.postgresText }
}
