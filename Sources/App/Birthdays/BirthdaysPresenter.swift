import AppServices
import TUIKit

@MainActor
protocol BirthdaysPresentationLogic: AnyObject {
    func presentBirthdays(response: Birthdays.ShowBirthdays.Response)
}

/// Says when each birthday comes ("Today", "Tomorrow", "in 12 days"), on what day, whose, and
/// the age they turn; the title counts them, and those this month.
@MainActor
final class BirthdaysPresenter: BirthdaysPresentationLogic {
    weak var viewController: BirthdaysDisplayLogic?

    func presentBirthdays(response: Birthdays.ShowBirthdays.Response) {
        let rows = response.birthdays.map { b in
            Birthdays.ShowBirthdays.ViewModel.Row(
                id: b.id, when: Self.when(b.daysToGo),
                date: BirthdayText.weekdays[b.next.weekday] + " " + BirthdayText.dayAndMonth(day: b.next.day, month: b.next.month),
                name: { let n = ShownName.display(b.displayName, first: b.firstName, last: b.lastName); return n.isEmpty ? "(no name)" : n }(),
                age: b.turns.map { "turns \($0)" } ?? "")
        }
        let unread = response.error != nil && rows.isEmpty
        viewController?.displayBirthdays(viewModel: .init(
            title: unread ? "Birthdays" : "Birthdays (\(CountText.grouped(rows.count)))" + (response.thisMonth > 0 ? " · \(CountText.grouped(response.thisMonth)) this month" : ""), rows: rows,
            emptyText: unread ? "The birthdays could not be read (see below)." : "No contact has a birthday yet (a card's Birthday, or an import, gives one).",
            error: response.error))
    }

    static func when(_ days: Int) -> String {
        switch days {
        case 0: "Today"
        case 1: "Tomorrow"
        default: "in \(days) days"
        }
    }
}
