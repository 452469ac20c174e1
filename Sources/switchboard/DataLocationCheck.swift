import AppServices
import Storage

/// What `--db` may name: a file path, or a shared directory as a `postgresql://` (or `postgres://`)
/// URI. Near misses that would otherwise be taken for a file path — and create a file or folder
/// named with a password — are refused, and the message never repeats a password.
enum DataLocationCheck {
    /// libpq's key=value connection strings start with one of these.
    private static let connectionKeys = ["host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode", "options"]

    /// Why `value` cannot be used as a data location; nil when it can.
    static func problem(with value: String) -> String? {
        if PostgresConnection.isURI(value) { return nil }
        if let scheme = SearchText.firstRange(of: "://", in: value) {
            let name = value[..<scheme.lowerBound]
            if name.lowercased() == "postgresql" || name.lowercased() == "postgres" {
                return "'\(PostgresConnection.redacted(value))': write the scheme in lower case (postgresql://USER@HOST:PORT/DB)"
            }
            return "'\(PostgresConnection.redacted(value))' is a link, not a data file; a shared directory is postgresql://USER@HOST:PORT/DB, anything else a file path"
        }
        let firstWord = value.split(whereSeparator: { $0 == " " || $0 == "=" }).first.map { $0.lowercased() } ?? ""
        if value.contains("="), connectionKeys.contains(firstWord) {
            return "looks like a libpq key=value connection string (not repeated here: it may hold a password); write it as postgresql://USER@HOST:PORT/DB, with the password in ~/.pgpass or PGPASSWORD"
        }
        return nil
    }
}
