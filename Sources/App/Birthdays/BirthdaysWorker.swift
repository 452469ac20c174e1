import AppServices

/// Reads the account's birthdays for the scene (one job: off the main loop on a server) and puts
/// them in the order they come round, on the job's thread; the same read answers which contacts
/// have a birthday this month.
@MainActor
class BirthdaysWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }

    func fetchUpcoming(today: BirthdayDate.Day, then deliver: @escaping @MainActor (Result<Birthdays.ShowBirthdays.Found, ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in
            let rows = try store.birthdays()
            return .init(upcoming: UpcomingBirthday.upcoming(rows, today: today), thisMonth: Self.born(inMonth: today.month, rows))
        }, then: deliver)
    }

    /// The contacts with a birthday in `month` (1 to 12), in list order: a birthday that is not
    /// a date is in none.
    nonisolated static func born(inMonth month: Int, _ rows: [ContactBirthday]) -> [ContactBirthday] {
        rows.filter { $0.date?.month == month }
    }
}
