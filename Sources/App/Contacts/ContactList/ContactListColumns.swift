import AppServices
import TUIKit

/// The columns a contact-list row shows at a width, as abook shows its list, sharing the width by
/// what the rows on hand hold (`Wants`: the widest name, e-mail, phone, company and book among
/// them): the name alone on a narrow terminal (under 70 columns), then the e-mail and phone
/// beside it, and the company where there is room for it. The column the list is sorted by is
/// always shown (sorted by company, the company follows the name at any width). Where the
/// contacts sync with CardDAV address books, each row ends with its book's name. A column that
/// holds less than its share is as wide as what it holds, and what is left goes to the columns
/// that hold more (a phone is cut last); room left over after every column is whole spreads over
/// them. Each column is cut with "…" where its text does not fit, by display width (wide
/// characters take two columns), and two blanks always part the columns.
struct ContactListColumns: Equatable {
    /// The widths; 0: the column is not shown. `name` includes the friend's star and team marks.
    let name: Int
    let email: Int
    let phone: Int
    let company: Int
    let addressBook: Int
    /// Whether the company comes right after the name (the list is sorted by company).
    let companyFirst: Bool

    /// The widest text each column would show, among the rows on hand (display columns).
    struct Wants: Equatable {
        var name = 0, email = 0, phone = 0, company = 0, addressBook = 0

        /// What a list shows before any row is read: a guess of common widths.
        static let typical = Wants(name: 24, email: 28, phone: 16, company: 20, addressBook: 10)

        /// The larger of each.
        func merged(with other: Wants) -> Wants {
            Wants(name: max(name, other.name), email: max(email, other.email), phone: max(phone, other.phone),
                  company: max(company, other.company), addressBook: max(addressBook, other.addressBook))
        }
    }

    /// The narrowest row that shows the e-mail and phone.
    static let detailsFrom = 70

    /// The section letter and its gap before the name; the gap between two columns.
    private static let lead = 4, gap = 2
    /// The friend's star and the team book's mark after a name, as the rows write them.
    static func marks(isFriend: Bool, inTeamBook: Bool) -> String {
        (isFriend ? "  " + Glyphs.current.star : "") + (inTeamBook ? "  · team" : "")
    }

    private enum Column: CaseIterable { case name, company, phone, email, addressBook }

    init(width: Int, addressBooks: Bool = false, order: ContactListOrder = .lastName, wants: Wants = .typical) {
        // One column is kept free at the right for the list's scroll mark.
        let room = max(0, width - Self.lead - 1)
        companyFirst = order == .company
        // What each column holds, capped (a name or an e-mail past these is cut), and the least
        // a shown column gets (less than what it holds only when it holds more).
        func want(_ c: Column) -> Int {
            switch c {
            case .name: max(4, min(wants.name, 48))
            case .email: min(wants.email, 56)
            case .phone: min(wants.phone, 24)
            case .company: min(wants.company, 40)
            case .addressBook: addressBooks ? min(max(wants.addressBook, 4), 20) : 0
            }
        }
        func least(_ c: Column) -> Int {
            switch c {
            case .name: min(want(.name), 12)
            case .phone: want(.phone) // a cut phone number is no use
            case .addressBook: min(want(.addressBook), 4)
            default: min(want(c), 10)
            }
        }
        // Which columns show, in the order they get room: the name, the one sorted by, the phone,
        // the e-mail, the company, the book; below `detailsFrom` only the name, the sort column and the book.
        let details = width >= Self.detailsFrom
        var priority: [Column] = [.name]
        if order == .company { priority.append(.company) }
        if addressBooks { priority.append(.addressBook) }
        if details { priority += [.phone, .email] }
        if details, order != .company { priority.append(.company) }
        var shown: [Column] = []
        var used = 0
        for c in priority where want(c) > 0 {
            let cost = least(c) + (shown.isEmpty ? 0 : Self.gap)
            if c == .name || used + cost <= room || (c == .company && order == .company) {
                shown.append(c)
                used += cost
            }
        }
        var widths: [Column: Int] = [:]
        for c in shown { widths[c] = least(c) }
        var left = max(0, room - used)
        if used > room, order == .company, shown.count > 1 {
            // A narrow row sorted by company: the name and the company share it.
            let company = max(4, (room - Self.gap) * 2 / 5)
            widths[.company] = company
            widths[.name] = max(1, room - Self.gap - company)
            left = 0
            shown = shown.filter { $0 == .name || $0 == .company }
        }
        // What is left goes, group by group, to the columns that hold more than they got: the
        // phone and the book whole first, then the name and the e-mail (and the company where the
        // list is sorted by it) in fair shares, then the company.
        let groups: [[Column]] = [[.phone, .addressBook], order == .company ? [.name, .company, .email] : [.name, .email], [.company]]
        for group in groups {
            var wanting = group.filter { c in shown.contains(c) && (widths[c] ?? 0) < want(c) }
            while left > 0, !wanting.isEmpty {
                let share = max(1, left / wanting.count)
                for c in wanting where left > 0 {
                    let extra = min(share, left, want(c) - (widths[c] ?? 0))
                    widths[c, default: 0] += extra
                    left -= extra
                }
                wanting = wanting.filter { (widths[$0] ?? 0) < want($0) }
            }
        }
        // Room to spare once all is whole: spread between the columns (the last one drawn stays as
        // wide as what it holds, so the rows reach to the right).
        let middle: [Column] = order == .company ? [.company, .email, .phone] : [.email, .phone, .company]
        let drawn: [Column] = ([Column.name] + middle + [Column.addressBook]).filter { shown.contains($0) }
        let widening = drawn.count > 1 ? Array(drawn.dropLast()) : drawn
        if left > 0, !widening.isEmpty {
            let share = left / widening.count
            var rest = left - share * widening.count
            for c in widening {
                widths[c, default: 0] += share + (rest > 0 ? 1 : 0)
                if rest > 0 { rest -= 1 }
            }
        }
        name = max(1, widths[.name] ?? 1)
        email = widths[.email] ?? 0
        phone = widths[.phone] ?? 0
        company = widths[.company] ?? 0
        addressBook = widths[.addressBook] ?? 0
    }

