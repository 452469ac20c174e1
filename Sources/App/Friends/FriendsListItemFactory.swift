import Components
import AppServices

/// Turns stored friends into list items: the full name with upper-case first
/// letters, the status line, and the avatar placeholder — the initials, or
/// `avatarPlaceholder` for a friend with no name to take them from.
struct FriendsListItemFactory {
    let avatarPlaceholder: String

    init(avatarPlaceholder: String = "?") { self.avatarPlaceholder = avatarPlaceholder }

    func makeItem(_ friend: FriendSummary) -> FriendsListItem {
        let first = SearchText.trimmed(friend.firstName), last = SearchText.trimmed(friend.lastName)
        let name = ShownName.display(friend.displayName, first: first, last: last)
        var initials = PersonName.initials(first: first, last: last)
        if initials.isEmpty, name != "(no name)" {
            // A company's card: the first letters of its first two words ("Ørsted A/S" → "ØA").
            initials = name.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
        }
        return FriendsListItem(id: friend.id, name: name, status: friend.status == name ? "" : friend.status,
                               avatar: initials.isEmpty ? avatarPlaceholder : initials)
    }

    /// The name a row shows (`makeItem`'s), folded as searches fold ("" for a friend with no name).
    func shownNameFolded(_ friend: FriendSummary) -> String {
        let name = ShownName.display(friend.displayName, first: SearchText.trimmed(friend.firstName), last: SearchText.trimmed(friend.lastName))
        return name == "(no name)" ? "" : SearchText.fold(name)
    }

    func makePagedFriend(_ friend: FriendSummary) -> PagedFriend { PagedFriend(cursor: friend.cursor, item: makeItem(friend)) }
}
