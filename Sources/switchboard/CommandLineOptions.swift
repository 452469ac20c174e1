import App
import Kiosk
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
    /// `--kiosk [--idle SECONDS] [--seed N]`: the demo kiosk.
    var kiosk: Kiosk.Options?

    /// Reads the arguments (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var headless = false
        var kiosk = false
        var idle: Duration?
        var seed: UInt64?
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
            case "--db": options.databasePath = try cursor.dataLocation(for: argument)
            case "--splash-ms":
                let text = try cursor.value(for: argument)
                guard let ms = Int(text), ms >= 0, ms <= 60_000 else {
                    throw .badValue(flag: "--splash-ms", value: text, expected: "milliseconds from 0 to 60000")
                }
                options.splashMilliseconds = ms
            case "--open":
                let link = try cursor.value(for: argument)
                if case .invalid(let why) = DeepLink.parse(link) { throw .badLink(why.description) }
                options.deepLink = link
            case "--kiosk": kiosk = true
            case "--idle":
                let text = try cursor.value(for: argument)
                guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                    throw .badValue(flag: "--idle", value: text, expected: "seconds from 1 to 86400")
                }
                idle = .seconds(seconds)
            case "--seed":
                let text = try cursor.value(for: argument)
                guard let n = UInt64(text) else { throw .badValue(flag: "--seed", value: text, expected: "a whole number from 0") }
                seed = n
            default: throw .unknownArgument(argument)
            }
        }
        if headless { options.mode = .headless }
        if kiosk {
            if options.databasePath != nil { throw .notInKiosk("--db") }
            if options.deepLink != nil { throw .notInKiosk("--open") }
            if options.splashMilliseconds != nil { throw .notInKiosk("--splash-ms") }
            options.kiosk = Kiosk.Options(idle: idle ?? .seconds(30), seed: seed)
        } else {
            if idle != nil { throw .needsKiosk("--idle") }
            if seed != nil { throw .needsKiosk("--seed") }
        }
        if !headless {
            if options.keys != nil { throw .needsHeadless("--keys") }
            if options.scriptPath != nil { throw .needsHeadless("--script") }
            if options.printsFrames { throw .needsHeadless("--frames") }
        }
        return options
    }
}
