import AppServices
import TUIKit

/// The Sync table (seed 003's constructor): its rows from what `SyncCenter` knows, a cell type
/// for each, and what choosing one does.
@MainActor
final class SyncConstructor: StaticConstructorContainer {
    typealias ModelType = SyncModel

    /// What choosing a row asks of the app.
    struct Actions {
        var syncNow: () -> Void
        var addAccount: () -> Void
        var typePassword: (_ syncAccountID: Int64, _ username: String) -> Void
        var conflicts: () -> Void
        /// Syncs again, letting it delete the contacts an address book lost on the server.
        var allowWipe: () -> Void = {}
    }

    var activity: SyncActivity
    /// Which accounts have no password for this run (typed in the app, not typed yet).
    var needsPassword: (SyncAccountStatus) -> Bool
    /// The wall clock, for "14:02" / "Mon 14:02".
    let now: () -> Int64
    private let actions: Actions

    init(activity: SyncActivity, needsPassword: @escaping (SyncAccountStatus) -> Bool, now: @escaping () -> Int64, actions: Actions) {
        self.activity = activity
        self.needsPassword = needsPassword
        self.now = now
        self.actions = actions
    }

    var models: [SyncModel] {
        var rows: [SyncModel] = []
        if activity.accounts.isEmpty { rows += [.nothingYet, .spacer] }
        for account in activity.accounts {
            rows.append(.accountHeader("\(account.username) at \(account.url)"))
            rows += account.books.map { .book(name: $0.name, contacts: $0.contacts, isDefault: $0.isDefault) }
            rows.append(.lastSync(account.lastSyncAt.map { SyncActivity.when($0, now: now()) } ?? "never"))
            rows.append(.pending(account.pending))
            if let failure = account.lastError { rows.append(.error(failure.message())) }
            rows += account.books.flatMap(\.leftAlone).map { .leftAlone($0) }
            if needsPassword(account) { rows.append(.typePassword(syncAccountID: account.id, username: account.username)) }
            rows.append(.spacer)
        }
        if let wipe = activity.wipe, !activity.isRunning { rows += [.wipe(wipe), .spacer] }
        if !activity.accounts.isEmpty { rows += [.syncNow(running: activity.isRunning), .conflicts(activity.conflicts)] }
        rows.append(.addAccount)
        return rows
    }

    func cellType(for model: SyncModel) -> StaticTableViewCellClass.Type {
        switch model {
        case .accountHeader: StaticSectionHeaderCell.self
        case .book, .lastSync, .pending: StaticValueCell.self
        case .error, .nothingYet, .leftAlone: StaticSubtitleCell.self
        case .typePassword, .wipe: StaticSubtitleCell.self
        case .syncNow: StaticTextCell.self
        case .conflicts, .addAccount: StaticDisclosureCell.self
        case .spacer: StaticSpacerCell.self
        }
    }

    /// Every cell type a row may have (the rows change as accounts are added).
    static let cellTypes: [StaticTableViewCellClass.Type] = [StaticSectionHeaderCell.self, StaticValueCell.self, StaticSubtitleCell.self,
                                                            StaticTextCell.self, StaticDisclosureCell.self, StaticSpacerCell.self]

    func configure(cell: TableViewCell, by model: SyncModel) {}

    func itemSelected(item: SyncModel) {
        switch item {
        case .syncNow: actions.syncNow()
        case .addAccount, .nothingYet: actions.addAccount()
        case .typePassword(let id, let username): actions.typePassword(id, username)
        case .conflicts: actions.conflicts()
        case .wipe: actions.allowWipe()
        case .accountHeader, .book, .lastSync, .pending, .error, .leftAlone, .spacer: break
        }
    }
}
