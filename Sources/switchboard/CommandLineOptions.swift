import TUIKit

/// What the command line asked for.
struct CommandLineOptions: Equatable {
    enum Mode: Equatable {
        case interactive
        case headless
        case help
        case version
    }

    var mode: Mode = .interactive
    /// Virtual screen size for `--headless`.
    var size = Size(width: 80, height: 24)
    /// KEYS text from `--keys`.
    var keys: String?
    /// Path of a KEYS script from `--script`.
    var scriptPath: String?
    /// Print every frame, not only the last.
    var printsFrames = false
    /// `--db PATH`.
    var databasePath: String?
    /// `--splash-ms N`.
    var splashMilliseconds = 800
    /// `--open URL`.
    var deepLink: String?

    /// Reads the arguments (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var headless = false
        var i = 0
        func value(for flag: String) throws(UsageError) -> String {
            i += 1
            guard i < arguments.count else { throw .missingValue(flag) }
            return arguments[i]
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--help", "-h": options.mode = .help; return options
            case "--version", "-V": options.mode = .version; return options
            case "--headless": headless = true
            case "--frames": options.printsFrames = true
            case "--size":
                let text = try value(for: argument)
                guard let size = Size(parsing: text) else { throw .badSize(text) }
                options.size = size
            case "--keys": options.keys = try value(for: argument)
            case "--script": options.scriptPath = try value(for: argument)
            case "--db":
                let path = try value(for: argument)
                guard !path.isEmpty else { throw .badValue(flag: "--db", value: path, expected: "a file path") }
                options.databasePath = path
            case "--splash-ms":
                let text = try value(for: argument)
                guard let ms = Int(text), ms >= 0, ms <= 60_000 else {
                    throw .badValue(flag: "--splash-ms", value: text, expected: "milliseconds from 0 to 60000")
                }
                options.splashMilliseconds = ms
            case "--open": options.deepLink = try value(for: argument)
            default:
                if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                    // --flag=value is accepted too.
                    var rest = Array(arguments[..<i]) + [String(argument[..<eq]), String(argument[argument.index(after: eq)...])]
                    rest += arguments[(i + 1)...]
                    return try parse(rest)
                }
                throw .unknownArgument(argument)
            }
            i += 1
        }
        if headless { options.mode = .headless }
        if !headless {
            if options.keys != nil { throw .needsHeadless("--keys") }
            if options.scriptPath != nil { throw .needsHeadless("--script") }
            if options.printsFrames { throw .needsHeadless("--frames") }
        }
        return options
    }
}
