import AppServices

/// The conflict screen (Clean Swift VIP): a save refused because someone else changed the contact
/// since it was opened. The fields the two versions differ in are listed side by side — the
/// person's ("yours") and the stored one ("theirs") — and the person picks, field by field; the
/// save then starts from theirs, so nothing of either side is lost that was not chosen away.
enum ResolveConflict {
    /// Which version a field is taken from.
    enum Side: Equatable, Sendable { case yours, theirs }

    enum Load {
        struct Request: Equatable {}
        struct Response: Equatable {
            /// The differing fields, each with both values and the side picked; nil: theirs could not be read.
            var rows: [Row]?
            var error: String?
        }
        struct Row: Equatable {
            var label: String
            var yours: String
            var theirs: String
            var pick: Side
        }
        struct ViewModel: Equatable {
            var lines: [String]
            var message: String
        }
    }

    enum Pick {
        struct Request: Equatable { var index: Int; var side: Side? } // nil: the other side
    }

    enum Save {
        struct Request: Equatable {}
        struct Response: Equatable { var saved: Bool; var error: String? }
        struct ViewModel: Equatable { var saved: Bool; var message: String }
    }
}
