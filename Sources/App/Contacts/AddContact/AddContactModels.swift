/// Adding a contact.
enum AddContact {
    enum SaveContact {
        struct Request: Equatable { var form: ContactForm }
        struct Response: Equatable { var savedID: Int64?; var problems: ContactFormProblems; var error: String? }
        struct ViewModel: Equatable { var fieldMessages: [String: String]; var saved: Bool; var error: String? }
    }
}
