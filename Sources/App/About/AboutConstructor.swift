import AppServices
import TUIKit

/// The About table (seed 003): what the app is, where its data is, what the keys do.
@MainActor
final class AboutConstructor: StaticConstructorContainer {
    typealias ModelType = AboutModel

    struct Facts {
        var version: String
        var data: DataDescription
        var contacts: Int
        /// nil: the friends popup shows made-up friends (the kiosk).
        var friends: Int?
        /// Said in place of the counts while they are not known ("…" while they are read); nil: they are.
        var countsUnknown: String? = nil
        /// How to leave ("q", "quit").
        var leaveKeys = (keys: "q", action: "quit")
    }

    static let keys: [(String, String)] = [
        ("↑ ↓  j k", "move"), ("Enter", "open, choose"), ("Esc  Backspace", "back, close"), ("Tab", "next field"),
        ("/", "search contacts"), ("Esc (search)", "clear, then leave the search"),
        ("a  e  d  f", "add, edit, delete, friend (contacts)"), ("C  F  S  A", "contacts, friends, settings, about (main)"),
        ("^T", "activity (main)"), ("^O", "log out (main)"), ("F2", "about, anywhere"),
        ("?  F1", "help for this screen (F1 in a text field)"),
    ]

    static let licenseText = "MIT License. Copyright © 2026 the Switchboard authors. See LICENSE."

    /// What the rows say (the counts change once they are read).
    var facts: Facts
    init(facts: Facts) { self.facts = facts }

    /// The contacts and friends rows.
    private var counts: [AboutModel] {
        guard let why = facts.countsUnknown else { return [.contacts(facts.contacts), .friends(facts.friends)] }
        return [.countUnknown(title: "Contacts", why: why),
                facts.friends == nil ? .friends(nil) : .countUnknown(title: "Friends", why: why)]
    }

    var models: [AboutModel] {
        [.header("Switchboard"), .version(facts.version), .license(Self.licenseText), .spacer,
         .header("Your data"), .dataFile(path: facts.data.place)] + (facts.data.isFile ? [.dataSize(bytes: facts.data.bytes)] : [])
            + counts + [.spacer,
         .header("Keys")] + (Self.keys + [facts.leaveKeys]).map { .key(keys: $0.0, action: $0.1) }

    }

    func cellType(for model: AboutModel) -> StaticTableViewCellClass.Type {
        switch model {
        case .header: StaticSectionHeaderCell.self
        case .dataFile, .license: StaticSubtitleCell.self
        case .version, .dataSize, .contacts, .friends, .countUnknown, .key: StaticValueCell.self
        case .spacer: StaticSpacerCell.self
        }
    }

    func configure(cell: TableViewCell, by model: AboutModel) {}
    func itemSelected(item: AboutModel) {}
}
