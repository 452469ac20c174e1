import TUIKit
import Storage

/// A command line that cannot be run; each message says what to change.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownArgument(String)
    case missingValue(String)
    case badSize(String)
    case needsHeadless(String)
    case badScript(String)
    case unreadableScript(path: String, reason: String)
    case badValue(flag: String, value: String, expected: String)
    case noDataLocation
    case needsKiosk(String)
    case notInKiosk(String)
    case badLink(String)
    case badLocation(flag: String, why: String)

    var description: String {
        switch self {
        // A connection string typed without its flag is said without its password.
        case .unknownArgument(let a): "unknown argument '\(PostgresConnection.redacted(a))' (see switchboard --help)"
        case .missingValue(let flag): "\(flag) needs a value (see switchboard --help)"
        case .badSize(let s): "bad size '\(s)': use COLSxROWS from 1x1 to \(Size.largestParsedSide)x\(Size.largestParsedSide), e.g. --size 80x24"
        case .needsHeadless(let flag): "\(flag) only works with --headless"
        case .badScript(let message): "bad keys: \(message)"
        case .unreadableScript(let path, let reason): "cannot read script '\(path)': \(reason)"
        case .badValue(let flag, let value, let expected): "\(flag) '\(PostgresConnection.redacted(value))': expected \(expected)"
        case .needsKiosk(let flag): "\(flag) only works with --kiosk"
        case .notInKiosk(let flag): "\(flag) cannot be used with --kiosk: the kiosk runs on made-up data and never opens a data file"
        case .badLink(let why): "--open: \(why)"
        case .badLocation(let flag, let why): "\(flag) \(why); nothing was created"
        case .noDataLocation: "neither XDG_DATA_HOME nor HOME is set, so there is no place for the data file; pass --db PATH"
        }
    }
}
