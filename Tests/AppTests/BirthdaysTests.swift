import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

// Upcoming birthdays in the app (issue 39): a screen from Main (B), the soonest first, with the
// days to go; Enter opens the card. The VIP boundaries with spies, then the whole flow headless.

@MainActor
final class BirthdaysPresenterSpy: BirthdaysPresentationLogic {
    var responses: [Birthdays.ShowBirthdays.Response] = []
    func presentBirthdays(response: Birthdays.ShowBirthdays.Response) { responses.append(response) }
}

@MainActor
final class BirthdaysDisplaySpy: BirthdaysDisplayLogic {
    var viewModels: [Birthdays.ShowBirthdays.ViewModel] = []
    func displayBirthdays(viewModel: Birthdays.ShowBirthdays.ViewModel) { viewModels.append(viewModel) }
}

@MainActor
final class BirthdaysWorkerSpy: BirthdaysWorker {
    var days: [BirthdayDate.Day] = []
    override func fetchUpcoming(today: BirthdayDate.Day, then deliver: @escaping @MainActor (Result<Birthdays.ShowBirthdays.Found, ServiceError>) -> Void) {
        days.append(today)
        super.fetchUpcoming(today: today, then: deliver)
    }
}

@MainActor
final class BirthdaysBusinessLogicSpy: BirthdaysBusinessLogic {
    var shows = 0
    var selected: [Int] = []
    func showBirthdays(request: Birthdays.ShowBirthdays.Request) { shows += 1 }
    func selectBirthday(request: Birthdays.SelectBirthday.Request) { selected.append(request.index) }
}

@MainActor
final class BirthdaysRouterSpy: BirthdaysRoutingLogic {
    var routes = 0
    func routeToShowContact() { routes += 1 }
}

/// 2026-09-21 12:00 UTC, a Monday (the harness's wall clock).
let birthdaysNoon: Int64 = 1_789_992_000

func person(_ first: String, _ last: String, born: String) -> ContactRecord {
    var r = ContactRecord(firstName: first, lastName: last)
    r.birthday = born
    return r
}

let birthdayPeople = [
    person("Grace", "Hopper", born: "1906-12-09"),
    person("Ada", "Lovelace", born: "--09-22"),        // no year
    person("Alan", "Turing", born: "19120623"),
    person("Dennis", "Ritchie", born: "2000-09-21"),   // today
    person("Not", "Adate", born: "sometime in May"),
    person("No", "Birthday", born: ""),
]

@MainActor
@Suite("Birthdays scene (VIP boundaries)")
struct BirthdaysSceneTests {
    @Test func interactorAsksForTodayAndHandsTheSoonestFirstToThePresenter() {
        let store = InMemoryContacts(birthdayPeople)
        let worker = BirthdaysWorkerSpy(store: store)
        let interactor = BirthdaysInteractor(worker: worker, now: { birthdaysNoon })
        let presenter = BirthdaysPresenterSpy()
        interactor.presenter = presenter
        interactor.showBirthdays(request: .init())
        #expect(worker.days == [BirthdayDate.Day(year: 2026, month: 9, day: 21)])
        let shown = presenter.responses.last?.birthdays ?? []
        #expect(shown.map(\.lastName) == ["Ritchie", "Lovelace", "Hopper", "Turing"])
        #expect(shown.map(\.daysToGo) == [0, 1, 79, 275])
        #expect(shown.map(\.turns) == [26, nil, 120, 115])
        interactor.selectBirthday(request: .init(index: 2))
        #expect(interactor.selectedContactID == shown[2].id)
        // Today is 21 September: Ritchie's (today) and Lovelace's (tomorrow, no year) are this month.
        #expect(presenter.responses.last?.thisMonth == 2)
    }

    /// The worked example of issue 49: contacts with a birthday this month, a query of the
    /// Birthdays worker on the store's birthdays (list order; a birthday that is not a date is in no month).
    @Test func contactsWithABirthdayInAMonth() throws {
        let rows = try InMemoryContacts(birthdayPeople).birthdays()
        #expect(BirthdaysWorker.born(inMonth: 9, rows).map(\.lastName) == ["Lovelace", "Ritchie"])
        #expect(BirthdaysWorker.born(inMonth: 12, rows).map(\.lastName) == ["Hopper"])
        #expect(BirthdaysWorker.born(inMonth: 5, rows).isEmpty) // "sometime in May" is no date
        #expect(BirthdaysWorker.born(inMonth: 1, rows).isEmpty)
    }

