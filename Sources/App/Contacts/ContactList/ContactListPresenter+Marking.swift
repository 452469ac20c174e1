import AppServices

/// "3 marked", "Deleted 3 contacts (u brings them all back).", …
extension ContactListPresenter {
    static func contacts(_ n: Int) -> String { n == 1 ? "1 contact" : "\(n) contacts" }

    func presentMarked(response: ContactList.MarkContacts.Response) {
        let note = response.marked.isEmpty ? "" : "\(response.marked.count) marked"
        viewController?.displayMarked(viewModel: .init(marked: response.marked, titleNote: note,
                                                      message: response.error.map { "Not all could be marked: " + $0 }))
    }

    func presentDeleteMarked(response: ContactList.DeleteMarked.Response) {
        let message = response.error.map { "Nothing was deleted: " + $0 }
            ?? "Deleted \(Self.contacts(response.deleted)) (u brings \(response.deleted == 1 ? "it" : "them all") back)."
        viewController?.displayDeleteMarked(viewModel: .init(message: message))
    }

    func presentGroupMarked(response: ContactList.GroupMarked.Response) {
        let message: String
        if let error = response.error { message = "The groups were not all changed: " + error }
        else if response.adding { message = "Put \(Self.contacts(response.changed)) into “\(response.group)”." }
        else { message = "Took \(Self.contacts(response.changed)) out of “\(response.group)”." }
        viewController?.displayGroupMarked(viewModel: .init(message: message))
    }

    func presentMergeMarked(response: ContactList.MergeMarked.Response) {
        let message = response.error ?? "Merged into \(response.merged ?? "one contact") (u brings the other back)."
        viewController?.displayMergeMarked(viewModel: .init(message: message))
    }

    func presentMailMarked(response: ContactList.MailMarked.Response) {
        let message: String
        let without = response.without == 0 ? "" : " (\(Self.contacts(response.without)) without an e-mail left out)"
        if let error = response.error { message = "The marked contacts could not be read: " + error }
        else if response.addresses.isEmpty { message = "None of the marked contacts has an e-mail." }
        else if response.copy {
            message = response.copied ? "Copied \(response.addresses.count == 1 ? "1 address" : "\(response.addresses.count) addresses") to the clipboard\(without)."
                : "This terminal does not take a copy (it has no OSC 52): the addresses are \(response.addresses.joined(separator: ", "))."
        } else {
            let to = response.addresses.count == 1 ? "1 address" : "\(response.addresses.count) addresses"
            switch response.outcome {
            case .exited(0)?: message = "Wrote a mail to \(to) in \(response.program)\(without)."
            case .notFound?, .exited(127)?: message = "\(response.program) is not installed: set MAILER to your mail program."
            case .exited(let status)?: message = "\(response.program) ended with status \(status)."
            case .failed(let why)?: message = "No mail was written: \(why)."
            case nil: message = "No mail was written: the mail program cannot be run here."
            }
        }
        viewController?.displayMailMarked(viewModel: .init(message: message))
    }
}
