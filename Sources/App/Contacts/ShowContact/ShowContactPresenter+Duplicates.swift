import AppServices

/// The card's hint about contacts that may be the same person, and the merge's outcome.
extension ShowContactPresenter {
    /// "possible duplicate: Grace Hopper, same e-mail grace@example.org (m merges it in)".
    static func duplicateLines(_ duplicates: [LikelyDuplicate]) -> [ShowContact.GetContact.ViewModel.Line] {
        duplicates.enumerated().map { i, d in
            .init(label: "possible duplicate",
                  value: "\(DuplicatesPresenter.name(d.contact)), \(DuplicatesPresenter.why(d.reason))" + (i == 0 ? " (m merges it in)" : ""))
        }
    }

    static func mergeQuestion(_ duplicates: [LikelyDuplicate], into name: String) -> String? {
        guard let first = duplicates.first else { return nil }
        return "Merge \(DuplicatesPresenter.name(first.contact)) into \(name.isEmpty ? "this contact" : name)? Everything of both is kept here; u in Contacts brings the other back."
    }

    func presentMerge(response: ShowContact.MergeDuplicate.Response) {
        let message: String
        if let error = response.error { message = "Not merged: " + error }
        else if response.merged { message = "Merged \(response.mergedName) in (u in Contacts brings it back)." }
        else { message = "Not merged: one of the two is gone (deleted or merged elsewhere)." }
        viewController?.displayMerge(viewModel: .init(message: message))
    }
}
