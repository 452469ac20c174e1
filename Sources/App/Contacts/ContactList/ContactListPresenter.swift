import AppServices
import TUIKit

@MainActor
protocol ContactListPresentationLogic: AnyObject {
    func presentContacts(response: ContactList.ShowContacts.Response)
    func presentToggleFriend(response: ContactList.ToggleFriend.Response)
    func presentDeleteContact(response: ContactList.DeleteContact.Response)
    func presentUndoDelete(response: ContactList.UndoDelete.Response)
    func presentChosenBook(response: ContactList.ChooseBook.Response)
    func presentGroups(response: ContactList.ListGroups.Response)
    func presentAddressBooks(response: ContactList.ListAddressBooks.Response)
    // Marking (ContactListPresenter+Marking.swift)
    func presentMarked(response: ContactList.MarkContacts.Response)
    func presentDeleteMarked(response: ContactList.DeleteMarked.Response)
    func presentGroupMarked(response: ContactList.GroupMarked.Response)
    func presentMergeMarked(response: ContactList.MergeMarked.Response)
    func presentMailMarked(response: ContactList.MailMarked.Response)
}

/// Formats for display: names with an upper-case first letter, sections by
/// the initial of the sort key, the count in the title, the empty text.
@MainActor
final class ContactListPresenter: ContactListPresentationLogic {
    weak var viewController: ContactListDisplayLogic?
    /// What the list is called in its title: "Contacts" where there is one book; on a team's
    /// directory "All contacts", "My contacts" or "Team contacts" for the book (or both) it shows.
    var bookName = "Contacts"
    /// The name of each group offered last (a group card's filter is its card's, not its name).
    private var groupNames: [String: String] = [:]
    /// The name of each address book offered last.
    private var addressBookNames: [Int64: String] = [:]

    /// What the title calls the contacts on no address book.
    static let notSyncedName = "Not synced"

    /// The name of an address-book filter ("Work", "Not synced").
    func name(of filter: AddressBookFilter) -> String {
        switch filter {
        case .book(let id): addressBookNames[id] ?? "address book \(id)"
        case .notSynced: Self.notSyncedName
        }
    }

    /// The title's name of a book on a team's directory.
    static func name(of book: ContactBook) -> String {
        switch book {
        case .both: "All contacts"
        case .own: "My contacts"
        case .team: "Team contacts"
        }
    }

    func presentChosenBook(response: ContactList.ChooseBook.Response) {
        bookName = Self.name(of: response.book)
        let message = switch response.book {
        case .both: "Yours and the team's (marked · team) · b: only yours"
        case .own: "Only your own contacts · b: only the team's"
        case .team: "Only the team's contacts · b: both books"
        }
        viewController?.displayChosenBook(viewModel: .init(message: message))
    }

    static func section(of sortKey: String) -> String {
        guard let first = sortKey.first else { return "#" }
        if sortKey.hasPrefix(ContactListOrder.noCompany) { return "—" } // no company (the company order's last section)
        let upper = first.uppercased()
        return upper.count == 1 && first.isLetter && first.isASCII ? upper : (first.isLetter ? upper : "#")
    }

    /// The section of a search's best matches (the people written to most, first in the list).
    static let bestSection = "@"

    func presentContacts(response: ContactList.ShowContacts.Response) {
        var previous = response.offset > 0 && response.offset <= response.bestCount ? Self.bestSection : response.previousSortKey.map(Self.section)
        let displayed = response.contacts.enumerated().map { place, c -> ContactList.ShowContacts.ViewModel.DisplayedContact in
            let section = response.offset + place < response.bestCount ? Self.bestSection : Self.section(of: c.sortKey)
            defer { previous = section }
            let shown = ShownName.parts(first: c.firstName, last: c.lastName)
            return .init(id: c.id, firstName: shown.first, lastName: shown.last,
                         fullName: ShownName.display(c.displayName, first: c.firstName, last: c.lastName),
                         section: section, startsSection: section != previous, isFriend: c.isFriend, inTeamBook: c.inTeamBook,
                         details: c.details)
        }
        let searching = !response.searchText.trimmedSpaces.isEmpty
        let found = "\(CountText.grouped(response.totalCount - response.bestCount))\(response.countIsPartial ? "+" : "")"
        let best = response.bestCount > 0 ? ", @: written to most" : ""
        // When the contacts could not be read, nothing on screen may say there are none.
        let unread = response.error != nil && response.contacts.isEmpty
        let groupName = response.group.map { groupNames[$0] ?? $0 }
        let filterName = groupName ?? response.addressBook.map(name(of:))
        let listName = (filterName.map { "\(bookName) · \($0)" } ?? bookName)
            + (response.order == .lastName ? "" : " by \(response.order.name)")
        let title = unread ? listName : searching ? "\(listName) (\(found) found\(best))" : "\(listName) (\(CountText.grouped(response.totalCount)))"
        let place: String? = if let groupName { "in \(groupName)" }
            else if let filter = response.addressBook { filter == .notSynced ? "among those not synced" : "on \(name(of: filter))" }
            else { nil }
        let empty = unread ? "The contacts could not be read (see below)."
            : searching ? "No contact matches “\(response.searchText.trimmedSpaces)”\(place.map { " " + $0 } ?? "")."
            : response.addressBook == .notSynced ? "Every contact syncs with an address book. Esc shows all contacts."
            : place.map { "No contact is \($0) now. Esc shows all contacts." } ?? "No contacts yet. Press a to add one."
        viewController?.displayContacts(viewModel: .init(title: title, searchText: response.searchText, totalCount: response.totalCount,
                                                         offset: response.offset, displayedContacts: displayed,
                                                         emptyText: empty, error: response.error, selectedIndex: response.selectedIndex,
                                                         showsAddressBooks: response.hasAddressBooks))
    }

