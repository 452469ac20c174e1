import AppServices

/// What a sync failure is called where it happened: a pass, asking a server for its address
/// books (the set-up form), or adding an account.
public enum SyncStep: Sendable {
    case sync, asking, adding
}

public extension SyncFailure {
    /// What to tell the person, in App's words: what went wrong and, where there is one, what to
    /// do (the command line adds its own advice, such as `--allow-wipe`). `step`: what was under
    /// way, for a child that ended without saying why.
    func message(during step: SyncStep = .sync) -> String {
        switch self {
        case .server(let failure):
            return failure.detail
        case .storage(let error):
            return error.message
        case .wipeRefused(let book, let deleting, let of):
            return "the server's address book “\(book)” no longer has \(deleting == of ? "any" : "\(deleting)") of the \(of) contact\(of == 1 ? "" : "s") "
                + "synced from it (emptied, or deleted and made again, on the server?): none was deleted here, and nothing was sent"
        case .passwordNotTyped:
            return "no password was typed: type it in the app (Settings → Sync)"
        case .passwordCommandFailed(let why):
            return why.message
        case .passwordUnavailable(let words):
            return words
        case .passwordCommandStale(let user, let url, _):
            return "its password command was kept on this machine for \(user) at \(url); nothing was run or sent"
        case .noAddressBooks:
            return "the server lists no address books for this account; make one there first"
        case .addressBookNotChosen(let books):
            return "the server has \(books.count) address books (\(books.map(\.name).joined(separator: ", "))): choose one; nothing was added"
        case .noSuchAddressBook(let name, let books):
            return "the server has no address book “\(name)” (deleted meanwhile?); "
                + (books.isEmpty ? "it lists none" : "it has \(books.map(\.name).joined(separator: ", "))") + "; nothing was added"
        case .alreadySynced(let book, let url, let user, let server):
            return "the address book “\(book)” (\(url)) is synced already, by \(user) at \(server); "
                + "one account per address book, so nothing was added (switchboard sync syncs it)"
        case .noAccounts(let place):
            return "no CardDAV account is set up in \(place); add one with switchboard sync add URL --username NAME"
        case .noAccount(let why):
            return why.message
        case .account(let user, let url, .passwordNotTyped):
            return "no password for \(user) at \(url): type it in the app (Settings → Sync)"
        case .account(let user, let url, .passwordCommandStale(let keptUser, let keptURL, let team)):
            return "the directory's account now names \(user) at \(url), not \(keptUser) at \(keptURL) as when its password command was kept on this machine; "
                + "nothing was run or sent. If that change is right, keep the command again: switchboard sync password-command CMD\(team ? " --team" : "") --db …"
        case .account(let user, let url, let inner):
            return "\(user) at \(url): \(inner.message(during: step))"
        case .stopped(let code?):
            return switch step {
            case .sync: "the sync stopped (exit code \(code))"
            case .asking: "the server could not be asked (exit code \(code))"
            case .adding: "the account was not added (exit code \(code))"
            }
        case .stopped(nil):
            return switch step {
            case .sync: "the sync could not be started"
            case .asking: "the server could not be asked (exit code none)"
            case .adding: "the account was not added (exit code none)"
            }
        case .other(let words):
            return words
        }
    }
}