    @Test func presenterSaysWhenOnWhatDayWhoseAndTheAge() throws {
        let presenter = BirthdaysPresenter()
        let display = BirthdaysDisplaySpy()
        presenter.viewController = display
        let today = BirthdayDate.Day(year: 2026, month: 9, day: 21)
        presenter.presentBirthdays(response: .init(birthdays: UpcomingBirthday.upcoming(
            birthdayPeople.enumerated().map {
                ContactBirthday(id: Int64($0.offset + 1), firstName: $0.element.firstName, lastName: $0.element.lastName,
                                birthday: $0.element.birthday, displayName: "")
            }, today: today)))
        let vm = try #require(display.viewModels.last)
        #expect(vm.title == "Birthdays (4)")
        #expect(vm.rows.map(\.when) == ["Today", "Tomorrow", "in 79 days", "in 275 days"])
        #expect(vm.rows.map(\.date) == ["Mon 21 Sep", "Tue 22 Sep", "Wed 9 Dec", "Wed 23 Jun"])
        #expect(vm.rows.map(\.name) == ["Dennis Ritchie", "Ada Lovelace", "Grace Hopper", "Alan Turing"])
        #expect(vm.rows.map(\.age) == ["turns 26", "", "turns 120", "turns 115"])
        presenter.presentBirthdays(response: .init(birthdays: []))
        #expect(display.viewModels.last?.emptyText.hasPrefix("No contact has a birthday yet") == true)
    }

    @Test func viewControllerAsksOnAppearingAndRoutesTheChoice() {
        let vc = BirthdaysViewController()
        let interactor = BirthdaysBusinessLogicSpy()
        let router = BirthdaysRouterSpy()
        vc.interactor = interactor
        vc.router = router
        _ = vc.view
        vc.viewWillAppear()
        #expect(interactor.shows == 1)
        vc.displayBirthdays(viewModel: .init(title: "Birthdays (1)", rows: [.init(id: 7, when: "Today", date: "Mon 21 Sep", name: "Ada Lovelace", age: "")],
                                             emptyText: "", error: nil))
        vc.list.onSelect?(0)
        #expect(interactor.selected == [0])
        #expect(router.routes == 1)
    }

    @Test func birthdayDatesComeRoundOnTheRightDay() throws {
        let leap = try #require(BirthdayDate(parsing: "2000-02-29"))
        #expect(leap.next(after: .init(year: 2026, month: 3, day: 2)) == .init(year: 2027, month: 3, day: 1)) // no 29 Feb in 2027
        #expect(leap.next(after: .init(year: 2027, month: 12, day: 31)) == .init(year: 2028, month: 2, day: 29))
        #expect(BirthdayDate(parsing: "--0412") == BirthdayDate(year: nil, month: 4, day: 12))
        #expect(BirthdayDate(parsing: "1985-04-12T00:00:00Z") == BirthdayDate(year: 1985, month: 4, day: 12))
        #expect(BirthdayDate(parsing: "1985-13-01") == nil)
        #expect(BirthdayDate.Day(year: 1970, month: 1, day: 1).number == 0)
        #expect(BirthdayDate.Day(year: 1970, month: 1, day: 1).weekday == 4) // a Thursday
    }
}

@MainActor
@Suite("Birthdays in the app", .serialized)
struct BirthdaysEndToEndTests {
    func harness(width: Int = 100, height: Int = 30) throws -> AppHarness {
        let h = AppHarness(width: width, height: height)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        for p in birthdayPeople { _ = try store.add(p) }
        return h
    }

    @Test func fromMainBShowsTheNextBirthdaysAndEnterOpensTheCard() throws {
        let h = try harness()
        h.press("wait:400ms")
        #expect(h.text.contains("B   Birthdays"), "\(h.text)")
        h.press("B wait:400ms")
        #expect(h.lines[0].contains("Birthdays (4) · 2 this month"), "\(h.text)")
        let rows = h.lines.filter { $0.contains(" days") || $0.contains("Today") || $0.contains("Tomorrow") }
        #expect(rows.count == 4, "\(h.text)")
        #expect(rows.first?.contains("Today") == true && rows.first?.contains("Dennis Ritchie") == true && rows.first?.contains("turns 26") == true)
        #expect(rows[1].contains("Tomorrow") && rows[1].contains("Tue 22 Sep") && rows[1].contains("Ada Lovelace"))
        #expect(rows[3].contains("in 275 days") && rows[3].contains("Alan Turing"))
        #expect(!h.text.contains("Adate"))
        h.press("Down Down Enter wait:400ms")
        #expect(h.lines[0].contains("Grace Hopper"), "\(h.text)")          // the card
        h.press("Esc wait:400ms")
        #expect(h.lines[0].contains("Birthdays (4)"))
        h.press("?")
        #expect(h.text.contains("Birthdays") && h.text.contains("Enter"), "\(h.text)")
    }

    @Test func fitsAt40x12AndAfterAResize() throws {
        let h = try harness(width: 40, height: 12)
        h.press("wait:400ms B wait:400ms")
        #expect(h.lines[0].contains("Birthdays (4)"), "\(h.text)")
        #expect(h.text.contains("Today"))
        h.press("resize:200x60 wait:100ms")
        #expect(h.text.contains("Alan Turing  · turns 115"), "\(h.text)")
        h.press("resize:100x30 wait:100ms")
        #expect(h.text.contains("Dennis Ritchie"))
    }

    @Test func theLinkOpensIt() throws {
        let h = try harness()
        h.launch(width: 100, height: 30, deepLink: "switchboard://birthdays")
        h.press("wait:1500ms")
        #expect(h.lines[0].contains("Birthdays (4)"), "\(h.text)")
    }
}
