import AppServices

public extension PasswordCommandFailure {
    /// What to tell the person, in App's words (the command was kept in Settings → Sync, or with
    /// `switchboard sync password-command`); the command line says it with its own options.
    var message: String {
        switch self {
        case .couldNotStart(let reason):
            "its password command could not be started (\(reason)); nothing was changed"
        case .timedOut(let after):
            "its password command did not finish within \(after) and was stopped; is it waiting for something (a locked password store, a prompt)?"
        case .failed(let status):
            "its password command failed (exit status \(status)); nothing was changed"
        case .printedNothing:
            "its password command printed an empty line, so there was no password; nothing was changed"
        }
    }
}