    var showsDetails: Bool { email > 0 || phone > 0 || company > 0 }

    /// The columns after the name, in the order they are drawn, with their widths.
    private func after(email e: String, phone p: String, company c: String, book b: String) -> [(String, Int)] {
        let middle: [(String, Int)] = companyFirst ? [(c, company), (e, email), (p, phone)] : [(e, email), (p, phone), (c, company)]
        return (middle + [(b, addressBook)]).filter { $0.1 > 0 }
    }

    /// A row: the section letter (or a blank), the name, the friend's star and the team book's mark
    /// (a list of both books), the columns shown, and the address book last.
    func row(letter: String, name: String, isFriend: Bool, inTeamBook: Bool = false, details: ContactRowDetails) -> String {
        let star = Self.marks(isFriend: isFriend, inTeamBook: inTeamBook)
        let gap = String(repeating: " ", count: Self.gap)
        let rest = after(email: details.email, phone: details.phone, company: details.company, book: details.addressBook)
        guard !rest.isEmpty else { return " \(letter)  \(name)\(star)" }
        // The marks follow the name; a name too long for both is cut, never the marks.
        let room = self.name, marks = DisplayWidth.of(star)
        let named = DisplayWidth.of(name) + marks <= room ? Self.fit(name + star, room) : Self.fit(name, max(1, room - marks)) + star
        var text = " \(letter)  " + named
        for (value, width) in rest { text += gap + Self.fit(value, width) }
        return text
    }

    /// The line over the rows naming the columns ("" when only names show).
    var header: String {
        let rest = after(email: "E-mail", phone: "Phone", company: "Company", book: "Book")
        guard showsDetails || addressBook > 0 else { return "" }
        let gap = String(repeating: " ", count: Self.gap)
        var text = String(repeating: " ", count: Self.lead) + Self.fit("Name", name)
        for (title, width) in rest { text += gap + Self.fit(title, width) }
        return text
    }

    /// `text` in exactly `width` columns: padded with spaces, or cut with "…".
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        let shown = DisplayWidth.of(text)
        if shown <= width { return text + String(repeating: " ", count: width - shown) }
        var out = "", used = 0
        for c in text {
            let w = DisplayWidth.of(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…" + String(repeating: " ", count: max(0, width - 1 - used))
    }

    /// What the rows of a window would show in each column, at their widest.
    static func wants(of rows: [ContactList.ShowContacts.ViewModel.DisplayedContact]) -> Wants {
        var wants = Wants()
        for r in rows {
            wants.name = max(wants.name, DisplayWidth.of(r.fullName) + DisplayWidth.of(marks(isFriend: r.isFriend, inTeamBook: r.inTeamBook)))
            wants.email = max(wants.email, DisplayWidth.of(r.details.email))
            wants.phone = max(wants.phone, DisplayWidth.of(r.details.phone))
            wants.company = max(wants.company, DisplayWidth.of(r.details.company))
            wants.addressBook = max(wants.addressBook, DisplayWidth.of(r.details.addressBook))
        }
        return wants
    }
}
