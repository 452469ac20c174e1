import AppServices

/// The correspondents scene's use cases (Clean Swift): show the people written to who are not
/// contacts (from `switchboard harvest`'s counts), most written to first; mark some; add the marked.
enum Correspondents {
    enum Show {
        struct Request: Equatable {}
        struct Response: Equatable {
            var people: [MailCorrespondent]
            var marked: Set<Int> = []
            var error: String?
            /// What the last Enter did ("Added 2 contacts.").
            var message: String?
        }
        struct ViewModel: Equatable {
            struct Row: Equatable {
                let marked: Bool
                /// "Bob Babbage <bob@engine.example>" (the address alone when no name came with it).
                let who: String
                /// "wrote 12 times, last 3 Dec 2026".
                let counts: String
            }
            var title: String
            var rows: [Row]
            var emptyText: String
            var message: String
        }
    }

    enum Mark {
        struct Request: Equatable { let index: Int }
    }

    enum AddMarked {
        /// `selected`: the row Enter was pressed on, added when none is marked.
        struct Request: Equatable { let selected: Int? }
    }
}
