import AppServices

@MainActor
protocol DuplicatesPresentationLogic: AnyObject {
    func presentDuplicates(response: Duplicates.FindDuplicates.Response)
    func presentMerge(response: Duplicates.MergePair.Response)
}

/// Turns pairs into rows ("Ada Lovelace · Ada Lovelace   same e-mail ada@example.com") and
/// says where the reading stands.
@MainActor
final class DuplicatesPresenter: DuplicatesPresentationLogic {
    weak var viewController: DuplicatesDisplayLogic?

    func presentDuplicates(response: Duplicates.FindDuplicates.Response) {
        let rows = response.pairs.map { p in
            Duplicates.FindDuplicates.ViewModel.Row(text: "\(Self.name(p.first))  ·  \(Self.name(p.second))   \(Self.why(p.reason))",
                                                    mergeWhat: "\(Self.name(p.second)) (the second) into \(Self.name(p.first))")
        }
        let read = Self.grouped(response.read)
        let status: String
        if let error = response.error {
            status = error
        } else if !response.finished {
            status = "Looking for duplicates… \(read) contacts read"
        } else if rows.isEmpty {
            status = ""
        } else {
            status = "\(rows.count) possible duplicate\(rows.count == 1 ? "" : "s") among \(read) contacts · m merges the second into the first"
        }
        let empty = response.finished ? (response.error == nil ? "No possible duplicates among \(read) contacts." : "")
                                      : "Looking for duplicates…"
        viewController?.displayDuplicates(viewModel: .init(rows: rows, status: status, emptyText: empty))
    }

    func presentMerge(response: Duplicates.MergePair.Response) {
        let message: String
        if let error = response.error {
            message = "Not merged: " + error
        } else if response.merged {
            message = "Merged \(response.mergedName) into \(response.keptName) (u in Contacts brings \(response.mergedName) back)."
        } else {
            message = "Not merged: one of the two is gone (deleted or merged elsewhere)."
        }
        viewController?.displayMerge(viewModel: .init(message: message))
    }

    static func name(_ c: ContactSummary) -> String {
        let name = ShownName.full(first: c.firstName, last: c.lastName)
        return name.isEmpty ? "(no name)" : name
    }

    static func why(_ reason: DuplicatesFinder.Reason) -> String {
        switch reason {
        case .email(let address): "same e-mail \(address)"
        case .phone(let digits): "same phone \(digits)"
        case .name: "same name"
        }
    }

    /// 100000 → "100,000".
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
