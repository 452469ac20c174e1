import AppServices
import TUIKit

/// Every row of the Sync screen (seed 003's `CellModel`): the accounts, each with its address
/// books, when it last synced, what is pending, its last error and the cards it leaves alone
/// (each with its reason); then what can be done.
enum SyncModel: Titled, Subtitled, Valued, Iconed, Equatable {
    /// "alice at https://dav.example.com/".
    case accountHeader(String)
    /// An address book: its name, the contacts on it, whether new contacts go to it.
    case book(name: String, contacts: Int, isDefault: Bool)
    case lastSync(String)
    case pending(Int)
    case error(String)
    /// A card the sync leaves alone, with its reason.
    case leftAlone(SyncLeftCard)
    /// The password is typed in the app and has not been this run: choosing the row asks for it.
    case typePassword(syncAccountID: Int64, username: String)
    /// A pass stopped before deleting most of an address book's contacts here: choosing the row
    /// syncs again, letting it delete them.
    case wipe(SyncWipe)
    case syncNow(running: Bool)
    case conflicts(Int)
    case addAccount
    /// Nothing is set up yet.
    case nothingYet
    case spacer

    var title: String? {
        switch self {
        case .accountHeader(let name): name
        case .book(let name, _, _): name
        case .lastSync: "Last sync"
        case .pending: "Pending changes"
        case .error: "Last error"
        case .leftAlone(let card): card.name + (card.refused ? " · refused by the server" : " · left on the server")
        case .typePassword(_, let username): "Type \(username)'s password…"
        case .wipe(let wipe): wipe.headline
        case .syncNow(let running): running ? "Syncing…" : "Sync now"
        case .conflicts: "Conflicts"
        case .addAccount: "Add a CardDAV account…"
        case .nothingYet: "No CardDAV account yet"
        case .spacer: nil
        }
    }

    var subtitle: String? {
        switch self {
        case .error(let text): text
        case .leftAlone(let card): card.reason
        case .typePassword: "Kept in memory for this run only, never written to the data file."
        case .wipe(let wipe): "Delete \(wipe.deleting == 1 ? "it" : "the \(wipe.deleting)") here too? Enter: yes (as switchboard sync --allow-wipe). "
            + "Nothing was deleted here; leave it, and they stay while each sync asks again."
        case .nothingYet: "Add one to keep your contacts in step with Nextcloud, Fastmail, iCloud, Radicale… (or: switchboard sync add)."
        default: nil
        }
    }

    var value: String? {
        switch self {
        case .book(_, let contacts, let isDefault): "\(contacts) contact\(contacts == 1 ? "" : "s")" + (isDefault ? " · new go here" : "")
        case .lastSync(let text): text
        case .pending(let n): n == 0 ? "none" : CountText.grouped(n)
        case .conflicts(let n): n == 0 ? "none" : CountText.grouped(n)
        default: nil
        }
    }

    var icon: String? {
        switch self {
        case .book: Glyphs.current.name == Glyphs.unicode.name ? "▤" : ""
        case .lastSync: Glyphs.current.clock
        case .pending: Glyphs.current.name == Glyphs.unicode.name ? "↑" : "^"
        case .error: "!"
        case .leftAlone: Glyphs.current.warning
        case .typePassword: Glyphs.current.password
        case .wipe: Glyphs.current.warning
        case .syncNow: Glyphs.current.sync
        case .conflicts: Glyphs.current.name == Glyphs.unicode.name ? "⇄" : "<>"
        case .addAccount: "+"
        default: nil
        }
    }
}