    func presentGroups(response: ContactList.ListGroups.Response) {
        if let error = response.error {
            viewController?.displayGroups(viewModel: .init(options: [], message: "The groups could not be read: " + error))
        } else if response.groups.isEmpty {
            viewController?.displayGroups(viewModel: .init(options: [], message: "No contact is in a group yet (e to edit a contact's groups)."))
        } else {
            for group in response.groups { groupNames[group.id] = group.name }
            let options = [ContactList.ListGroups.ViewModel.Option(text: "All contacts", group: nil)]
                + response.groups.map { .init(text: "\($0.name) (\(CountText.grouped($0.count)))\($0.isGroupCard ? " · group card" : "")", group: $0.id) }
            viewController?.displayGroups(viewModel: .init(options: options, message: nil))
        }
    }

    func presentAddressBooks(response: ContactList.ListAddressBooks.Response) {
        if let error = response.error {
            viewController?.displayAddressBooks(viewModel: .init(options: [], message: "The address books could not be read: " + error))
        } else if response.books.books.isEmpty {
            viewController?.displayAddressBooks(viewModel: .init(
                options: [], message: "Nothing to filter by: no contact here syncs with a CardDAV address book."))
        } else {
            for book in response.books.books { addressBookNames[book.id] = book.name }
            let options = [ContactList.ListAddressBooks.ViewModel.Option(text: "All contacts", filter: nil)]
                + response.books.books.map { .init(text: "\($0.name) (\(CountText.grouped($0.count)))", filter: .book($0.id)) }
                + [.init(text: "\(Self.notSyncedName) (\(response.books.notSynced))", filter: .notSynced)]
            viewController?.displayAddressBooks(viewModel: .init(options: options, message: nil))
        }
    }

    func presentToggleFriend(response: ContactList.ToggleFriend.Response) {
        let name = ShownName.display(response.displayName, first: response.firstName, last: response.lastName)
        let message: String
        if let error = response.error { message = error }
        else if let isFriend = response.isFriend { message = (isFriend ? "\(name) is now a friend" : "\(name) is no longer a friend") + " (f again undoes it)." }
        else { message = "\(name) no longer exists." }
        viewController?.displayToggleFriend(viewModel: .init(message: message))
    }

    func presentUndoDelete(response: ContactList.UndoDelete.Response) {
        let message: String
        if let error = response.error {
            message = "Nothing was brought back: " + error
        } else if response.firstName != nil || response.lastName != nil {
            let name = ShownName.display(response.displayName, first: response.firstName ?? "", last: response.lastName ?? "")
            message = response.count > 1 ? "Brought back \(response.count) contacts, \(name) and the others deleted with it (u again: the delete before)."
                : "Brought back \(name) (u again: the one deleted before)."
        } else {
            message = "Nothing to bring back: no contact was deleted here lately."
        }
        viewController?.displayUndoDelete(viewModel: .init(message: message))
    }

    func presentDeleteContact(response: ContactList.DeleteContact.Response) {
        let name = ShownName.display(response.displayName, first: response.firstName, last: response.lastName)
        let message = response.error ?? (response.deleted ? "Deleted \(name) (u brings it back)." : "\(name) was already deleted.")
        viewController?.displayDeleteContact(viewModel: .init(message: message))
    }
}
