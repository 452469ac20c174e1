import AppServices
import Storage

/// What `--db` may name: a file path, or a shared directory as a `postgresql://` (or `postgres://`)
/// URI or libpq's key=value string (`host=db dbname=team`). Near misses that would otherwise be
/// taken for a file path — and create a file or folder named with a password — are refused, and
/// the message never repeats a password.
enum DataLocationCheck {
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
        return nil
    }
}
