import AppServices

@MainActor
protocol EditContactBusinessLogic: AnyObject {
    func fetchContact(request: EditContact.FetchContact.Request)
    func saveContact(request: EditContact.SaveContact.Request)
}

@MainActor
protocol EditContactDataStore: AnyObject {
    var contactID: Int64 { get }
    /// The form as it was loaded, to tell whether anything changed.
    var originalForm: ContactForm? { get }
}

/// Loads the contact into the form, checks changes, and stores them only when all is right.
@MainActor
final class EditContactInteractor: EditContactBusinessLogic, EditContactDataStore {
    var presenter: EditContactPresentationLogic?
    let worker: EditContactWorker
    let contactID: Int64
    private(set) var originalForm: ContactForm?

    init(contactID: Int64, worker: EditContactWorker) {
        self.contactID = contactID
        self.worker = worker
    }

    func fetchContact(request: EditContact.FetchContact.Request) {
        do {
            originalForm = try worker.contact(id: contactID).map(ContactForm.init)
            presenter?.presentContact(response: .init(form: originalForm))
        } catch {
            originalForm = nil
            presenter?.presentContact(response: .init(form: nil, error: error.description))
        }
    }

    func saveContact(request: EditContact.SaveContact.Request) {
        switch ContactValidator.validate(request.form) {
        case .failure(let problems):
            presenter?.presentSave(response: .init(saved: false, problems: problems))
        case .success(var record):
            record.id = contactID
            do throws(ServiceError) {
                // What the form does not edit (UID, extras from an import) stays as stored.
                if let stored = try worker.contact(id: contactID) { record.keepCardFields(of: stored) }
                let saved = try worker.update(record)
                presenter?.presentSave(response: .init(saved: saved, problems: .init(),
                                                       error: saved ? nil : "This contact was deleted meanwhile; nothing was saved."))
            } catch {
                presenter?.presentSave(response: .init(saved: false, problems: .init(), error: error.description))
            }
        }
    }
}
