import AppServices

/// The marking use cases (seed 001: the interactor keeps what is marked, the worker does the
/// store's part, the presenter says it).
extension ContactListInteractor {
    func markContacts(request: ContactList.MarkContacts.Request) {
        switch request.change {
        case .toggle(let index):
            guard let id = contactID(at: index) else { return }
            if marked.contains(id) { marked.remove(id) } else { marked.insert(id) }
            presenter?.presentMarked(response: .init(marked: marked))
        case .none:
            marked = []
            presenter?.presentMarked(response: .init(marked: marked))
        case .all, .invert:
            let inverting = request.change == .invert
            worker.allIDs(search: searchText, group: group, addressBook: addressBook, order: order) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let ids):
                    if inverting { for id in ids { if self.marked.contains(id) { self.marked.remove(id) } else { self.marked.insert(id) } } }
                    else { self.marked.formUnion(ids) }
                    self.presenter?.presentMarked(response: .init(marked: self.marked))
                case .failure(let error):
                    self.presenter?.presentMarked(response: .init(marked: self.marked, error: error.message))
                }
            }
        }
    }

    /// The marked in the order they were shown (ids: the list's order is the store's business).
    private var markedIDs: [Int64] { marked.sorted() }

    func deleteMarked(request: ContactList.DeleteMarked.Request) {
        let ids = markedIDs
        guard !ids.isEmpty else { return }
        worker.delete(ids: ids) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let deleted):
                self.marked = []
                self.presenter?.presentDeleteMarked(response: .init(deleted: deleted))
            case .failure(let error):
                self.presenter?.presentDeleteMarked(response: .init(deleted: 0, error: error.message))
            }
            self.presenter?.presentMarked(response: .init(marked: self.marked))
        }
    }

    func groupMarked(request: ContactList.GroupMarked.Request) {
        let group = request.group.trimmedSpaces
        guard !marked.isEmpty, !group.isEmpty else { return }
        worker.setGroup(group, adding: request.adding, of: markedIDs) { [weak self] result in
            switch result {
            case .success(let changed):
                self?.presenter?.presentGroupMarked(response: .init(group: group, adding: request.adding, changed: changed))
            case .failure(let error):
                self?.presenter?.presentGroupMarked(response: .init(group: group, adding: request.adding, changed: 0, error: error.message))
            }
        }
    }

    func mergeMarked(request: ContactList.MergeMarked.Request) {
        guard marked.count == 2 else {
            presenter?.presentMergeMarked(response: .init(merged: nil, error: "Mark exactly two contacts to merge them (\(marked.count) marked)."))
            return
        }
        worker.merge(markedIDs) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let merged?):
                self.marked = []
                self.contactToShow = merged.id
                self.presenter?.presentMergeMarked(response: .init(merged: merged.displayName))
                self.presenter?.presentMarked(response: .init(marked: self.marked))
            case .success(nil):
                self.presenter?.presentMergeMarked(response: .init(merged: nil, error: "One of the two is no longer there; nothing was merged."))
            case .failure(let error):
                self.presenter?.presentMergeMarked(response: .init(merged: nil, error: error.message))
            }
        }
    }

    func mailMarked(request: ContactList.MailMarked.Request) {
        let ids = !marked.isEmpty ? markedIDs : request.index.flatMap(contactID(at:)).map { [$0] } ?? []
        guard !ids.isEmpty else { return }
        let program = actions?.mailProgram ?? "mutt"
        worker.records(ids) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let records):
                let sorted = records.sorted { $0.sortKey == $1.sortKey ? ($0.id ?? 0) < ($1.id ?? 0) : $0.sortKey < $1.sortKey }
                let addresses = sorted.compactMap(\.mailTo)
                var response = ContactList.MailMarked.Response(copy: request.copy, addresses: addresses,
                                                              without: records.count - addresses.count, program: program)
                if !addresses.isEmpty, let actions = self.actions {
                    if request.copy { response.copied = actions.copy(addresses.joined(separator: ", ")) }
                    else { response.outcome = actions.composeMail(toAll: addresses) }
                }
                self.presenter?.presentMailMarked(response: response)
            case .failure(let error):
                self.presenter?.presentMailMarked(response: .init(copy: request.copy, addresses: [], without: 0, program: program,
                                                                  error: error.message))
            }
        }
    }
}
