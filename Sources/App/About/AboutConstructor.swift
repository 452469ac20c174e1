import TUIKit

/// The About table (seed 003): what the app is, where its data is, what the keys do.
@MainActor
final class AboutConstructor: StaticConstructorContainer {
    typealias ModelType = AboutModel

    struct Facts {
        var version: String
        var data: DataLocation
        var contacts: Int
        /// nil: the friends popup shows made-up friends (the kiosk).
        var friends: Int?
        /// How to leave ("q", "quit").
        var leaveKeys = (keys: "q", action: "quit")
    }

    static let keys: [(String, String)] = [
        ("↑ ↓  j k", "move"), ("Enter", "open, choose"), ("Esc  Backspace", "back, close"), ("Tab", "next field"),
        ("/", "search contacts"), ("a  e  d  f", "add, edit, delete, friend (contacts)"), ("F", "friends (main)"),
        ("^O", "log out (main)"), ("?  F1", "help for this screen"),
    ]

    static let licenseText = "MIT License. Copyright © 2026 the Switchboard authors. See LICENSE."

    let facts: Facts
    init(facts: Facts) { self.facts = facts }

    var models: [AboutModel] {
        [.header("Switchboard"), .version(facts.version), .license(Self.licenseText), .spacer,
         .header("Your data"), .dataFile(path: facts.data.place)] + (facts.data.isFile ? [.dataSize(bytes: facts.data.bytes)] : [])
            + [.contacts(facts.contacts), .friends(facts.friends), .spacer,
         .header("Keys")] + (Self.keys + [facts.leaveKeys]).map { .key(keys: $0.0, action: $0.1) }
    }

    func cellType(for model: AboutModel) -> StaticTableViewCellClass.Type {
        switch model {
        case .header: StaticSectionHeaderCell.self
        case .dataFile, .license: StaticSubtitleCell.self
        case .version, .dataSize, .contacts, .friends, .key: StaticValueCell.self
        case .spacer: StaticSpacerCell.self
        }
    }

    func configure(cell: TableViewCell, by model: AboutModel) {}
    func itemSelected(item: AboutModel) {}
}
