import AppServices
import TUIKit

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
        let rows = DuplicateRows(pairs: response.pairs)
        let read = Self.grouped(response.read)
        let status: String
        if let error = response.error {
            status = error
        } else if !response.finished {
            status = "Looking for duplicates… \(read) contacts read"
        } else if rows.isEmpty {
            status = ""
        } else {
            status = response.full
                ? "The first \(Self.grouped(rows.count)) possible duplicates (\(read) contacts read; D again after merging)"
                : "\(Self.grouped(rows.count)) possible duplicate\(rows.count == 1 ? "" : "s") among \(read) contacts"
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

    /// A pair's row.
    static func row(_ p: DuplicatesFinder.Pair) -> Duplicates.FindDuplicates.ViewModel.Row {
        let (a, b) = apart(p.first, p.second)
        return .init(text: "\(name(p.first))\(a)  ·  \(name(p.second))\(b)   \(why(p.reason))",
                     mergeWhat: "\(name(p.second)) (the second) into \(name(p.first))",
                     cards: [card(p.first), card(p.second)])
    }

    /// What tells the two apart, after each name (" (ada@a.example)"): the e-mail where they
    /// differ, else the phone, else the company; nothing where they read the same.
    static func apart(_ a: ContactSummary, _ b: ContactSummary) -> (String, String) {
        for pick in [\ContactRowDetails.email, \.phone, \.company] {
            let x = a.details[keyPath: pick], y = b.details[keyPath: pick]
            if x != y { return (x.isEmpty ? " (none)" : " (\(x))", y.isEmpty ? " (none)" : " (\(y))") }
        }
        return ("", "")
    }

    /// A contact as the merge question shows it: its name, e-mail, phone and company.
    static func card(_ c: ContactSummary) -> String {
        ([name(c)] + [c.details.email, c.details.phone, c.details.company].filter { !$0.isEmpty }).joined(separator: " · ")
    }

    static func name(_ c: ContactSummary) -> String {
        ShownName.display(c.displayName, first: c.firstName, last: c.lastName)
    }

    static func why(_ reason: DuplicatesFinder.Reason) -> String {
        switch reason {
        case .email(let address): "same e-mail \(address)"
        case .phone(let digits): "same phone \(digits)"
        case .name: "same name"
        }
    }

    /// 100000 → "100,000" (the locale's separator: `CountText`).
    static func grouped(_ n: Int) -> String { CountText.grouped(n) }
}

/// The rows of the duplicates list, each made from its pair when it is asked for.
struct DuplicateRows: Equatable {
    let pairs: [DuplicatesFinder.Pair]
    var count: Int { pairs.count }
    var isEmpty: Bool { pairs.isEmpty }
    @MainActor subscript(index: Int) -> Duplicates.FindDuplicates.ViewModel.Row { DuplicatesPresenter.row(pairs[index]) }
}
