import AppServices

/// When a card without a UID (or with one no contact has) is a stored contact already — the
/// rule both stores' imports follow, so a file without UIDs (Google's or Outlook's CSV,
/// abook's) imported twice updates the second time instead of duplicating. Candidates have the
/// card's name (the same sort key: case and accents aside) and no other UID; then
/// - when the card has an e-mail, the same first e-mail (case aside);
/// - else, when it has a phone, the same digits in its first phone;
/// - else, no e-mail and no phone either.
/// Several such contacts: the first added.
struct ImportMatchRule {
    private let email: String
    private let phone: String

    init(_ card: ContactRecord) {
        email = card.emails.first?.lowercased() ?? ""
        phone = card.phones.first.map { SearchText.digits(of: $0.number) } ?? ""
    }

    /// Whether a candidate with this first e-mail and first phone number ("" without) is the card's contact.
    func matches(storedEmail: String, storedPhone: String) -> Bool {
        !email.isEmpty ? storedEmail.lowercased() == email
            : !phone.isEmpty ? SearchText.digits(of: storedPhone) == phone
            : storedEmail.isEmpty && storedPhone.isEmpty
    }
}
