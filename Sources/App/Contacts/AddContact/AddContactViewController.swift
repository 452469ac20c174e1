import TUIKit

@MainActor
protocol AddContactDisplayLogic: AnyObject {
    func displaySave(viewModel: AddContact.SaveContact.ViewModel)
}

/// "New Contact": the contact form; ^S saves; Esc asks before throwing changes away.
@MainActor
final class AddContactViewController: ViewController, AddContactDisplayLogic, UnsavedChanges {
    var interactor: AddContactBusinessLogic?
    var router: (AddContactRoutingLogic & AddContactDataPassing)?
    let formView = ContactFormView()
    private let message = Label("")

    override func viewDidLoad() {
        title = "New Contact"
        ContactFormScreen.build(in: self, form: formView, message: message)
        navigationItem.hidesBackButton = true
        navigationItem.setRightBarButton(BarButtonItem(title: "Save", key: .ctrl("s")) { [weak self] in self?.save() })
        navigationItem.setLeftBarButton(BarButtonItem(title: "Cancel", key: .escape) { [weak self] in self?.cancel() })
    }

    override var preferredFirstResponder: View? { formView.firstName }

    /// Saves; until the store answers the message says so (at once for a file).
    private func save() {
        message.text = "Saving…"
        interactor?.saveContact(request: .init(form: formView.form))
    }

    var hasUnsavedChanges: Bool { formView.form != ContactForm() }

    private func cancel() {
        // A save on its way cannot be called back: "Discard" now would be a lie (it would be stored after).
        if router?.dataStore?.isSaving == true { message.text = ContactFormScreen.stillSaving; return }
        ContactFormScreen.confirmDiscard(from: self, changed: hasUnsavedChanges) { [weak self] in self?.router?.routeBack() }
    }

    func displaySave(viewModel: AddContact.SaveContact.ViewModel) {
        formView.show(messages: viewModel.fieldMessages)
        message.text = viewModel.error ?? (viewModel.fieldMessages.isEmpty ? "" : "Nothing was saved: fix the fields marked.")
        if viewModel.saved { router?.routeBack(); return }
        if let field = formView.firstField(withMessageIn: viewModel.fieldMessages) { view.window?.makeFirstResponder(field) }
    }
}
