import AppServices

@MainActor
protocol ShowContactBusinessLogic: AnyObject {
    func getContact(request: ShowContact.GetContact.Request)
    func toggleFriend(request: ShowContact.ToggleFriend.Request)
    func deleteContact(request: ShowContact.DeleteContact.Request)
}

/// What the card keeps: the id it was opened with (from `Screen.contactDetail(id:)`).
@MainActor
protocol ShowContactDataStore: AnyObject {
    var contactID: Int64 { get }
    var contact: ContactRecord? { get }
}

@MainActor
final class ShowContactInteractor: ShowContactBusinessLogic, ShowContactDataStore {
    var presenter: ShowContactPresentationLogic?
    let worker: ShowContactWorker
    let contactID: Int64
    private(set) var contact: ContactRecord?

    init(contactID: Int64, worker: ShowContactWorker) {
        self.contactID = contactID
        self.worker = worker
    }

    func getContact(request: ShowContact.GetContact.Request) {
        do {
            contact = try worker.contact(id: contactID)
            presenter?.presentContact(response: .init(contact: contact))
        } catch {
            contact = nil
            presenter?.presentContact(response: .init(contact: nil, error: error.description))
        }
    }

    func toggleFriend(request: ShowContact.ToggleFriend.Request) {
        guard let c = contact else { return }
        do {
            _ = try worker.setFriend(id: contactID, !c.isFriend)
            getContact(request: .init())
        } catch {
            // Not written: the card stays, and says why (the same line a failed delete uses).
            let reason = if case .readOnly = error { "the data file is read-only." } else { error.description }
            presenter?.presentDelete(response: .init(deleted: false, error: "Not changed: " + reason))
        }
    }

    func deleteContact(request: ShowContact.DeleteContact.Request) {
        do {
            presenter?.presentDelete(response: .init(deleted: try worker.delete(id: contactID)))
        } catch {
            presenter?.presentDelete(response: .init(deleted: false, error: error.description))
        }
    }
}
