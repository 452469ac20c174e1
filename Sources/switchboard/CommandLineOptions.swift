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
    /// nil: the signed-in user's setting.
    var splashMilliseconds: Int?
    /// `--open URL`.
    var deepLink: String?

    /// Reads the arguments (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var headless = false
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--help", "-h": options.mode = .help; return options
            case "--version", "-V": options.mode = .version; return options
            case "--headless": headless = true
            case "--frames": options.printsFrames = true
            case "--size":
                let text = try cursor.value(for: argument)
                guard let size = Size(parsing: text) else { throw .badSize(text) }
                options.size = size
            case "--keys": options.keys = try cursor.value(for: argument)
            case "--script": options.scriptPath = try cursor.value(for: argument)
            case "--db": options.databasePath = try cursor.path(for: argument)
            case "--splash-ms":
                let text = try cursor.value(for: argument)
                guard let ms = Int(text), ms >= 0, ms <= 60_000 else {
                    throw .badValue(flag: "--splash-ms", value: text, expected: "milliseconds from 0 to 60000")
                }
                options.splashMilliseconds = ms
            case "--open": options.deepLink = try cursor.value(for: argument)
            default: throw .unknownArgument(argument)
            }
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
