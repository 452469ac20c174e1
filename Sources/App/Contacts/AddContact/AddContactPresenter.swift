@MainActor
protocol AddContactPresentationLogic: AnyObject {
    func presentSave(response: AddContact.SaveContact.Response)
}

@MainActor
final class AddContactPresenter: AddContactPresentationLogic {
    weak var viewController: AddContactDisplayLogic?
    func presentSave(response: AddContact.SaveContact.Response) {
        viewController?.displaySave(viewModel: .init(fieldMessages: response.problems.messages, saved: response.savedID != nil,
                                                     error: response.error))
    }
}
