import AppServices
import TUIKit

/// The Settings table (seed 003's constructor): its models in display order,
/// a cell type for each, and what choosing one does. Reorder `models` to
/// reorder the screen.
@MainActor
final class SettingsConstructor: StaticConstructorContainer {
    typealias ModelType = SettingsModel

    /// What choosing a row asks of the app.
    struct Actions {
        var change: ((inout UserSettings) -> Void) -> Void
        var changePassword: () -> Void
        var deleteAccount: () -> Void
        var logOut: () -> Void
        /// Opens the Sync screen (the CardDAV accounts).
        var sync: () -> Void = {}
    }

    var settings: UserSettings
    let username: String
    /// The kiosk's idle timeout row: only in the kiosk, where it does something.
    let showsKioskIdle: Bool
    /// Why the theme cannot be chosen (no colours: `NO_COLOR`, or the terminal), or nil.
    let monochromeReason: String?
    /// The Sync row's value ("off", "1 account · 3 pending"); nil: no Sync rows (the kiosk, a team directory).
    var syncSummary: String?
    private let actions: Actions

    init(settings: UserSettings, username: String, showsKioskIdle: Bool = false, monochromeReason: String? = nil, actions: Actions) {
        self.settings = settings
        self.username = username
        self.showsKioskIdle = showsKioskIdle
        self.monochromeReason = monochromeReason
        self.actions = actions
    }

    var models: [SettingsModel] {
        [.appearanceHeader, monochromeReason.map { .themeFixed(reason: $0) } ?? .theme(settings.theme), .animations(settings.animations), .mouse(settings.mouse), .spacer,
         .behaviourHeader, .splashDuration(settings.splashMilliseconds), .confirmBeforeDelete(settings.confirmBeforeDelete),
         .phoneRegion(settings.phoneRegion)]
            + (showsKioskIdle ? [.kioskIdle(settings.kioskIdleSeconds)] : [])
            + (syncSummary.map { [.spacer, .sync($0), .syncEvery(settings.syncMinutes)] } ?? [])
            + [.spacer, .accountHeader(username), .changePassword, .deleteAccount, .logOut]
    }

    func cellType(for model: SettingsModel) -> StaticTableViewCellClass.Type {
        switch model {
        case .appearanceHeader, .behaviourHeader, .accountHeader: StaticSectionHeaderCell.self
        case .theme, .splashDuration, .kioskIdle, .syncEvery, .phoneRegion: StaticValueCell.self // a value that changes in place, not a page
        case .animations, .mouse, .confirmBeforeDelete: StaticToggleCell.self
        case .themeFixed: StaticSubtitleCell.self // says why it is not a choice
        case .changePassword, .sync: StaticDisclosureCell.self
        case .deleteAccount: StaticDestructiveCell.self
        case .logOut: StaticTextCell.self
        case .spacer: StaticSpacerCell.self
        }
    }

    func configure(cell: TableViewCell, by model: SettingsModel) {}

    func itemSelected(item: SettingsModel) {
        if !step(item, by: 1) { open(item) }
    }

    /// Changes a value row by one choice (Enter and → forward, ← back) or flips a switch; false for other rows.
    @discardableResult
    func step(_ item: SettingsModel, by delta: Int) -> Bool {
        switch item {
        case .theme(let name):
            let names = Theme.all.map(\.name)
            let next = names[((names.firstIndex(of: name) ?? -1) + delta + names.count) % names.count]
            actions.change { $0.theme = next }
        case .themeFixed: break // no colours: nothing to choose (the row says why)
        case .animations(let on): actions.change { $0.animations = !on }
        case .mouse(let on): actions.change { $0.mouse = !on }
        case .confirmBeforeDelete(let on): actions.change { $0.confirmBeforeDelete = !on }
        case .splashDuration(let ms):
            actions.change { $0.splashMilliseconds = Self.step(from: ms, by: delta, in: UserSettings.splashChoices) }
        case .kioskIdle(let s):
            actions.change { $0.kioskIdleSeconds = Self.step(from: s, by: delta, in: UserSettings.kioskIdleChoices) }
        case .syncEvery(let m):
            actions.change { $0.syncMinutes = Self.step(from: m, by: delta, in: UserSettings.syncChoices) }
        case .phoneRegion(let code):
            let codes = UserSettings.phoneRegionChoices
            let next = codes[((codes.firstIndex(of: code) ?? 0) + delta + codes.count) % codes.count]
            actions.change { $0.phoneRegion = next }
        default: return false
        }
        return true
    }

    private func open(_ item: SettingsModel) {
        switch item {
        case .theme, .themeFixed, .animations, .mouse, .confirmBeforeDelete, .splashDuration, .kioskIdle, .syncEvery, .phoneRegion: break
        case .sync: actions.sync()
        case .changePassword: actions.changePassword()
        case .deleteAccount: actions.deleteAccount()
        case .logOut: actions.logOut()
        case .appearanceHeader, .behaviourHeader, .accountHeader, .spacer: break
        }
    }

    /// The choice `delta` away from `value`, wrapping around (forward from a value not among them: the next larger).
    static func step(from value: Int, by delta: Int, in choices: [Int]) -> Int {
        guard delta < 0 else { return next(after: value, in: choices) }
        guard let i = choices.firstIndex(of: value) else { return choices.last { $0 < value } ?? choices[choices.count - 1] }
        return choices[(i - 1 + choices.count) % choices.count]
    }

    /// The choice after `value` (the first after the last, or after a value not among them).
    static func next(after value: Int, in choices: [Int]) -> Int {
        guard let i = choices.firstIndex(of: value) else { return choices.first { $0 > value } ?? choices[0] }
        return choices[(i + 1) % choices.count]
    }
}
