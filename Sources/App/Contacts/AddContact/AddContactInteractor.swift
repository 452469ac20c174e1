import AppServices

@MainActor
protocol AddContactBusinessLogic: AnyObject {
    func saveContact(request: AddContact.SaveContact.Request)
}

@MainActor
protocol AddContactDataStore: AnyObject {
    var savedContactID: Int64? { get }
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
            do throws(ServiceError) {
                savedContactID = try worker.add(record)
                presenter?.presentSave(response: .init(savedID: savedContactID, problems: .init()))
            } catch {
                presenter?.presentSave(response: .init(savedID: nil, problems: .init(), error: error.description))
            }
        }
    }
}
