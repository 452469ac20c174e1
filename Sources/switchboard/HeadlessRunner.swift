import App
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app on a virtual screen: scripted keys in, screens out as text.
/// Nothing touches the real terminal.
@MainActor
struct HeadlessRunner {
    let options: CommandLineOptions

    /// Reads the KEYS (script file first, then `--keys`), or throws a usage error naming the bad part.
    func steps() throws(UsageError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        if let path = options.scriptPath {
            let text = try Self.readText(path)
            do { steps += try KeyScript.parse(text) } catch { throw .badScript("\(path): \(error)") }
        }
        if let keys = options.keys {
            do { steps += try KeyScript.parse(keys) } catch { throw .badScript(error.description) }
        }
        return steps
    }

    /// Runs the script; returns the exit status: 1 when the app could not start (the reason went
    /// to `errors`), 128 + the signal when SIGTERM or SIGHUP ended it, else 0.
    func run(scene: AppScene, output: inout some TextOutputStream, errors: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let steps = try steps()
        let terminal = VirtualTerminal(size: options.size)
        terminal.enqueue(steps)
        let app = Application(terminal: terminal)
        var issues: [LayoutIssue] = []
        app.layoutIssueHandler = { issues.append($0) }
        let running = scene.install(in: app)
        var frames: [String] = []
        if options.printsFrames {
            app.onFrame = { number, time in
                frames.append("--- frame \(number) t=\(time.milliseconds)ms\n" + terminal.text)
            }
        }
        withExtendedLifetime(running) {
            do { try app.run() } catch { /* a virtual terminal always starts */ }
        }
        for issue in issues { print("switchboard: \(issue)", to: &errors) }
        if options.printsFrames {
            for frame in frames { print(frame, to: &output) }
        } else {
            print(terminal.text, to: &output)
        }
        if let error = running.switchboard.startupError {
            print("switchboard: \(CommandLineMessage.line(for: error))", to: &errors)
            return 1
        }
        return app.exitReason?.exitStatus ?? 0
    }

    /// The whole file as UTF-8 text, or a usage error that says why not.
    static func readText(_ path: String) throws(UsageError) -> String {
        guard let file = fopen(path, "rb") else {
            throw .unreadableScript(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes += chunk[0..<n] }
            if n < chunk.count {
                if ferror(file) != 0 { throw .unreadableScript(path: path, reason: String(cString: strerror(errno))) }
                break
            }
            if bytes.count > 16 << 20 { throw .unreadableScript(path: path, reason: "larger than 16 MiB") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableScript(path: path, reason: "not UTF-8 text")
        }
        return text
    }
}
