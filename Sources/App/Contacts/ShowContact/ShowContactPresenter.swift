import AppServices
import TUIKit

@MainActor
protocol ShowContactPresentationLogic: AnyObject {
    func presentContact(response: ShowContact.GetContact.Response)
    func presentDelete(response: ShowContact.DeleteContact.Response)
    func presentMerge(response: ShowContact.MergeDuplicate.Response)
    func presentCopy(response: ShowContact.CopyValue.Response)
    func presentCompose(response: ShowContact.ComposeMail.Response)
    func presentOpen(response: ShowContact.OpenLink.Response)
}

/// Turns a contact into the card's lines.
@MainActor
final class ShowContactPresenter: ShowContactPresentationLogic {
    weak var viewController: ShowContactDisplayLogic?

    func presentContact(response: ShowContact.GetContact.Response) {
        guard let c = response.contact else {
            viewController?.displayContact(viewModel: .init(title: "Contact", fullName: "", lines: [], isFriend: false,
                                                            missingMessage: response.error.map(ContactDamage.message) ?? "There is no such contact (deleted, or never made)."))
            return
        }
        let name = ShownName.display(c)
        var lines: [ShowContact.GetContact.ViewModel.Line] = []
        // The name's parts, where they say more than the name shown (a prefix, a middle name, another spelling).
        let given = [c.firstName, c.middleName].filter { !$0.isEmpty }.joined(separator: " ")
        let parts = [c.namePrefix, ShownName.full(first: given, last: c.lastName), c.nameSuffix].filter { !$0.isEmpty }.joined(separator: " ")
        if !parts.isEmpty && parts != name {
            lines.append(.init(label: "name", value: parts))
        }
        for (i, p) in c.phones.enumerated() {
            lines.append(.init(label: LabelText.shown(p.label), value: p.number + (c.preferredPhone == i ? " (preferred)" : "")))
        }
        for (i, e) in c.emails.enumerated() {
            let label = LabelText.shown(c.emailLabel(at: i))
            lines.append(.init(label: label.isEmpty ? "email" : label + " email", value: e + (c.preferredEmail == i ? " (preferred)" : "")))
        }
        if !c.company.isEmpty { lines.append(.init(label: "company", value: c.company)) }
        lines += Self.addressBookLines(of: c)
        let groups = c.categories
        if !groups.isEmpty { lines.append(.init(label: "groups", value: groups.joined(separator: ", "))) }
        if let book = response.addressBook { lines.append(.init(label: "address book", value: book)) }
        if !c.notes.isEmpty { lines.append(.init(label: "notes", value: c.notes)) }
        lines.append(.init(label: "friend", value: c.isFriend ? "yes " + Glyphs.current.star : "no"))
        if let mail = response.mail.flatMap(MailCountText.cardLine) { lines.append(.init(label: "mail", value: mail)) }
        lines += Self.duplicateLines(response.duplicates)
        viewController?.displayContact(viewModel: .init(title: name, fullName: name, lines: lines, isFriend: c.isFriend,
                                                        mergeQuestion: Self.mergeQuestion(response.duplicates, into: name),
                                                        hasEmail: c.mailAddress != nil, hasLink: !c.url.trimmedSpaces.isEmpty))
    }

    /// Nickname, title, birthday, web address, postal addresses, anniversary, IM addresses and
    /// custom fields, each when there is one.
    static func addressBookLines(of c: ContactRecord) -> [ShowContact.GetContact.ViewModel.Line] {
        var lines: [ShowContact.GetContact.ViewModel.Line] = []
        if !c.title.isEmpty { lines.append(.init(label: "title", value: c.title)) }
        if !c.nickname.isEmpty { lines.append(.init(label: "nickname", value: c.nickname)) }
        if !c.birthday.isEmpty { lines.append(.init(label: "birthday", value: BirthdayText.shown(c.birthday))) }
        if !c.url.isEmpty { lines.append(.init(label: "web", value: c.url)) }
        for a in c.addresses {
            let city = [a.postalCode, a.city].filter { !$0.isEmpty }.joined(separator: " ")
            let parts = [a.poBox, a.extended, a.street, city, a.region, a.country]
                .flatMap { $0.split(whereSeparator: \.isNewline).map(String.init) }.filter { !$0.isEmpty }
            lines.append(.init(label: a.label.isEmpty ? "address" : LabelText.shown(a.label) + " address", value: parts.joined(separator: ", ")))
        }
        // What the form's rows of kept lines show: the anniversary, IM addresses, custom fields.
        let kept = ContactFormExtras.rows(from: c.extras)
        if !kept.anniversary.isEmpty {
            lines.append(.init(label: "anniversary", value: kept.anniversary.hasPrefix("--") ? String(kept.anniversary.dropFirst(2)) : kept.anniversary))
        }
        for im in kept.ims where !im.value.isEmpty {
            lines.append(.init(label: im.label.isEmpty ? "IM" : LabelText.shown(im.label) + " IM", value: im.value))
        }
        for field in kept.customs where !field.value.isEmpty { lines.append(.init(label: field.name, value: field.value)) }
        return lines
    }

    func presentDelete(response: ShowContact.DeleteContact.Response) {
        viewController?.displayDelete(viewModel: .init(message: response.error, leave: response.deleted || response.error == nil))
    }
}
