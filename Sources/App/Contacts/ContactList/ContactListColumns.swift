import AppServices
import TUIKit

/// The columns a contact-list row shows at a width, as abook shows its list: the name alone on
/// a narrow terminal (under 70 columns), then the e-mail and phone beside it, then the company
/// too (from 150). Where the contacts sync with CardDAV address books, each row ends with its
/// book's name (a short column; at any width, names first: a narrow row gives the book a third at
/// most). Each column is cut with "…" where its text does not fit, by display width (wide
/// characters take two columns).
struct ContactListColumns: Equatable {
    /// The widths; 0: the column is not shown.
    let name: Int
    let email: Int
    let phone: Int
    let company: Int
    let addressBook: Int

    /// The narrowest row that shows the e-mail and phone, and the company.
    static let detailsFrom = 70
    static let companyFrom = 150

    /// The section letter and its gap before the name, and the friend's star slot after it.
    private static let lead = 4, star = 3, gap = 2

    init(width: Int, addressBooks: Bool = false) {
        // One column is kept free at the right for the list's scroll mark.
        let room = max(0, width - Self.lead - Self.star - 1)
        if width >= Self.companyFrom {
            phone = 20
            email = 48
            name = 36
            addressBook = addressBooks ? 16 : 0
            let used = name + email + phone + Self.gap * (addressBook > 0 ? 3 : 2) + addressBook
            company = min(40, max(0, room - used))
        } else if width >= Self.detailsFrom {
            phone = 16
            addressBook = addressBooks ? 12 : 0
            let rest = room - phone - Self.gap - (addressBook > 0 ? addressBook + Self.gap : 0)
            email = min(36, rest / 2)
            name = rest - email
            company = 0
        } else {
            let book = addressBooks ? min(12, (room - Self.gap) / 3) : 0
            addressBook = book >= 4 ? book : 0
            name = room - (addressBook > 0 ? addressBook + Self.gap : 0)
            email = 0
            phone = 0
            company = 0
        }
    }

    var showsDetails: Bool { email > 0 }

    /// A row: the section letter (or a blank), the name, the friend's star and the team book's mark
    /// (a list of both books), the columns shown, and the address book last.
    func row(letter: String, name: String, isFriend: Bool, inTeamBook: Bool = false, details: ContactRowDetails) -> String {
        let star = (isFriend ? "  ★" : "") + (inTeamBook ? "  · team" : "")
        let gap = String(repeating: " ", count: Self.gap)
        guard showsDetails || addressBook > 0 else { return " \(letter)  \(name)\(star)" }
        // The marks follow the name; a name too long for both is cut, never the marks.
        let room = self.name + Self.star, marks = DisplayWidth.of(star)
        let named = DisplayWidth.of(name) + marks <= room ? Self.fit(name + star, room) : Self.fit(name, max(1, room - marks)) + star
        var text = " \(letter)  " + named
        if showsDetails { text += Self.fit(details.email, email) + gap + Self.fit(details.phone, phone) }
        if company > 0 { text += gap + Self.fit(details.company, company) }
        if addressBook > 0 { text += gap + Self.fit(details.addressBook, addressBook) }
        return text
    }

    /// The line over the rows naming the columns ("" when only names show, the book's or not).
    var header: String {
        guard showsDetails else { return "" }
        let gap = String(repeating: " ", count: Self.gap)
        var text = String(repeating: " ", count: Self.lead) + Self.fit("Name", name + Self.star) + Self.fit("E-mail", email)
            + gap + Self.fit("Phone", phone)
        if company > 0 { text += gap + Self.fit("Company", company) }
        if addressBook > 0 { text += gap + Self.fit("Book", addressBook) }
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
}
