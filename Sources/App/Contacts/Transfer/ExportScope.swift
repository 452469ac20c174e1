/// What Export… writes: every contact, the contacts a search in the list found, or one contact.
public enum ExportScope: Equatable, Sendable {
    case all
    /// The contacts the list's search finds, in list order.
    case search(String)
    /// One contact (the one selected in the list).
    case contact(id: Int64)
    /// The contacts marked in the list (Space, `+`, `*`).
    case contacts(ids: [Int64])
}
