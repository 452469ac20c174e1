import AppServices
import TUIKit

/// The fields of a contact, one row each, with a message beside any field
/// that is wrong. Add and Edit share this view, not their logic.
@MainActor
final class ContactFormView: View {
    /// The name the contact is shown by (FN); empty, the placeholder shows the name made from the parts.
    let displayName = TextField()
    /// N's honorific prefix and suffix, on one row above the first name.
    let namePrefix = TextField(placeholder: "Dr.")
    let nameSuffix = TextField(placeholder: "Jr.")
    private let suffixCaption = Label("Suffix", style: Theme.live.secondary)
    let firstName = TextField()
    let lastName = TextField()
    /// N's additional names; under the last name, so Tab from the first name still reaches the last.
    let middleName = TextField()
    let phoneLabels = (0..<3).map { _ in TextField(placeholder: "label") }
    let phoneNumbers = (0..<3).map { _ in TextField(placeholder: "+44 20 7946 0000") }
    let emails = (0..<3).map { _ in TextField(placeholder: "name@example.org") }
    let company = TextField()
    /// Notes keep their line breaks: Enter starts a new line.
    let notes = TextArea()
    let nickname = TextField()
    /// The groups (CATEGORIES), comma-separated.
    let groups = TextField(placeholder: "family, work")
    let title = TextField()
    let birthday = TextField(placeholder: "1985-04-12 or 04-12")
    let url = TextField(placeholder: "https://example.org")
    let street = TextField()
    let postalCode = TextField(placeholder: "postcode")
    let city = TextField(placeholder: "city")
    let region = TextField()
    let country = TextField()
    /// "[ Friend: no ]": a button already draws its brackets, so the state is said in words.
    let friendToggle = Button(title: "Friend: no")
    private var isFriend = false { didSet { friendToggle.title = isFriend ? "Friend: yes" : "Friend: no" } }
    private var messageLabels: [String: Label] = [:]
    /// The groups as the contact had them (see `ContactForm.groupsAsStored`).
    private var storedGroups: [String] = []
    /// The kept lines as loaded (see `ContactForm.extras`).
    private var storedExtras = ""
    /// Called after any edit.
    var onChange: (() -> Void)?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        friendToggle.action = { [weak self] in self?.isFriend.toggle(); self?.onChange?() }
        // The display name and N's prefix and suffix above the first name (where the form opens):
        // Tab from the first name goes on to the last name as before.
        var rows: [(caption: String, fields: [View], key: String)] = [
            ("Shown as", [displayName], "displayName"), ("Prefix", [namePrefix, nameSuffix], "namePrefix"),
            ("First name", [firstName], "firstName"), ("Last name", [lastName], "lastName"), ("Middle name", [middleName], "middleName"),
        ]
        // The number first (Tab from the last name lands on it), its label after.
        for i in 0..<3 { rows.append(("Phone \(i + 1)", [phoneNumbers[i], phoneLabels[i]], "phone.\(i)")) }
        for i in 0..<3 { rows.append(("Email \(i + 1)", [emails[i]], "email.\(i)")) }
        rows += [("Company", [company], "company"), ("Title", [title], "title"), ("Nickname", [nickname], "nickname"),
                 ("Birthday", [birthday], "birthday"), ("Web", [url], "url"), ("Street", [street], "street"),
                 ("City", [postalCode, city], "city"), ("Region", [region], "region"), ("Country", [country], "country"), ("Groups", [groups], "groups"),
                 ("Notes", [notes], "notes"), ("", [friendToggle], "friend")]
        displayName.maxLength = ContactValidator.maxDisplayNameLength + 10
        for field in [namePrefix, nameSuffix, firstName, lastName, middleName, company, title, nickname, groups, street, postalCode, city, region, country] {
            field.maxLength = ContactValidator.maxNameLength + 10
        }
        birthday.maxLength = 20
        url.maxLength = 310
        notes.maxLength = ContactValidator.maxNotesLength + 10
        for field in allFields { field.onChange = { [weak self] _ in self?.updateShownAsPlaceholder(); self?.onChange?() } }
        notes.onChange = { [weak self] _ in self?.onChange?() }
        updateShownAsPlaceholder()
        for (index, row) in rows.enumerated() {
            // The notes take three rows; the rows after them are two further down.
            let y = row.key == "friend" ? index + Self.notesRows - 1 : index
            let caption = Label(row.caption, style: Theme.live.secondary)
            let message = Label("", style: Theme.live.error)
            messageLabels[row.key] = message
            place(caption, x: 0, y: y, width: 12)
            if row.key == "namePrefix" {
                place(row.fields[0], x: 12, y: y, width: 8)
                place(suffixCaption, x: 21, y: y, width: 6)
                place(row.fields[1], x: 28, y: y, width: 8)
            } else if row.key.hasPrefix("phone.") {
                // On a narrow screen the number gives up columns, never the label (40 columns: `la` before).
                place(row.fields[0], x: 12, y: y, width: 22)
                row.fields[0].widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -(12 + 1 + 9)).isActive = true
                placeAfter(row.fields[1], row.fields[0], y: y, width: 9)
            } else if row.fields.count == 2 {
                place(row.fields[0], x: 12, y: y, width: 9)
                place(row.fields[1], x: 22, y: y, width: 22)
            } else {
                place(row.fields[0], x: 12, y: y, width: row.key == "friend" ? 15 : 32, height: row.key == "notes" ? Self.notesRows : 1)
            }
            addSubview(message)
            message.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([
                message.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 46),
                message.trailingAnchor.constraint(equalTo: trailingAnchor),
                message.topAnchor.constraint(equalTo: topAnchor, constant: y),
                message.heightAnchor.constraint(equalToConstant: 1),
            ])
        }
    }

    private func place(_ view: View, x: Int, y: Int, width: Int, height: Int = 1) {
        addSubview(view)
        view.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: leadingAnchor, constant: x),
            view.topAnchor.constraint(equalTo: topAnchor, constant: y),
            view.widthAnchor.constraint(equalToConstant: width),
            view.heightAnchor.constraint(equalToConstant: height),
        ])
    }

    /// Places `view` one column after `previous`, on row `y`.
    private func placeAfter(_ view: View, _ previous: View, y: Int, width: Int) {
        addSubview(view)
        view.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: 1),
            view.topAnchor.constraint(equalTo: topAnchor, constant: y),
            view.widthAnchor.constraint(equalToConstant: width),
            view.heightAnchor.constraint(equalToConstant: 1),
        ])
    }

    /// Rows of the notes' area.
    static let notesRows = 3
    static let rowCount = 24 + notesRows - 1

    var allFields: [TextField] {
        [displayName, namePrefix, nameSuffix, firstName, lastName, middleName] + zip(phoneLabels, phoneNumbers).flatMap { [$0, $1] } + emails
            + [company, title, nickname, birthday, url, street, postalCode, city, region, country, groups]
    }

    var form: ContactForm {
        get {
            var f = ContactForm()
            f.displayName = displayName.text
            f.namePrefix = namePrefix.text
            f.nameSuffix = nameSuffix.text
            f.extras = storedExtras
            f.firstName = firstName.text
            f.lastName = lastName.text
            f.middleName = middleName.text
            f.phones = (0..<3).map { (phoneLabels[$0].text, phoneNumbers[$0].text) }
            f.emails = emails.map(\.text)
            f.company = company.text
            f.notes = notes.text
            f.isFriend = isFriend
            f.nickname = nickname.text
            f.groups = groups.text
            f.groupsAsStored = storedGroups
            f.title = title.text
            f.birthday = birthday.text
            f.url = url.text
            f.street = street.text
            f.postalCode = postalCode.text
            f.city = city.text
            f.region = region.text
            f.country = country.text
            return f
        }
        set {
            fill(displayName, newValue.displayName)
            fill(namePrefix, newValue.namePrefix)
            fill(nameSuffix, newValue.nameSuffix)
            storedExtras = newValue.extras
            fill(firstName, newValue.firstName)
            fill(lastName, newValue.lastName)
            fill(middleName, newValue.middleName)
            for i in 0..<3 { fill(phoneLabels[i], newValue.phones[i].label); fill(phoneNumbers[i], newValue.phones[i].number) }
            for i in 0..<3 { fill(emails[i], newValue.emails[i]) }
            fill(company, newValue.company)
            if let limit = notes.maxLength, newValue.notes.count > limit { notes.maxLength = newValue.notes.count }
            notes.text = newValue.notes
            isFriend = newValue.isFriend
            fill(nickname, newValue.nickname)
            fill(groups, newValue.groups)
            storedGroups = newValue.groupsAsStored
            fill(title, newValue.title)
            fill(birthday, newValue.birthday)
            fill(url, newValue.url)
            fill(street, newValue.street)
            fill(postalCode, newValue.postalCode)
            fill(city, newValue.city)
            fill(region, newValue.region)
            fill(country, newValue.country)
            updateShownAsPlaceholder()
        }
    }

    /// Puts a stored value in its field whole: a value longer than what may be typed raises the
    /// field's limit (cut, it would read as changed, and be saved cut).
    private func fill(_ field: TextField, _ text: String) {
        if let limit = field.maxLength, text.count > limit { field.maxLength = text.count }
        field.text = text
    }

    /// The display name field's placeholder: the name the contact is shown by while the field is empty.
    private func updateShownAsPlaceholder() {
        let made = ContactRecord.displayName(firstName: firstName.text, middleName: middleName.text, lastName: lastName.text, company: company.text)
        displayName.placeholder = made.isEmpty ? "the name shown" : made
    }

    /// Shows each message beside its field (and clears the others).
    func show(messages: [String: String]) {
        for (key, label) in messageLabels { label.text = messages[key] ?? (key == "namePrefix" ? messages["nameSuffix"] : nil) ?? "" }
    }

    /// The first field with a message, to put the focus there.
    func firstField(withMessageIn messages: [String: String]) -> View? {
        let order = ["displayName", "namePrefix", "nameSuffix", "firstName", "lastName", "middleName", "phone.0", "phone.1", "phone.2", "email.0", "email.1", "email.2", "company",
                     "title", "nickname", "birthday", "url", "street", "city", "region", "country", "groups", "notes"]
        guard let key = order.first(where: { messages[$0] != nil }) else { return nil }
        switch key {
        case "displayName": return displayName
        case "namePrefix": return namePrefix
        case "nameSuffix": return nameSuffix
        case "firstName": return firstName
        case "lastName": return lastName
        case "middleName": return middleName
        case "company": return company
        case "notes": return notes
        case "title": return title
        case "nickname": return nickname
        case "groups": return groups
        case "birthday": return birthday
        case "url": return url
        case "street": return street
        case "city": return city
        case "region": return region
        case "country": return country
        default:
            let i = Int(key.split(separator: ".")[1])!
            return key.hasPrefix("phone") ? phoneNumbers[i] : emails[i]
        }
    }
}
