import AppServices

/// The "Possible duplicates" scene's use cases.
enum Duplicates {
    enum FindDuplicates {
        struct Request: Equatable {}
        struct Response: Equatable {
            var pairs: [DuplicatesFinder.Pair]
            /// Contacts read so far.
            var read: Int
            /// Whether the reading has ended (the whole book read, or as many pairs found as are kept).
            var finished: Bool
            /// Whether the reading stopped at the most pairs kept (there may be more).
            var full: Bool = false
            var error: String? = nil
        }
        struct ViewModel: Equatable {
            struct Row: Equatable {
                /// "Ada Lovelace  ·  Ada Lovelace   same e-mail ada@example.com"
                var text: String
                /// "Ada Lovelace (the second) into Ada Lovelace"
                var mergeWhat: String
                /// The two as the merge question shows them, the kept one first.
                var cards: [String] = []
            }
            /// The rows, made as they are shown (a long list is not formatted at each slice).
            var rows: DuplicateRows
            /// What the line under the list says.
            var status: String
            /// What the list says with no rows.
            var emptyText: String
        }
    }
    enum MergePair {
        struct Request: Equatable { var index: Int }
        struct Response: Equatable {
            /// The kept contact's name, and the merged-away one's.
            var keptName: String
            var mergedName: String
            var merged: Bool
            var error: String? = nil
        }
        struct ViewModel: Equatable { var message: String }
    }
    enum SelectPair {
        struct Request: Equatable { var index: Int }
    }
}
