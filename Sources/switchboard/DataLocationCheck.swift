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
        // `postgresql//…`, `postgres:/…`, `postgresql:…`: a shared directory's address mistyped. Not
        // repeated (what follows the typo may be a password the redactor cannot tell apart).
        let lower = value.lowercased()
        if lower.hasPrefix("postgres"), let after = lower.dropFirst(lower.hasPrefix("postgresql") ? 10 : 8).first, after == ":" || after == "/" {
            return "the value starts like a shared directory's address but is not one: write postgresql://USER@HOST:PORT/DB (two slashes after the colon)"
        }
        // `pasword=… host=…`: libpq's key=value form with a keyword mistyped (a file of that name
        // would carry what follows it). Not repeated.
        if let eq = value.firstIndex(of: "="), value.contains(" "),
           !value[..<eq].isEmpty, value[..<eq].allSatisfy({ $0.isLetter || $0 == "_" }) {
            return "the value looks like a key=value connection string, but “\(value[..<eq])” is not a keyword libpq knows (host, port, dbname, user, password…)"
        }
        // `user:password@host` without a scheme, `…?password=…`: a file of that name would carry the password.
        if PostgresConnection.redacted(value) != value {
            return "the value holds a password (`user:…@` or `password=`) but is not a connection string: a shared directory is postgresql://USER@HOST:PORT/DB, anything else a file path"
        }
        return nil
    }
}
