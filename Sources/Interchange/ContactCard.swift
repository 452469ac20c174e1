/// A contact as the interchange formats carry it, independent of any store.
/// The app maps it to and from its own contacts.
public struct ContactCard: Equatable, Sendable {
    /// The stable identifier (vCard UID), kept across exports and imports.
    public var uid: String
    /// The name as shown (vCard FN).
    public var formattedName: String
    /// Family name (first component of N).
    public var familyName: String
    /// Given name.
    public var givenName: String
    /// Middle names.
    public var additionalNames: String
    /// Honorific prefixes (Dr.).
    public var prefixes: String
    /// Honorific suffixes (Jr.).
    public var suffixes: String
    /// Nicknames.
    public var nicknames: [String]
    /// Organization name (first component of ORG); units follow in `organizationUnits`.
    public var organization: String
    /// Organization units (the other components of ORG).
    public var organizationUnits: [String]
    /// Job title (TITLE).
    public var title: String
    /// E-mail addresses, in order.
    public var emails: [LabeledValue]
    /// Phone numbers, in order.
    public var phones: [LabeledValue]
    /// Postal addresses.
    public var addresses: [PostalAddress]
    /// Web addresses.
    public var urls: [LabeledValue]
    /// Birthday.
    public var birthday: PartialDate?
    /// Free text (NOTE).
    public var note: String
    /// Categories / groups (CATEGORIES); "friends" is the friend flag.
    public var categories: [String]
    /// Properties kept opaque and written back as they came (PHOTO, X- properties, ...).
    public var extras: [VCardProperty]
    /// Where the card starts in its file (1-based), 0 for one made in code.
    public var line: Int

    /// Makes a card; every field defaults to empty.
    public init(uid: String = "", formattedName: String = "", familyName: String = "", givenName: String = "",
                additionalNames: String = "", prefixes: String = "", suffixes: String = "", nicknames: [String] = [],
                organization: String = "", organizationUnits: [String] = [], title: String = "",
                emails: [LabeledValue] = [], phones: [LabeledValue] = [], addresses: [PostalAddress] = [],
                urls: [LabeledValue] = [], birthday: PartialDate? = nil, note: String = "", categories: [String] = [],
                extras: [VCardProperty] = [], line: Int = 0) {
        self.uid = uid
        self.formattedName = formattedName
        self.familyName = familyName
        self.givenName = givenName
        self.additionalNames = additionalNames
        self.prefixes = prefixes
        self.suffixes = suffixes
        self.nicknames = nicknames
        self.organization = organization
        self.organizationUnits = organizationUnits
        self.title = title
        self.emails = emails
        self.phones = phones
        self.addresses = addresses
        self.urls = urls
        self.birthday = birthday
        self.note = note
        self.categories = categories
        self.extras = extras
        self.line = line
    }

    /// The name to show: FN, else the parts of N, else the organization, else the first e-mail.
    public var displayName: String {
        if !formattedName.isEmpty { return formattedName }
        let parts = [prefixes, givenName, additionalNames, familyName, suffixes].filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        if !organization.isEmpty { return organization }
        return emails.first?.value ?? phones.first?.value ?? ""
    }

    /// True when the card has nothing to make a contact of: no name, organization, e-mail or phone.
    public var isNameless: Bool { displayName.isEmpty }

    /// True when CATEGORIES holds "friends" (any case; Google's "Friends" group too).
    public var isFriend: Bool {
        get { categories.contains { Self.isFriendsCategory($0) } }
        set {
            if newValue, !isFriend { categories.append("friends") }
            if !newValue { categories.removeAll { Self.isFriendsCategory($0) } }
        }
    }

    static func isFriendsCategory(_ name: String) -> Bool {
        let folded = name.trimmingSpaces.lowercased()
        return folded == "friends" || folded == "friend"
    }
}

/// A value with a label: an e-mail, a phone number, a web address.
public struct LabeledValue: Equatable, Sendable {
    /// The label, lower-case words ("home", "work", "mobile", "home fax") or a person's own
    /// ("boat", Apple's `_$!<AssistantPhone>!$_`), kept as written.
    public var label: String
    /// The value (an address, a number, a URL).
    public var value: String
    /// Marked preferred (PREF=1 / TYPE=pref).
    public var isPreferred: Bool

    /// The label as a person reads it: Apple's `_$!<AssistantPhone>!$_` is "AssistantPhone".
    public var readableLabel: String { VCardLabels.readable(label) }

    /// Makes a labeled value.
    public init(label: String = "", value: String, isPreferred: Bool = false) {
        self.label = label
        self.value = value
        self.isPreferred = isPreferred
    }
}

/// A postal address (vCard ADR) with its label.
public struct PostalAddress: Equatable, Sendable {
    /// The label: "home", "work" or a person's own.
    public var label: String
    /// Post office box.
    public var poBox: String
    /// Extended address (apartment, suite).
    public var extended: String
    /// Street and number.
    public var street: String
    /// City.
    public var locality: String
    /// State or province.
    public var region: String
    /// Postal code.
    public var postalCode: String
    /// Country.
    public var country: String
    /// Marked preferred (PREF=1 / TYPE=pref).
    public var isPreferred: Bool
    /// The address as its card spelt it out for delivery — vCard 4.0's ADR `LABEL` parameter,
    /// 3.0's `LABEL` property of the same type — when that is not just `formatted`; else empty.
    public var deliveryLabel: String

    /// Makes an address.
    public init(label: String = "", poBox: String = "", extended: String = "", street: String = "", locality: String = "",
                region: String = "", postalCode: String = "", country: String = "", isPreferred: Bool = false,
                deliveryLabel: String = "") {
        self.label = label
        self.isPreferred = isPreferred
        self.deliveryLabel = deliveryLabel
        self.poBox = poBox
        self.extended = extended
        self.street = street
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    /// The seven ADR components in order.
    public var components: [String] { [poBox, extended, street, locality, region, postalCode, country] }

    /// True when every component is empty.
    public var isEmpty: Bool { components.allSatisfy(\.isEmpty) }

    /// The address on lines as a letter shows it: street, "postal code city", region, country.
    public var formatted: String {
        let cityLine = [postalCode, locality].filter { !$0.isEmpty }.joined(separator: " ")
        return [poBox, extended, street, cityLine, region, country].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
