/// Why an account's password command gave no password (the command kept with a sync account, or
/// `--password-command`): what a sync child says on its `error` line inside `SyncFailure`, as a
/// value. App makes the sentence; the command line says it in its own words, with its advice
/// (`--password-timeout`).
public enum PasswordCommandFailure: Error, Hashable, Sendable {
    /// The command could not be started (the system's words: "No such file or directory").
    case couldNotStart(reason: String)
    /// The command had not ended after `after` (as the command line writes a duration: "60 s") and was stopped.
    case timedOut(after: String)
    /// The command ended with `exitStatus` (128 + the signal's number when a signal ended it).
    case failed(exitStatus: Int32)
    /// The command's first line was empty.
    case printedNothing

    /// The failure as fields: a word naming the case, then its values.
    public var fields: [String] {
        switch self {
        case .couldNotStart(let reason): ["couldNotStart", reason]
        case .timedOut(let after): ["timedOut", after]
        case .failed(let status): ["failed", String(status)]
        case .printedNothing: ["printedNothing"]
        }
    }

    /// Reads `fields` back; nil when they name no case.
    public init?(fields: [String]) {
        switch (fields.first, fields.count) {
        case ("couldNotStart", 2): self = .couldNotStart(reason: fields[1])
        case ("timedOut", 2): self = .timedOut(after: fields[1])
        case ("failed", 2):
            guard let status = Int32(fields[1]) else { return nil }
            self = .failed(exitStatus: status)
        case ("printedNothing", 1): self = .printedNothing
        default: return nil
        }
    }
}
