/// What a card or form says of a contact whose row cannot be read: damaged, not deleted.
enum ContactDamage {
    /// The line shown instead of the contact (the store's reason is long and names the file; it is left out).
    static func message(_ reason: String) -> String {
        "This contact is damaged and cannot be shown."
    }
}
