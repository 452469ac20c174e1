import AppServices

/// The Trash's use cases (Clean Swift): the deletes kept for Undo, one brought back, all forgotten.
enum Trash {
    enum ShowTrash {
        struct Request: Equatable {}
        struct Response: Equatable { var kept: [DeletedContact]; var error: String? = nil }
        struct ViewModel: Equatable {
            struct Row: Equatable {
                let trashID: Int64
                /// "Ada Lovelace   ada@example.org   deleted Today 14:05".
                let text: String
            }
            var rows: [Row]
            /// "12 deleted contacts · the last 100 are kept".
            var status: String
            var emptyText: String
        }
    }

    enum RestoreContact {
        struct Request: Equatable { let index: Int }
        struct Response: Equatable { var name: String?; var error: String? = nil }
        struct ViewModel: Equatable { var message: String }
    }

    enum EmptyTrash {
        struct Request: Equatable {}
        struct Response: Equatable { var forgotten: Int; var error: String? = nil }
        struct ViewModel: Equatable { var message: String }
    }
}
