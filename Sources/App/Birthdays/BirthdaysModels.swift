import AppServices

/// A birthday on its way: whose, when it comes round and how old they turn (when the year is known).
struct UpcomingBirthday: Equatable, Sendable {
    let id: Int64
    let firstName: String
    let lastName: String
    /// The name the contact is shown by (its FN), "" from a row written before it was kept.
    var displayName = ""
    let date: BirthdayDate
    /// The day it comes round next (today or later).
    let next: BirthdayDate.Day
    /// Days from today (0: today).
    let daysToGo: Int
    /// The age they turn, when the birthday has a year.
    var turns: Int? { date.year.map { next.year - $0 } }

    /// Every contact's birthday that is a date, the soonest first (then in list order).
    static func upcoming(_ rows: [ContactBirthday], today: BirthdayDate.Day) -> [UpcomingBirthday] {
        let todayNumber = today.number
        let found = rows.enumerated().compactMap { (offset, row) -> (Int, UpcomingBirthday)? in
            guard let date = row.date else { return nil }
            let next = date.next(after: today)
            return (offset, UpcomingBirthday(id: row.id, firstName: row.firstName, lastName: row.lastName, displayName: row.displayName, date: date,
                                             next: next, daysToGo: next.number - todayNumber))
        }
        return found.sorted { a, b in a.1.daysToGo != b.1.daysToGo ? a.1.daysToGo < b.1.daysToGo : a.0 < b.0 }.map(\.1)
    }
}

/// The birthdays scene's use cases (Clean Swift): show them, choose one.
enum Birthdays {
    enum ShowBirthdays {
        struct Request: Equatable {}
        /// What the worker read: the birthdays on their way, and the contacts with one this month.
        struct Found: Equatable, Sendable {
            var upcoming: [UpcomingBirthday]
            var thisMonth: [ContactBirthday]
        }
        struct Response: Equatable {
            var birthdays: [UpcomingBirthday]
            /// How many contacts have their birthday this month (today's).
            var thisMonth = 0
            var error: String?
        }
        struct ViewModel: Equatable {
            struct Row: Equatable {
                let id: Int64
                /// "Today", "Tomorrow", "in 12 days".
                let when: String
                /// "Thu 24 Sep".
                let date: String
                let name: String
                /// "turns 36", or "" when the year is not known.
                let age: String
            }
            var title: String
            var rows: [Row]
            var emptyText: String
            var error: String?
        }
    }

    enum SelectBirthday {
        struct Request: Equatable { let index: Int }
    }
}
