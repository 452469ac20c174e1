/// The order the contacts list is in: by last name (as address books file people, the
/// default), by first name, or by company (the contacts without one after those with one, by
/// name). A setting (`UserSettings.listOrder`); each store keeps a sort key a contact for each
/// order, under an index of its own, so a page of the list is one range of an index in any order.
public enum ContactListOrder: String, CaseIterable, Sendable {
    case lastName = "last"
    case firstName = "first"
    case company

    /// "last name", "first name", "company": the order as the list says it.
    public var name: String {
        switch self {
        case .lastName: "last name"
        case .firstName: "first name"
        case .company: "company"
        }
    }

    /// The order `o` on the list goes to next.
    public var next: ContactListOrder {
        switch self {
        case .lastName: .firstName
        case .firstName: .company
        case .company: .lastName
        }
    }

    /// The company order's key of a contact without a company starts with this (after every
    /// company, as the stores compare text: by UTF-8 bytes).
    public static let noCompany = "\u{10FFFF}"
    /// Between the company and the name in the company order's key (before any character a name has).
    static let companySeparator = "\u{1}"
}

public extension SearchText {
    /// "first last", folded: the first-name order's key (a contact without a person's name: its
    /// display name, folded, as in the last-name order).
    static func firstNameKey(firstName: String, lastName: String, displayName: String, cache: inout FoldCache) -> String {
        let first = cache.fold(trimmed(firstName)), last = cache.fold(trimmed(lastName))
        if first.isEmpty && last.isEmpty { return capped(cache.fold(displayName)) }
        return capped(first.isEmpty ? last : (last.isEmpty ? first : first + " " + last))
    }

    /// The company order's key: the company folded, then the last-name order's key (`nameKey`);
    /// without a company, after every company (`ContactListOrder.noCompany`), by name.
    static func companyKey(company: String, nameKey: String, cache: inout FoldCache) -> String {
        let folded = cache.fold(trimmed(company))
        if folded.isEmpty { return capped(ContactListOrder.noCompany + nameKey) }
        return capped(folded + ContactListOrder.companySeparator + nameKey)
    }
}

public extension ContactRecord {
    /// The key the list sorts this contact by in `order` (`sortKey` for the last-name order).
    func sortKey(for order: ContactListOrder, cache: inout SearchText.FoldCache) -> String {
        switch order {
        case .lastName: sortKey(cache: &cache)
        case .firstName: SearchText.firstNameKey(firstName: firstName, lastName: lastName, displayName: displayName, cache: &cache)
        case .company: SearchText.companyKey(company: company, nameKey: sortKey(cache: &cache), cache: &cache)
        }
    }

    func sortKey(for order: ContactListOrder) -> String {
        var cache = SearchText.FoldCache()
        return sortKey(for: order, cache: &cache)
    }

    /// The first-name and company orders' keys (what a store writes beside `sortKey`).
    func otherSortKeys(cache: inout SearchText.FoldCache) -> (firstName: String, company: String) {
        (sortKey(for: .firstName, cache: &cache), sortKey(for: .company, cache: &cache))
    }
}
