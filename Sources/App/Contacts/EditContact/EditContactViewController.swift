import TUIKit

@MainActor
protocol EditContactDisplayLogic: AnyObject {
    func displayContact(viewModel: EditContact.FetchContact.ViewModel)
    func displaySave(viewModel: EditContact.SaveContact.ViewModel)
    func displayStopSave(viewModel: EditContact.StopSave.ViewModel)
}

/// "Edit Contact": the shared form, filled from the stored contact.
@MainActor
final class EditContactViewController: ViewController, EditContactDisplayLogic, UnsavedChanges {
    var interactor: EditContactBusinessLogic?
    var router: (EditContactRoutingLogic & EditContactDataPassing)?
    let formView = ContactFormView()
    private let message = Label("")

    override func viewDidLoad() {
        title = "Edit Contact"
        ContactFormScreen.build(in: self, form: formView, message: message)
        navigationItem.hidesBackButton = true
        navigationItem.setRightBarButton(BarButtonItem(title: "Save", key: .ctrl("s")) { [weak self] in self?.save() })
        navigationItem.setLeftBarButton(BarButtonItem(title: "Cancel", key: .escape) { [weak self] in self?.cancel() })
        interactor?.fetchContact(request: .init())
    }

    override var preferredFirstResponder: View? { formView.firstName }

    /// Saves; until the store answers the message says so (at once for a file).
    private func save() {
        message.text = "Saving…"
        interactor?.saveContact(request: .init(form: formView.form))
    }

    var hasUnsavedChanges: Bool { router?.dataStore?.originalForm.map { $0 != formView.form } ?? false }

    private func cancel() {
        // A save on its way: "Discard" stops it on the server (nothing is stored), or says it went through.
        if router?.dataStore?.isSaving == true {
            ContactFormScreen.confirmStopSaving(from: self) { [weak self] in
                self?.message.text = "Stopping the save…"
                self?.interactor?.stopSave(request: .init())
            }
            return
        }
        ContactFormScreen.confirmDiscard(from: self, changed: hasUnsavedChanges) { [weak self] in self?.router?.routeBack() }
    }

    /// The conflict screen saved the picks: nothing is left to save here.
    func conflictResolved() { router?.routeBack() }

    func displayStopSave(viewModel: EditContact.StopSave.ViewModel) {
        if viewModel.leaves { router?.routeBack(); return }
        message.text = viewModel.message
    }

    func displayContact(viewModel: EditContact.FetchContact.ViewModel) {
        if let form = viewModel.form { formView.form = form }
        message.text = viewModel.missingMessage ?? ""
    }

    func displaySave(viewModel: EditContact.SaveContact.ViewModel) {
        formView.show(messages: viewModel.fieldMessages)
        message.text = viewModel.error ?? (viewModel.fieldMessages.isEmpty ? "" : "Nothing was saved: fix the fields marked.")
        if viewModel.saved { router?.routeBack(); return }
        if viewModel.conflict { router?.routeToConflict(); return }
        if let field = formView.firstField(withMessageIn: viewModel.fieldMessages) { view.window?.makeFirstResponder(field) }
    }
}
