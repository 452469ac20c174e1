import AppServices

@MainActor
protocol AddContactBusinessLogic: AnyObject {
    func saveContact(request: AddContact.SaveContact.Request)
}

@MainActor
protocol AddContactDataStore: AnyObject {
    var savedContactID: Int64? { get }
    /// Whether a save is out that has not answered yet (leaving then would not stop it).
    var isSaving: Bool { get }
}

/// Checks the form and stores the contact only when all of it is right.
@MainActor
final class AddContactInteractor: AddContactBusinessLogic, AddContactDataStore {
    var presenter: AddContactPresentationLogic?
    let worker: AddContactWorker
    private(set) var savedContactID: Int64?

    init(worker: AddContactWorker) { self.worker = worker }

    func saveContact(request: AddContact.SaveContact.Request) {
        switch ContactValidator.validate(request.form) {
        case .failure(let problems):
            presenter?.presentSave(response: .init(savedID: nil, problems: problems))
        case .success(let record):
            guard !isSaving else { return } // one save at a time: the first one's answer decides
            isSaving = true
            worker.add(record) { [weak self] result in
                guard let self else { return }
                self.isSaving = false
                switch result {
                case .success(let id):
                    self.savedContactID = id
                    self.presenter?.presentSave(response: .init(savedID: id, problems: .init()))
                case .failure(let error):
                    // The form stays as it is, to save again (or copy from) once the store answers.
                    self.presenter?.presentSave(response: .init(savedID: nil, problems: .init(), error: "Nothing was saved: " + error.message))
                }
            }
        }
    }

    /// Whether a save is out and has not answered yet.
    private(set) var isSaving = false
}
