import TUIKit

/// The layout the app's titled list scenes share (the Trash, Possible duplicates, People you
/// write to, Birthdays): a status line at the top where the scene has one, the list, and a
/// message line at the bottom. The scene's view controller makes it its view (`loadView`) and
/// says what each row reads (`rowText`).
@MainActor
final class TitledListView: View {
    let list = ListView()
    /// The line over the list (nil: the list starts at the top, a line down).
    let status: Label?
    /// The line under the list.
    let message = Label("")
    /// What row `index` reads (nil: no such row now, the row is left as it is).
    var rowText: ((Int) -> String?)?

    init(hasStatus: Bool) {
        status = hasStatus ? Label("") : nil
        super.init()
        style = Theme.live.base
        status?.textStyle = Theme.live.secondary
        message.textStyle = Theme.live.secondary
        // Both lines are read whole: they wrap and grow (at 40 columns "1,659 possible duplicates
        // among 2,000 contacts" takes two rows; the list gives them up), one row when they fit.
        status?.wrapsText = true
        message.wrapsText = true
        list.configureRow = { [weak self] row, index, selected in
            guard let label = row as? ListRowLabel, let text = self?.rowText?(index) else { return }
            label.configure(text: text, selected: selected)
        }
        for v in [status, list, message].compactMap({ $0 }) as [View] { addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        var constraints = [
            list.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 1),
            list.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -1),
            list.bottomAnchor.constraint(equalTo: message.topAnchor),
            message.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -2),
            message.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]
        if let status {
            constraints += [
                status.topAnchor.constraint(equalTo: topAnchor, constant: 1),
                status.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 2),
                status.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -2),
                list.topAnchor.constraint(equalTo: status.bottomAnchor, constant: 1),
            ]
        } else {
            constraints.append(list.topAnchor.constraint(equalTo: topAnchor, constant: 1))
        }
        LayoutConstraint.activate(constraints)
    }

    /// Shows `count` rows read anew, the selection kept on the same place (the last row where the
    /// list got shorter; the first where none was selected).
    func reload(rows count: Int) {
        let selected = list.selectedIndex ?? 0
        list.reloadData(numberOfRows: count)
        if count > 0 { list.select(min(selected, count - 1)) }
    }
}
