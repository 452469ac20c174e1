import AppServices

@MainActor
protocol EditContactBusinessLogic: AnyObject {
    func fetchContact(request: EditContact.FetchContact.Request)
    func saveContact(request: EditContact.SaveContact.Request)
    func stopSave(request: EditContact.StopSave.Request)
}

@MainActor
protocol EditContactDataStore: AnyObject {
    var contactID: Int64 { get }
    /// The form as it was loaded, to tell whether anything changed.
    var originalForm: ContactForm? { get }
    /// Whether a save is out that has not answered yet (leaving then would not stop it).
    var isSaving: Bool { get }
    /// The person's version of a save refused because someone else changed the contact meanwhile,
    /// and the version they had opened.
    var conflictingRecord: ContactRecord? { get }
    var readRecord: ContactRecord? { get }
}

/// Loads the contact into the form, checks changes, and stores them only when all is right.
@MainActor
final class EditContactInteractor: EditContactBusinessLogic, EditContactDataStore {
    var presenter: EditContactPresentationLogic?
    let worker: EditContactWorker
    let contactID: Int64
    private(set) var originalForm: ContactForm?
    /// The revision the contact was read at: a save is refused when someone changed it since.
    private var readRevision: Int64 = 0
    /// The vCard version of the card the contact syncs in (nil: none, or it does not sync: an
    /// export writes 3.0 or 4.0), for what it cannot hold as typed.
    private var cardVersion: String?
    /// The form whose version notes were shown: saving it again saves it as they said.
    private var notedForm: ContactForm?

    init(contactID: Int64, worker: EditContactWorker) {
        self.contactID = contactID
        self.worker = worker
    }

    func fetchContact(request: EditContact.FetchContact.Request) {
        worker.contact(id: contactID) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let record):
                self.originalForm = record.map(ContactForm.init)
                self.readRevision = record?.revision ?? 0
                self.cardVersion = nil
                if let version = record.flatMap({ CardVersionNotes.version(ofCard: $0.card) }), version == "2.1" || version == "3.0" {
                    // Only a card that syncs goes back in its own version.
                    self.worker.addressBook(of: self.contactID) { [weak self] result in
                        if case .success(let book) = result, !book.isEmpty { self?.cardVersion = version }
                    }
                }
                self.presenter?.presentContact(response: .init(form: self.originalForm))
            case .failure(let error):
                self.originalForm = nil
                self.presenter?.presentContact(response: .init(form: nil, error: error.message))
            }
        }
    }

    /// Whether a save is out and has not answered yet.
    private(set) var isSaving = false
    private(set) var conflictingRecord: ContactRecord?
    /// The contact as the form was loaded, made the way a save makes its record (so a field left alone compares equal).
    var readRecord: ContactRecord? {
        guard let originalForm, case .success(let record) = ContactValidator.validate(originalForm, leaving: originalForm) else { return nil }
        return record
    }

    /// Whether the person discarded the save that is out (its answer then says what became of it).
    private var stopping = false

    func stopSave(request: EditContact.StopSave.Request) {
        guard isSaving, !stopping else { return }
        stopping = true
        worker.stopSaving()
    }

    func saveContact(request: EditContact.SaveContact.Request) {
        // Nothing changed: nothing to store (and nothing for the activity feed to tell).
        if let originalForm, request.form == originalForm, !isSaving {
            presenter?.presentSave(response: .init(saved: true, problems: .init()))
            return
        }
        switch ContactValidator.validate(request.form, leaving: originalForm) {
        case .failure(let problems):
            presenter?.presentSave(response: .init(saved: false, problems: problems))
        case .success(var record):
            // What the card's version cannot hold as typed is said at the edit, once: ^S again saves it so.
            if let cardVersion, let originalForm, notedForm != request.form {
                let notes = CardVersionNotes.notes(request.form, original: originalForm, version: cardVersion)
                if !notes.isEmpty {
                    notedForm = request.form
                    presenter?.presentSave(response: .init(saved: false, problems: .init(messages: notes),
                                                           error: "This card is vCard \(cardVersion): what is marked goes as it says. ^S again saves."))
                    return
                }
            }
            record.id = contactID
            record.revision = readRevision
            guard !isSaving else { return } // one save at a time: the first one's answer decides
            isSaving = true
            worker.update(record) { [weak self] result in
                guard let self else { return }
                self.isSaving = false
                if self.stopping {
                    self.stopping = false
                    if case .success(true) = result {
                        // Stored before it could be stopped: the form is what is stored now.
                        self.originalForm = request.form
                        self.readRevision += 1
                        self.presenter?.presentStopSave(response: .wentThrough)
                    } else {
                        self.presenter?.presentStopSave(response: .stopped)
                    }
                    return
                }
                switch result {
                case .success(let saved):
                    self.presenter?.presentSave(response: .init(saved: saved, problems: .init(),
                                                                error: saved ? nil : "This contact was deleted meanwhile; nothing was saved."))
                case .failure(let error) where error.code == .changedSinceRead:
                    // Someone else's change is kept; the form stays as typed, and the conflict screen
                    // shows both versions to pick from, field by field.
                    self.conflictingRecord = record
                    self.presenter?.presentSave(response: .init(saved: false, problems: .init(), error: error.message, conflict: true))
                case .failure(let error) where error.kind == .conflict:
                    self.presenter?.presentSave(response: .init(saved: false, problems: .init(), error: error.message))
                case .failure(let error):
                    // The form stays as it is, to save again once the store answers.
                    self.presenter?.presentSave(response: .init(saved: false, problems: .init(), error: "Nothing was saved: " + error.message))
                }
            }
        }
    }
}
