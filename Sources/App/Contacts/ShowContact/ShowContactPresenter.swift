import Storage

@MainActor
protocol ShowContactPresentationLogic: AnyObject {
    func presentContact(response: ShowContact.GetContact.Response)
    func presentDelete(response: ShowContact.DeleteContact.Response)
}

/// Turns a contact into the card's lines.
@MainActor
final class ShowContactPresenter: ShowContactPresentationLogic {
    weak var viewController: ShowContactDisplayLogic?

    func presentContact(response: ShowContact.GetContact.Response) {
        guard let c = response.contact else {
            viewController?.displayContact(viewModel: .init(title: "Contact", fullName: "", lines: [], isFriend: false,
                                                            missingMessage: response.error.map(ContactDamage.message) ?? "This contact was deleted."))
            return
        }
        let name = PersonName.full(first: c.firstName.uppercaseFirst, last: c.lastName.uppercaseFirst)
        var lines: [ShowContact.GetContact.ViewModel.Line] = []
        for p in c.phones { lines.append(.init(label: p.label, value: p.number)) }
        for e in c.emails { lines.append(.init(label: "email", value: e)) }
        if !c.company.isEmpty { lines.append(.init(label: "company", value: c.company)) }
        if !c.notes.isEmpty { lines.append(.init(label: "notes", value: c.notes)) }
        lines.append(.init(label: "friend", value: c.isFriend ? "yes ★" : "no"))
        viewController?.displayContact(viewModel: .init(title: name, fullName: name, lines: lines, isFriend: c.isFriend))
    }

    func presentDelete(response: ShowContact.DeleteContact.Response) {
        viewController?.displayDelete(viewModel: .init(message: response.error, leave: response.deleted || response.error == nil))
    }
}
