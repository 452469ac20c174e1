import AppServices
/// Every screen of the app — seed 002's `ControllersList`. Associated values
/// carry what a screen needs; deep links parse into the same enum. Adding a
/// screen means adding a case: the compiler then points at every switch to
/// complete (none of them has a `default`).
public enum Screen: Equatable, Sendable {
    case splash
    case login
    case createAccount
    case main
    case textInput
    case textConfirmation(text: String)
    case contactList
    /// The team address book of a team's directory: the same scenes on the contacts every member
    /// reads (the server decides who may change them).
    case teamContactList
    /// A contact's card. Each contacts screen carries the book it shows (`.both`: every book the
    /// person reads — on a directory without a team book, their own), and hands it on to the
    /// screens it opens.
    case contactDetail(id: Int64, book: ContactBook = .both)
    case contactAdd(book: ContactBook = .both)
    case contactEdit(id: Int64, book: ContactBook = .both)
    /// A save refused because someone else changed the contact meanwhile: `yours` beside the stored
    /// version, picked field by field (`read`: the version the person had opened, so the fields
    /// they did not change take the other side's by default).
    case contactConflict(yours: ContactRecord, read: ContactRecord?, book: ContactBook = .both)
    /// "Possible duplicates": pairs of contacts that may be one person, each merged with a key.
    case duplicates(book: ContactBook = .both)
    /// The Trash: the contacts deleted lately (the last 100 deletes), to bring back or forget.
    case trash(book: ContactBook = .both)
    /// Import… (`export` false) or Export… of the signed-in person's contacts (of `book`; both: their own).
    case contactTransfer(export: Bool, book: ContactBook = .both)
    /// Export… of some of them: a search's matches, or one contact.
    case contactExport(ExportScope, book: ContactBook = .both)
    /// The friends popup over the current screen, on the signed-in user's friends (seed 000's real use-case).
    case friendsList
    /// The same popup on made-up friends (seed 000's demo use-case).
    case friendsListDemo
    /// The signed-in user's settings (a static table, seed 003).
    case settings
    case changePassword
    case deleteAccount
    /// Version, the data file, counts, keys, license (a static table, seed 003).
    case about
    /// The signed-in user's log of what happened.
    case activity
    /// The CardDAV accounts, their address books, last sync, pending changes, errors (a static table, seed 003).
    case sync
    /// Adding a CardDAV account: a form that finds the address books and lets the person pick.
    case syncSetup
    /// The password of an account set up without a password command, typed for this run.
    case syncPassword(syncAccountID: Int64, username: String)
    /// The conflicts sync kept (changed on both sides), settled field by field (a VIP scene).
    case syncConflicts
    /// The contacts' birthdays, the soonest first, with the days to go.
    case birthdays
    /// The people the user writes to who are not contacts (from `switchboard harvest`), most
    /// written to first; Space marks, Enter adds.
    case correspondents
    /// A menu item whose feature arrives in a later version (it says so, and does nothing else).
    case comingSoon(feature: String)

    /// The flow a screen lives in; the root controller swaps flows.
    public enum Flow: Sendable { case launch, login, main }

    public var flow: Flow {
        switch self {
        case .splash: .launch
        case .login, .createAccount: .login
        case .main, .textInput, .textConfirmation, .comingSoon, .contactList, .teamContactList, .contactDetail, .contactAdd, .contactEdit, .contactConflict, .contactTransfer, .contactExport, .duplicates, .trash,
             .friendsList, .friendsListDemo, .settings, .changePassword, .deleteAccount, .about, .activity, .birthdays, .correspondents,
             .sync, .syncSetup, .syncPassword, .syncConflicts: .main
        }
    }
}
