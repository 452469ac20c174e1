import AppServices

@MainActor
protocol ShowContactBusinessLogic: AnyObject {
    func getContact(request: ShowContact.GetContact.Request)
    func toggleFriend(request: ShowContact.ToggleFriend.Request)
    func deleteContact(request: ShowContact.DeleteContact.Request)
    func mergeDuplicate(request: ShowContact.MergeDuplicate.Request)
    func copyValue(request: ShowContact.CopyValue.Request)
    func composeMail(request: ShowContact.ComposeMail.Request)
    func openLink(request: ShowContact.OpenLink.Request)
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
    /// Contacts that may be the same person, looked for after each read.
    private(set) var duplicates: [LikelyDuplicate] = []
    /// How often and when last the person was written to (the mail harvest's counts), read after each read.
    private(set) var mail: MailCorrespondent?
    /// The clipboard and other programs, for the card's actions (see `ShowContactInteractor+Actions`).
    var actions: ContactActions?
    /// Where the CardDAV address book a contact syncs with is read (nil where the data cannot sync).
    var syncStatus: ServiceWork<any SyncStatusService>?
    /// The address book the contact syncs with, as last read (nil: none).
    private var addressBook: String?
    /// Which of the contact's e-mails and phones `y` copies next.
    var nextCopy = 0

    init(contactID: Int64, worker: ShowContactWorker) {
        self.contactID = contactID
        self.worker = worker
    }

    func getContact(request: ShowContact.GetContact.Request) {
        worker.contact(id: contactID) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let record):
                self.readAddressBook(of: record) { [weak self] book in
                    guard let self else { return }
                    self.contact = record
                    self.addressBook = book
                    self.presenter?.presentContact(response: .init(contact: record, addressBook: book,
                                                                   duplicates: self.duplicates.filter { _ in record != nil },
                                                                   mail: record == nil ? nil : self.mail))
                    if let record {
                        self.lookForDuplicates(of: record)
                        self.lookForMail(of: record)
                    }
                }
            case .failure(let error):
                if self.contact != nil {
                    // The card already shown stays; the line under it says why it could not be read again.
                    self.presenter?.presentDelete(response: .init(deleted: false, error: error.message))
                } else {
                    self.presenter?.presentContact(response: .init(contact: nil, error: error.message))
                }
            }
        }
    }

    func toggleFriend(request: ShowContact.ToggleFriend.Request) {
        guard let c = contact else { return }
        worker.setFriend(id: contactID, !c.isFriend) { [weak self] result in
            switch result {
            case .success:
                self?.getContact(request: .init())
            case .failure(let error):
                // Not written: the card stays, and says why (the same line a failed delete uses).
                let reason = error.kind == .readOnly ? "the data file is read-only." : error.message
                self?.presenter?.presentDelete(response: .init(deleted: false, error: "Not changed: " + reason))
            }
        }
    }

    func deleteContact(request: ShowContact.DeleteContact.Request) {
        worker.delete(id: contactID) { [weak self] result in
            switch result {
            case .success(let deleted): self?.presenter?.presentDelete(response: .init(deleted: deleted))
            case .failure(let error): self?.presenter?.presentDelete(response: .init(deleted: false, error: error.message))
            }
        }
    }

    /// Looks for contacts that may be the same person; the card shows them when there are any
    /// (or when the ones it showed are gone).
    private func lookForDuplicates(of record: ContactRecord) {
        worker.likelyDuplicates(of: record) { [weak self] result in
            guard let self, case .success(let found) = result, self.contact == record, found != self.duplicates else { return }
            self.duplicates = found
            self.presenter?.presentContact(response: .init(contact: record, addressBook: self.addressBook, duplicates: found, mail: self.mail))
        }
    }

    /// Reads the mail harvest's counts of the contact's addresses; the card says them when there are any.
    private func lookForMail(of record: ContactRecord) {
        worker.mailCounts(of: record.emails) { [weak self] result in
            guard let self, case .success(let found) = result, self.contact == record, found != self.mail else { return }
            self.mail = found
            self.presenter?.presentContact(response: .init(contact: record, addressBook: self.addressBook,
                                                           duplicates: self.duplicates, mail: found))
        }
    }

    /// Reads the address book the contact syncs with (none for a contact that is gone, or where
    /// the data cannot sync), then hands it to `deliver`.
    private func readAddressBook(of record: ContactRecord?, then deliver: @escaping @MainActor (String?) -> Void) {
        guard record != nil, let syncStatus else { deliver(nil); return }
        let id = contactID
        syncStatus.run({ status throws(ServiceError) in try status.bookNames(of: [id])[id] }, then: { deliver((try? $0.get()) ?? nil) })
    }

    func mergeDuplicate(request: ShowContact.MergeDuplicate.Request) {
        guard let other = duplicates.first?.contact else { return }
        let name = PersonName.full(first: other.firstName, last: other.lastName)
        worker.merge(keeping: contactID, removing: other.id) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let outcome):
                self.presenter?.presentMerge(response: .init(mergedName: name, merged: outcome.kept != nil))
            case .failure(let error):
                self.presenter?.presentMerge(response: .init(mergedName: name, merged: false, error: error.message))
            }
            self.getContact(request: .init())
        }
    }
}
