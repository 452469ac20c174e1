import AppServices
import Components
import TUIKit

/// Type-ahead over a list of options (the contacts list's pickers, the sync set-up's address
/// books): letters typed within a second of each other select the first option whose text starts
/// with them (letters' case and accents aside); a later letter starts again; any other key is the
/// list's own (`q` still quits).
@MainActor
struct ListTypeAhead {
    private var typeAhead = TypeAhead()

    /// Handles `key` for `list`, whose rows read `texts`; false when the key is not type-ahead's.
    mutating func handle(_ key: Key, in list: ListView, texts: [String]) -> Bool {
        guard let typed = typeAhead.text(after: key, at: list.window?.scheduler.clock.now ?? .zero) else { return false }
        let prefix = SearchText.fold(typed)
        if let index = texts.firstIndex(where: { SearchText.fold($0).hasPrefix(prefix) }) { list.select(index) }
        return true
    }

    /// What was typed lately ("" when nothing).
    var text: String { typeAhead.text }
}
