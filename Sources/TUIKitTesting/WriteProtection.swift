import Foundation

/// Makes a file or folder unwritable for a test, even for root (who ignores
/// mode bits): `chattr +i` as root, `chmod a-w` otherwise; `remove` undoes it.
public enum WriteProtection {
    /// Protects `path`; false when it could not be done (the test should say so, not pass).
    @discardableResult
    public static func set(_ path: String) -> Bool {
        getuid() == 0 ? run("/usr/bin/chattr", ["+i", path]) : run("/bin/chmod", ["a-w", path])
    }

    /// Takes the protection away again.
    public static func remove(_ path: String) {
        if getuid() == 0 { _ = run("/usr/bin/chattr", ["-i", path]) } else { _ = run("/bin/chmod", ["u+w", path]) }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
