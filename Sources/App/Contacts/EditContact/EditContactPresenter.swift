@MainActor
protocol EditContactPresentationLogic: AnyObject {
    func presentContact(response: EditContact.FetchContact.Response)
    func presentSave(response: EditContact.SaveContact.Response)
    func presentStopSave(response: EditContact.StopSave.Response)
}

@MainActor
final class EditContactPresenter: EditContactPresentationLogic {
    weak var viewController: EditContactDisplayLogic?

    func presentContact(response: EditContact.FetchContact.Response) {
        viewController?.displayContact(viewModel: .init(form: response.form,
                                                        missingMessage: response.form != nil ? nil
                                                            : response.error.map(ContactDamage.message) ?? "This contact was deleted."))
    }

    func presentStopSave(response: EditContact.StopSave.Response) {
        switch response {
        case .stopped:
            viewController?.displayStopSave(viewModel: .init(leaves: true, message: ""))
        case .wentThrough:
            viewController?.displayStopSave(viewModel: .init(leaves: false,
                                                             message: "It was saved before it could be stopped: your changes are stored. Esc leaves."))
        }
    }

    func presentSave(response: EditContact.SaveContact.Response) {
        viewController?.displaySave(viewModel: .init(fieldMessages: response.problems.messages, saved: response.saved, error: response.error,
                                                     conflict: response.conflict))
    }
}
