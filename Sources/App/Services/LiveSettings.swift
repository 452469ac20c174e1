import AppServices
import TUIKit

/// The signed-in user's settings, live: screens and the app's appliers observe
/// `current`. A change is saved by a job on the settings' work (one transaction): where it
/// answers at once (a file, memory) nobody hears of the change before it is saved, as before;
/// where it does not (a server) the change shows at once and a failed save puts the old value back.
@MainActor
final class LiveSettings {
    let current: Observable<UserSettings>
    private let work: ServiceWork<SettingsService>
    let accountID: Int64
    private let now: () -> Int64
    /// Saves given that have not answered yet (a read that comes meanwhile is not shown).
    private var savesOut = 0

    /// Settings already read (`initial`), saved and read again through `work`.
    init(initial: UserSettings, work: ServiceWork<SettingsService>, accountID: Int64, now: @escaping () -> Int64) {
        self.work = work
        self.accountID = accountID
        self.now = now
        current = Observable(initial)
    }

    /// Reads `accountID`'s settings through `work`, then hands them over (nil: the read failed).
    static func read(accountID: Int64, work: ServiceWork<SettingsService>, now: @escaping () -> Int64,
                     then deliver: @escaping @MainActor (LiveSettings?) -> Void) {
        work.run({ store throws(ServiceError) in try store.settings(for: accountID) }, then: { result in
            deliver((try? result.get()).map { LiveSettings(initial: $0, work: work, accountID: accountID, now: now) })
        })
    }

    /// Changes one or more settings. A save that fails keeps (or puts back) the old values and
    /// hands `failed` its message ("Could not save the setting: …").
    func update(_ change: (inout UserSettings) -> Void, failed: @escaping @MainActor (String) -> Void) {
        let old = current.value
        var changed = old
        change(&changed)
        let new = changed
        guard new != old else { return }
        let accountID = accountID
        let now = now()
        let save = SaveInFlight()
        savesOut += 1
        work.run({ store throws(ServiceError) in try store.save(new, for: accountID, now: now) }, then: { [weak self] result in
            save.answered = true
            guard let self else { return }
            self.savesOut -= 1
            switch result {
            case .success:
                if !save.shown { self.current.value = new }
            case .failure(let error):
                if save.shown, self.current.value == new { self.current.value = old }
                failed("Could not save the setting: \(error.message)")
            }
        })
        // A save still out: the new value shows now (put back if it fails).
        if !save.answered { save.shown = true; current.value = new }
    }

    /// Reads the settings again through the work (the Settings screen on view); what it reads
    /// replaces what is shown unless a save is out meanwhile.
    func readAgain() {
        let accountID = accountID
        work.run({ store throws(ServiceError) in try store.settings(for: accountID) }, then: { [weak self] result in
            guard let self, self.savesOut == 0, case .success(let read) = result, read != self.current.value else { return }
            self.current.value = read
        })
    }
}

/// One save on its way: whether its work has answered, and whether its value was shown before it did.
@MainActor
private final class SaveInFlight {
    var answered = false
    var shown = false
}
