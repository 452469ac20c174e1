import AppServices

/// The contact card's use cases.
enum ShowContact {
    enum GetContact {
        struct Request: Equatable {}
        struct Response: Equatable {
            var contact: ContactRecord?
            /// The CardDAV address book the contact syncs with (nil: none, or the data cannot sync).
            var addressBook: String? = nil
            /// Why it could not be read (a damaged row), when it exists but cannot be shown.
            var error: String? = nil
            /// Contacts that may be the same person (the hint at the card's end; m merges the first in).
            var duplicates: [LikelyDuplicate] = []
            /// What the mail harvest counted for the contact's addresses (nil: nothing, or none kept).
            var mail: MailCorrespondent? = nil
        }
        struct ViewModel: Equatable {
            struct Line: Equatable { let label: String; let value: String }
            var title: String
            var fullName: String
            var lines: [Line]
            var isFriend: Bool
            /// Set when the contact no longer exists, or is damaged.
            var missingMessage: String?
            /// What `m` asks before it merges a likely duplicate into this contact (nil: none is known).
            var mergeQuestion: String? = nil
            /// Whether `c` (Compose) and `o` (Open link) have something to act on.
            var hasEmail = false
            var hasLink = false
        }
    }
    enum ToggleFriend {
        struct Request: Equatable {}
    }
    enum MergeDuplicate {
        struct Request: Equatable {}
        struct Response: Equatable { var mergedName: String; var merged: Bool; var error: String? = nil }
        struct ViewModel: Equatable { var message: String }
    }
    enum DeleteContact {
        struct Request: Equatable {}
        struct Response: Equatable { var deleted: Bool; var error: String? }
        struct ViewModel: Equatable { var message: String?; var leave: Bool }
    }
}
