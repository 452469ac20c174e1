import AppServices

/// The Conflicts scene's requests, responses and view models (seed 001's Models).
enum SyncConflicts {
    enum Load {
        struct Request {}
        struct Response { var conflicts: [SyncConflictItem]; var error: String? }
        struct ViewModel: Equatable {
            struct Row: Equatable { var text: String }
            var rows: [Row]
            var message: String
        }
    }

    /// What the person chose for the selected conflict.
    enum Choice: Equatable {
        /// Pick a side field by field (both versions exist).
        case pickFields
        /// Keep the server's version as it is (the local one is dropped).
        case keepServers
        /// Keep the local version (a contact deleted on the server goes back up).
        case keepMine
        /// Delete it here too (a contact deleted here that the server changed: deleted again, on the server at the next sync).
        case deleteHere
    }

    enum Settle {
        struct Request { var index: Int; var choice: Choice }
        struct Response { var notice: String?; var error: String? }
    }
}
