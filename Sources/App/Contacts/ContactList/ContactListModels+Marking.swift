import AppServices

/// Marking contacts to act on many at once, as abook does: Space marks or unmarks the contact
/// under the cursor, `+` marks all the list shows, `-` unmarks all, `*` inverts; then `d`, `x`,
/// `L`, `M`, `m` and `y` act on the marked.
extension ContactList {
    enum MarkContacts {
        enum Change: Equatable {
            /// Space: the contact at this list index.
            case toggle(index: Int)
            /// `+`: every contact the list shows (its search, group or book).
            case all
            /// `-`: none.
            case none
            /// `*`: the list's contacts that were not marked, and only those.
            case invert
        }
        struct Request: Equatable { let change: Change }
        struct Response: Equatable {
            var marked: Set<Int64>
            var error: String? = nil
        }
        struct ViewModel: Equatable {
            var marked: Set<Int64>
            /// Said after the title ("3 marked"; "" with none).
            var titleNote: String
            /// Said under the list (an error, or nil).
            var message: String?
        }
    }

    /// `d` with contacts marked: all of them deleted in one transaction; one `u` brings all back.
    enum DeleteMarked {
        struct Request: Equatable {}
        struct Response: Equatable { var deleted: Int; var error: String? = nil }
        struct ViewModel: Equatable { var message: String }
    }

    /// `L` with contacts marked: each put into a group, or taken out of it.
    enum GroupMarked {
        struct Request: Equatable { var group: String; var adding: Bool }
        struct Response: Equatable { var group: String; var adding: Bool; var changed: Int; var error: String? = nil }
        struct ViewModel: Equatable { var message: String }
    }

    /// `M` with two contacts marked: the two made one.
    enum MergeMarked {
        struct Request: Equatable {}
        struct Response: Equatable { var merged: String?; var error: String? = nil }
        struct ViewModel: Equatable { var message: String }
    }

    /// `m` (compose one mail to all) and `y` (their addresses to the clipboard), with contacts marked.
    enum MailMarked {
        struct Request: Equatable {
            var copy: Bool
            /// With nothing marked: the contact at this list index alone (abook's `m`).
            var index: Int? = nil
        }
        struct Response: Equatable {
            var copy: Bool
            /// The addresses (each contact's preferred e-mail), in list order.
            var addresses: [String]
            /// The marked that have no e-mail.
            var without: Int
            var program: String
            var outcome: ProgramOutcome?
            /// The clipboard took the addresses.
            var copied = false
            var error: String? = nil
        }
        struct ViewModel: Equatable { var message: String }
    }
}
