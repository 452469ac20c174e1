import AppServices

/// A birthday in words, one way on every screen (issue 51): the day, then the month's short name
/// ("10 Dec"), the year after where there is one ("10 Dec 1815"); Birthdays puts the weekday of
/// its next coming before it ("Thu 10 Dec"). A text that is no date is shown as it is.
extension BirthdayText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// "10 Dec" (month and day).
    static func dayAndMonth(day: Int, month: Int) -> String { "\(day) \(months[month - 1])" }

    /// What a card says of a stored birthday.
    static func shown(_ stored: String) -> String {
        guard let date = BirthdayDate(parsing: stored) else { return stored }
        return dayAndMonth(day: date.day, month: date.month) + (date.year.map { " \($0)" } ?? "")
    }
}
