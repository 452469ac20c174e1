import AppServices

/// Reads the account's birthdays for the scene (one job: off the main loop on a server) and puts
/// them in the order they come round, on the job's thread.
@MainActor
class BirthdaysWorker {
    let contacts: ContactsWork
    init(contacts: ContactsWork) { self.contacts = contacts }
    convenience init(store: ContactsService) { self.init(contacts: .inline(store)) }

    func fetchUpcoming(today: BirthdayDate.Day, then deliver: @escaping @MainActor (Result<[UpcomingBirthday], ServiceError>) -> Void) {
        contacts.run({ store throws(ServiceError) in UpcomingBirthday.upcoming(try store.birthdays(), today: today) }, then: deliver)
    }
}
