import AppServices

@MainActor
protocol BirthdaysBusinessLogic: AnyObject {
    func showBirthdays(request: Birthdays.ShowBirthdays.Request)
    func selectBirthday(request: Birthdays.SelectBirthday.Request)
}

/// What the scene keeps for routing: the contact chosen.
@MainActor
protocol BirthdaysDataStore: AnyObject {
    var selectedContactID: Int64? { get }
}

/// Reads the upcoming birthdays as of today (the app's clock, the machine's time zone) and
/// remembers the one chosen.
@MainActor
final class BirthdaysInteractor: BirthdaysBusinessLogic, BirthdaysDataStore {
    var presenter: BirthdaysPresentationLogic?
    let worker: BirthdaysWorker
    /// Seconds since 1970, now.
    let now: () -> Int64
    private(set) var selectedContactID: Int64?
    private var shown: [UpcomingBirthday] = []
    private var shownThisMonth = 0

    init(worker: BirthdaysWorker, now: @escaping () -> Int64) {
        self.worker = worker
        self.now = now
    }

    func showBirthdays(request: Birthdays.ShowBirthdays.Request) {
        worker.fetchUpcoming(today: BirthdayDate.Day(at: now())) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let found):
                self.shown = found.upcoming
                self.shownThisMonth = found.thisMonth.count
                self.presenter?.presentBirthdays(response: .init(birthdays: found.upcoming, thisMonth: found.thisMonth.count))
            case .failure(let error):
                // What was shown stays; the message says why it could not be read again.
                self.presenter?.presentBirthdays(response: .init(birthdays: self.shown, thisMonth: self.shownThisMonth, error: error.message))
            }
        }
    }

    func selectBirthday(request: Birthdays.SelectBirthday.Request) {
        selectedContactID = request.index < shown.count ? shown[request.index].id : nil
    }
}
