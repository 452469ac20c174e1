import AppServices

/// The contact list's use cases, each with its Request, Response and ViewModel (Clean Swift).
enum ContactList {
    enum ShowContacts {
        /// The search travels in the request; `offset`/`limit` ask for a window of the list.
        struct Request: Equatable {
            var searchText: String
            var offset = 0
            var limit = 200
            /// Only the contacts in this group (nil: all).
            var group: String? = nil
            /// Only the contacts on this CardDAV address book, or on none (nil: all). Not with a group.
            var addressBook: AddressBookFilter? = nil
            /// The list's order (a setting: `o` changes it).
            var order: ContactListOrder = .lastName
            /// Contacts may have changed (elsewhere, a delete, an undo): a search's exact count is read again.
            var countsAgain = false
        }
        struct Response: Equatable {
            var searchText: String
            /// The group the list shows (nil: all contacts).
            var group: String? = nil
            /// The address book the list shows (nil: all contacts).
            var addressBook: AddressBookFilter? = nil
            /// Whether the contacts sync with address books (each row then says its book).
            var hasAddressBooks = false
            /// The order the rows are in (their `sortKey`s are that order's).
            var order: ContactListOrder = .lastName
            var totalCount: Int
            /// The search has more matches than `totalCount` (counting stopped there).
            var countIsPartial = false
            var offset: Int
            var contacts: [ContactSummary]
            /// The sort key of the row before the window, to know whether its first row starts a section.
            var previousSortKey: String?
            var error: String?
            /// The row to select: where a contact just added now stands (nil: the selection stays).
            var selectedIndex: Int?
            /// How many rows the list starts with that are the search's best matches (the people
            /// written to most), counted in `totalCount` beside the matches.
            var bestCount = 0
        }
        struct ViewModel: Equatable {
            struct DisplayedContact: Equatable {
                let id: Int64
                let firstName: String
                let lastName: String
                /// "Ada Lovelace"; family name first for East Asian names ("王伟").
                let fullName: String
                /// The section's letter ("A"…"Z", or "#").
                let section: String
                let startsSection: Bool
                let isFriend: Bool
                /// In the team's book, in a list of both books (marked "team").
                var inTeamBook = false
                /// The e-mail, phone and company the row shows where the terminal is wide enough.
                var details = ContactRowDetails()
            }
            var title: String
            var searchText: String
            var totalCount: Int
            var offset: Int
            var displayedContacts: [DisplayedContact]
            var emptyText: String
            var error: String?
            var selectedIndex: Int?
            /// Whether the rows say their address book (the contacts sync with some).
            var showsAddressBooks = false
        }
    }

    /// `A`: the CardDAV address books the contacts sync with, to show one of them, or the contacts
    /// on none (Esc shows all again).
    enum ListAddressBooks {
        struct Request: Equatable {}
        struct Response: Equatable { var books: ContactAddressBooks; var error: String? = nil }
        struct ViewModel: Equatable {
            struct Option: Equatable { var text: String; var filter: AddressBookFilter? }
            /// "All contacts", each book with its count, "Not synced"; empty when there is none to pick.
            var options: [Option]
            /// Said under the list when there is no book to pick (or they could not be read).
            var message: String?
        }
    }

    /// `b` on a team's directory: both books in one list, only the person's own, only the team's.
    enum ChooseBook {
        struct Request: Equatable { let book: ContactBook }
        struct Response: Equatable { let book: ContactBook }
        struct ViewModel: Equatable {
            /// What the list shows now, said under it.
            var message: String
        }
    }

    /// `l`: the groups there are, to show one of them (Esc shows all again).
    enum ListGroups {
        struct Request: Equatable {}
        struct Response: Equatable { var groups: [ContactGroup]; var error: String? = nil }
        struct ViewModel: Equatable {
            struct Option: Equatable { var text: String; var group: String? }
            /// "All contacts", then each group with its count; empty when there are none to show.
            var options: [Option]
            /// Said under the list when there is no group to pick (or they could not be read).
            var message: String?
        }
    }

    enum SelectContact {
        struct Request: Equatable { let index: Int }
    }

    enum ToggleFriend {
        struct Request: Equatable { let index: Int }
        struct Response: Equatable { var firstName: String; var lastName: String; var isFriend: Bool?; var error: String?; var displayName = "" }
        struct ViewModel: Equatable { var message: String }
    }

    enum DeleteContact {
        struct Request: Equatable { let index: Int }
        struct Response: Equatable { var firstName: String; var lastName: String; var deleted: Bool; var error: String?; var displayName = "" }
        struct ViewModel: Equatable { var message: String }
    }

    /// `u`: the contact deleted last comes back, everything it had (the store keeps the last 100 deletes).
    enum UndoDelete {
        struct Request: Equatable {}
        /// The name brought back (nil: nothing to bring back), or why it could not be.
        struct Response: Equatable {
            var firstName: String?; var lastName: String?; var error: String?; var displayName = ""
            /// How many came back (a delete of the marked brings all of them back at once).
            var count = 1
        }
        struct ViewModel: Equatable { var message: String }
    }
}
