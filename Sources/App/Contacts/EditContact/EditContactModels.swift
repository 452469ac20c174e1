/// Editing a stored contact.
enum EditContact {
    enum FetchContact {
        struct Request: Equatable {}
        struct Response: Equatable { var form: ContactForm?; var error: String? = nil }
        struct ViewModel: Equatable { var form: ContactForm?; var missingMessage: String? }
    }
    enum SaveContact {
        struct Request: Equatable { var form: ContactForm }
        struct Response: Equatable {
            var saved: Bool; var problems: ContactFormProblems; var error: String?
            /// Refused: someone else changed the contact since it was read (the conflict screen follows).
            var conflict = false
        }
        struct ViewModel: Equatable { var fieldMessages: [String: String]; var saved: Bool; var error: String?; var conflict = false }
    }
    /// "Discard" while a save is out: the save is stopped (nothing stored, the form closes), or it
    /// had gone through already (the form stays and says so).
    enum StopSave {
        struct Request: Equatable {}
        enum Response: Equatable { case stopped, wentThrough }
        struct ViewModel: Equatable { var leaves: Bool; var message: String }
    }
}
