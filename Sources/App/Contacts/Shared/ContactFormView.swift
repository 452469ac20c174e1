import AppServices
import TUIKit

/// The fields of a contact, one row each, with a message beside any field that is wrong. Add
/// and Edit share this view, not their logic. Phones, e-mails, addresses, IM addresses and
/// custom fields are lists: ^N adds a row to the list the cursor is in (elsewhere a custom
/// field), ^R removes the row the cursor is in (asked first when something is typed in it).
@MainActor
final class ContactFormView: View {
    /// A phone: its number, then its label.
    @MainActor final class PhoneRow {
        let number = TextField(placeholder: "+44 20 7946 0000")
        let label = TextField(placeholder: "label")
    }

    /// An e-mail address, then its label (TYPE).
    @MainActor final class EmailRow {
        let address = TextField(placeholder: "name@example.org")
        let label = TextField(placeholder: "label")
    }

    /// A postal address: its label, then its parts; its PO box and extended part are kept unseen.
    @MainActor final class AddressFields {
        let label = TextField(placeholder: "home, work")
        let street = TextField()
        let postalCode = TextField(placeholder: "postcode")
        let city = TextField(placeholder: "city")
        let region = TextField()
        let country = TextField()
        var stored = AddressRow()
        var all: [TextField] { [label, street, postalCode, city, region, country] }
    }

    /// An IM address (`xmpp:ada@example.org`), then its label; the line it edits.
    @MainActor final class IMFields {
        let value = TextField(placeholder: "xmpp:name@example.org")
        let label = TextField(placeholder: "label")
        var line: Int?
        var name = ""
    }

    /// A custom field: the property's name where the other rows have their caption, then its value.
    @MainActor final class CustomFields {
        let name = TextField(placeholder: "X-NAME")
        let value = TextField()
        var line: Int?
    }

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
    private(set) var phoneRows: [PhoneRow] = []
    private(set) var emailRows: [EmailRow] = []
    let company = TextField()
    let title = TextField()
    let nickname = TextField()
    let birthday = TextField(placeholder: "1985-04-12 or 04-12")
    let anniversary = TextField(placeholder: "2010-06-12 or 06-12")
    let url = TextField(placeholder: "https://example.org")
    private(set) var addressRows: [AddressFields] = []
    private(set) var imRows: [IMFields] = []
    /// The groups (CATEGORIES), comma-separated.
    let groups = TextField(placeholder: "family, work")
    private(set) var customRows: [CustomFields] = []
    /// Notes keep their line breaks: Enter starts a new line.
    let notes = TextArea()
    /// "[ Friend: no ]": a button already draws its brackets, so the state is said in words.
    let friendToggle = Button(title: "Friend: no")
    private var isFriend = false { didSet { friendToggle.title = isFriend ? "Friend: yes" : "Friend: no" } }
    /// The groups as the contact had them (see `ContactForm.groupsAsStored`).
    private var storedGroups: [String] = []
    /// The kept lines as loaded (see `ContactForm.extras`).
    private var storedExtras = ""
    /// Apple's labels as loaded (see `ContactForm.labelsAsStored`).
    private var storedLabels: [String: String] = [:]
    /// Called after any edit.
    var onChange: (() -> Void)?
    /// Called when the rows change, with the form's new height.
    var onHeightChange: ((Int) -> Void)?
    /// Says something under the form (a key that cannot act here).
    var onMessage: ((String) -> Void)?
    /// Asks before a row with something typed in it is removed: `remove` runs on yes.
    var confirmRemoval: ((_ question: String, _ remove: @escaping () -> Void) -> Void)?

    /// Rows of the notes' area.
    nonisolated static let notesRows = 3

    /// One row of the form (the notes take three).
    private struct Line {
        enum Kind { case single, pair, city, prefixSuffix, custom, notes, friend }
        let caption: View
        let fields: [View]
        let kind: Kind
        /// The key of its message (`ContactFormProblems`).
        let key: String
        let message: Label
        var height: Int { kind == .notes ? ContactFormView.notesRows : 1 }
    }

    private var lines: [Line] = []
    private var messages: [String: String] = [:]
    /// The form's height in rows, for the scroll view around it.
    private(set) var contentHeight = 0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        friendToggle.action = { [weak self] in self?.isFriend.toggle(); self?.onChange?() }
        displayName.maxLength = ContactValidator.maxDisplayNameLength + 10
        for field in [namePrefix, nameSuffix, firstName, lastName, middleName, company, title, nickname, groups] {
            field.maxLength = ContactValidator.maxNameLength + 10
        }
        birthday.maxLength = 20
        anniversary.maxLength = 20
        url.maxLength = 310
        notes.maxLength = ContactValidator.maxNotesLength + 10
        for field in [displayName, namePrefix, nameSuffix, firstName, lastName, middleName, company, title, nickname, birthday, anniversary, url, groups] {
            watch(field)
        }
        notes.onChange = { [weak self] _ in self?.onChange?() }
        var empty = ContactForm()
        empty.padRows()
        form = empty
    }

    private func watch(_ field: TextField) {
        field.onChange = { [weak self] _ in self?.updateShownAsPlaceholder(); self?.checkLength(of: field); self?.onChange?() }
    }

    /// A name over its limit is said under it as it is typed (issue 51), in the words ^S uses; the
    /// message goes once the name is short enough again.
    private func checkLength(of field: TextField) {
        let limit: Int
        if field === displayName { limit = ContactValidator.maxDisplayNameLength }
        else if [namePrefix, nameSuffix, firstName, lastName, middleName, company].contains(where: { $0 === field }) { limit = ContactValidator.maxNameLength }
        else { return }
        guard let line = lines.first(where: { $0.fields.contains { $0 === field } }) else { return }
        let key = field === nameSuffix ? "nameSuffix" : line.key
        let count = field.text.trimmedSpaces.count
        var shown = messages
        if count > limit { shown[key] = "At most \(limit) characters (\(count) now)." }
        else if shown[key]?.hasPrefix("At most") == true { shown[key] = nil }
        else { return }
        if shown != messages { show(messages: shown) }
    }

    // MARK: Rows

    private func makePhone() -> PhoneRow {
        let row = PhoneRow()
        for f in [row.number, row.label] { watch(f) }
        row.label.maxLength = 74
        row.number.maxLength = 74
        return row
    }

    private func makeEmail() -> EmailRow {
        let row = EmailRow()
        for f in [row.address, row.label] { watch(f) }
        row.address.maxLength = 264
        row.label.maxLength = 74
        return row
    }

    private func makeAddress() -> AddressFields {
        let row = AddressFields()
        for f in row.all { watch(f); f.maxLength = ContactValidator.maxNameLength + 10 }
        return row
    }

    private func makeIM() -> IMFields {
        let row = IMFields()
        for f in [row.value, row.label] { watch(f) }
        row.value.maxLength = 310
        row.label.maxLength = 74
        return row
    }

    private func makeCustom() -> CustomFields {
        let row = CustomFields()
        for f in [row.name, row.value] { watch(f) }
        row.name.maxLength = 60
        row.value.maxLength = ContactFormExtras.longestShown + 10
        return row
    }

    private func caption(_ text: String) -> Label { Label(text, style: Theme.live.secondary) }

    /// The rows in order (the order Tab takes), each with its caption and message.
    private func makeLines() -> [Line] {
        var lines: [Line] = []
        func add(_ caption: View, _ fields: [View], _ kind: Line.Kind, _ key: String) {
            lines.append(Line(caption: caption, fields: fields, kind: kind, key: key, message: Label("", style: Theme.live.error)))
        }
        func add(_ text: String, _ fields: [View], _ kind: Line.Kind = .single, _ key: String) { add(caption(text), fields, kind, key) }
        // The display name and N's prefix and suffix above the first name (where the form opens):
        // Tab from the first name goes on to the last name.
        add("Shown as", [displayName], .single, "displayName")
        add("Prefix", [namePrefix, suffixCaption, nameSuffix], .prefixSuffix, "namePrefix")
        add("First name", [firstName], .single, "firstName")
        add("Last name", [lastName], .single, "lastName")
        add("Middle name", [middleName], .single, "middleName")
        // The number first (Tab from the last name lands on it), its label after.
        for (i, row) in phoneRows.enumerated() { add("Phone \(i + 1)", [row.number, row.label], .pair, "phone.\(i)") }
        for (i, row) in emailRows.enumerated() { add("Email \(i + 1)", [row.address, row.label], .pair, "email.\(i)") }
        add("Company", [company], .single, "company")
        add("Title", [title], .single, "title")
        add("Nickname", [nickname], .single, "nickname")
        add("Birthday", [birthday], .single, "birthday")
        add("Anniversary", [anniversary], .single, "anniversary")
        add("Web", [url], .single, "url")
        for (i, row) in addressRows.enumerated() {
            add(addressRows.count == 1 ? "Address" : "Address \(i + 1)", [row.label], .single, "address.\(i)")
            add("Street", [row.street], .single, "street.\(i)")
            add("City", [row.postalCode, row.city], .city, "city.\(i)")
            add("Region", [row.region], .single, "region.\(i)")
            add("Country", [row.country], .single, "country.\(i)")
        }
        for (i, row) in imRows.enumerated() { add("IM \(i + 1)", [row.value, row.label], .pair, "im.\(i)") }
        add("Groups", [groups], .single, "groups")
        for (i, row) in customRows.enumerated() { add(row.name, [row.value], .custom, "custom.\(i)") }
        add("Notes", [notes], .notes, "notes")
        add("", [friendToggle], .friend, "friend")
        return lines
    }

    /// Puts the rows in again after a list changed (the focus and the messages kept).
    private func rebuild() {
        let focus = window?.firstResponder
        let focusWasHere = focus?.isDescendant(of: self) ?? false
        for v in subviews { v.removeFromSuperview() }
        lines = makeLines()
        for line in lines {
            for v in [line.caption] + line.fields + [line.message] {
                v.translatesAutoresizingMaskIntoConstraints = true
                addSubview(v)
            }
        }
        contentHeight = lines.reduce(0) { $0 + $1.height }
        show(messages: messages)
        setNeedsLayout()
        setNeedsDisplay()
        onHeightChange?(contentHeight)
        if focusWasHere, let focus, focus.isDescendant(of: self) { window?.makeFirstResponder(focus) }
    }

    override func layoutSubviews() {
        let width = bounds.width
        func fit(_ wanted: Int, from x: Int) -> Int { max(1, min(wanted, width - x - 1)) }
        // The fields use the width (32 columns up to 80, up to 72 on a wide screen); a field's
        // message is said beside it, after the widest field.
        // A message beside a field is read whole before a field is wide: the fields give up
        // columns (to 21 at least) while a long message is shown.
        let longest = lines.map { $0.message.text.count }.max() ?? 0
        let main = longest == 0 ? Self.fieldWidth(forFormWidth: width)
            : max(21, min(Self.fieldWidth(forFormWidth: width), width - 12 - 2 - longest - 1))
        let messageX = 12 + main + 2
        var y = 0
        for line in lines {
            line.caption.frame = Rect(x: 0, y: y, width: line.kind == .custom ? 11 : 12, height: 1)
            let f = line.fields
            switch line.kind {
            case .single:
                f[0].frame = Rect(x: 12, y: y, width: fit(main, from: 12), height: 1)
            case .notes:
                f[0].frame = Rect(x: 12, y: y, width: fit(main, from: 12), height: Self.notesRows)
            case .friend:
                f[0].frame = Rect(x: 12, y: y, width: 15, height: 1)
            case .custom:
                f[0].frame = Rect(x: 12, y: y, width: fit(main, from: 12), height: 1)
            case .pair:
                // On a narrow screen the value gives up columns, never the label (40 columns: `la` before).
                let value = max(1, min(main - 10, width - 22))
                f[0].frame = Rect(x: 12, y: y, width: value, height: 1)
                f[1].frame = Rect(x: 12 + value + 1, y: y, width: 9, height: 1)
            case .city:
                f[0].frame = Rect(x: 12, y: y, width: 9, height: 1)
                f[1].frame = Rect(x: 22, y: y, width: fit(main - 10, from: 22), height: 1)
            case .prefixSuffix:
                f[0].frame = Rect(x: 12, y: y, width: 8, height: 1)
                f[1].frame = Rect(x: 21, y: y, width: 6, height: 1)
                f[2].frame = Rect(x: 28, y: y, width: 8, height: 1)
            }
            if width >= Self.messagesBesideFrom {
                line.message.frame = Rect(x: messageX, y: y, width: max(0, width - messageX), height: 1)
                y += line.height
            } else {
                // Too narrow to say it beside the field: on a row of its own under it, while there is one.
                y += line.height
                let shown = !line.message.text.isEmpty
                line.message.frame = Rect(x: 12, y: y, width: shown ? max(0, width - 13) : 0, height: shown ? 1 : 0)
                if shown { y += 1 }
            }
        }
        if y != contentHeight {
            contentHeight = y
            onHeightChange?(y)
        }
    }

    /// The narrowest form that shows a field's message beside it (from column 46, 20 columns at least).
    static let messagesBesideFrom = 66

    /// A one-field row's width in a form `width` columns wide: 32 up to 80 columns, then what
    /// leaves the messages about 34 columns beside it, 72 at most (a value reads whole at 200).
    static func fieldWidth(forFormWidth width: Int) -> Int { min(72, max(32, width - 48)) }

    // MARK: Adding and removing rows

    override var keyCommands: [KeyCommand] {
        [KeyCommand(.ctrl("n"), title: "Add row") { [weak self] in self?.addRow() },
         KeyCommand(.ctrl("r"), title: "Remove row") { [weak self] in self?.removeRow() }]
    }

    private enum List { case phone, email, address, im, custom }

    /// The list and row the focus is in.
    private func focusedRow() -> (list: List, index: Int)? {
        guard let focus = window?.firstResponder else { return nil }
        if let i = phoneRows.firstIndex(where: { $0.number === focus || $0.label === focus }) { return (.phone, i) }
        if let i = emailRows.firstIndex(where: { $0.address === focus || $0.label === focus }) { return (.email, i) }
        if let i = addressRows.firstIndex(where: { $0.all.contains { $0 === focus } }) { return (.address, i) }
        if let i = imRows.firstIndex(where: { $0.value === focus || $0.label === focus }) { return (.im, i) }
        if let i = customRows.firstIndex(where: { $0.name === focus || $0.value === focus }) { return (.custom, i) }
        return nil
    }

    /// A new row at the end of the list the cursor is in (else a custom field), the cursor in it.
    func addRow() {
        let target: TextField
        switch focusedRow()?.list {
        case .phone?: let row = makePhone(); phoneRows.append(row); target = row.number
        case .email?: let row = makeEmail(); emailRows.append(row); target = row.address
        case .address?: let row = makeAddress(); addressRows.append(row); target = row.label
        case .im?: let row = makeIM(); imRows.append(row); target = row.value
        case .custom?, nil: let row = makeCustom(); customRows.append(row); target = row.name
        }
        rebuild()
        window?.makeFirstResponder(target)
    }

    /// Removes the row the cursor is in (asked first when something is typed in it); a list keeps its fewest rows.
    func removeRow() {
        guard let (list, index) = focusedRow() else {
            onMessage?("^R removes a phone, e-mail, address, IM or custom field row: put the cursor in one.")
            return
        }
        let texts: [String]
        let what: String
        switch list {
        case .phone: texts = [phoneRows[index].number.text, phoneRows[index].label.text]; what = "this phone"
        case .email: texts = [emailRows[index].address.text, emailRows[index].label.text]; what = "this e-mail"
        case .address: texts = addressRows[index].all.map(\.text) + [addressRows[index].stored.poBox]; what = "this address"
        case .im: texts = [imRows[index].value.text, imRows[index].label.text]; what = "this IM address"
        case .custom: texts = [customRows[index].name.text, customRows[index].value.text]; what = "this field"
        }
        let remove: () -> Void = { [weak self] in self?.remove(list, at: index) }
        if texts.allSatisfy({ $0.trimmedSpaces.isEmpty }) { remove() } else if let confirmRemoval {
            confirmRemoval("Remove \(what)?", remove)
        } else {
            remove()
        }
    }

    private func remove(_ list: List, at index: Int) {
        let next: TextField
        switch list {
        case .phone:
            phoneRows.remove(at: index)
            while phoneRows.count < ContactForm.minimumPhones { phoneRows.append(makePhone()) }
            next = phoneRows[min(index, phoneRows.count - 1)].number
        case .email:
            emailRows.remove(at: index)
            while emailRows.count < ContactForm.minimumEmails { emailRows.append(makeEmail()) }
            next = emailRows[min(index, emailRows.count - 1)].address
        case .address:
            addressRows.remove(at: index)
            while addressRows.count < ContactForm.minimumAddresses { addressRows.append(makeAddress()) }
            next = addressRows[min(index, addressRows.count - 1)].label
        case .im:
            imRows.remove(at: index)
            while imRows.count < ContactForm.minimumIMs { imRows.append(makeIM()) }
            next = imRows[min(index, imRows.count - 1)].value
        case .custom:
            customRows.remove(at: index)
            while customRows.count < ContactForm.minimumCustoms { customRows.append(makeCustom()) }
            next = customRows[min(index, customRows.count - 1)].name
        }
        rebuild()
        window?.makeFirstResponder(next)
        onChange?()
    }

    // MARK: The form's values

    var form: ContactForm {
        get {
            var f = ContactForm()
            f.displayName = displayName.text
            f.namePrefix = namePrefix.text
            f.nameSuffix = nameSuffix.text
            f.extras = storedExtras
            f.labelsAsStored = storedLabels
            f.firstName = firstName.text
            f.lastName = lastName.text
            f.middleName = middleName.text
            f.phones = phoneRows.map { ($0.label.text, $0.number.text) }
            f.emails = emailRows.map(\.address.text)
            f.emailLabels = emailRows.map(\.label.text)
            f.company = company.text
            f.notes = notes.text
            f.isFriend = isFriend
            f.nickname = nickname.text
            f.groups = groups.text
            f.groupsAsStored = storedGroups
            f.title = title.text
            f.birthday = birthday.text
            f.anniversary = anniversary.text
            f.url = url.text
            f.addresses = addressRows.map { row in
                var a = row.stored
                a.label = row.label.text
                a.street = row.street.text
                a.postalCode = row.postalCode.text
                a.city = row.city.text
                a.region = row.region.text
                a.country = row.country.text
                return a
            }
            f.ims = imRows.map { ExtraRow(line: $0.line, name: $0.name, label: $0.label.text, value: $0.value.text) }
            f.customs = customRows.map { ExtraRow(line: $0.line, name: $0.name.text, value: $0.value.text) }
            return f
        }
        set {
            var newValue = newValue
            newValue.padRows()
            fill(displayName, newValue.displayName)
            fill(namePrefix, newValue.namePrefix)
            fill(nameSuffix, newValue.nameSuffix)
            storedExtras = newValue.extras
            storedLabels = newValue.labelsAsStored
            fill(firstName, newValue.firstName)
            fill(lastName, newValue.lastName)
            fill(middleName, newValue.middleName)
            phoneRows = newValue.phones.map { p in let row = makePhone(); fill(row.label, p.label); fill(row.number, p.number); return row }
            emailRows = zip(newValue.emails, newValue.emailLabels).map { e, l in let row = makeEmail(); fill(row.address, e); fill(row.label, l); return row }
            fill(company, newValue.company)
            if let limit = notes.maxLength, newValue.notes.count > limit { notes.maxLength = newValue.notes.count }
            notes.text = newValue.notes
            isFriend = newValue.isFriend
            fill(nickname, newValue.nickname)
            fill(groups, newValue.groups)
            storedGroups = newValue.groupsAsStored
            fill(title, newValue.title)
            fill(birthday, newValue.birthday)
            fill(anniversary, newValue.anniversary)
            fill(url, newValue.url)
            addressRows = newValue.addresses.map { a in
                let row = makeAddress()
                row.stored = a
                for (field, text) in zip(row.all, [a.label, a.street, a.postalCode, a.city, a.region, a.country]) { fill(field, text) }
                return row
            }
            imRows = newValue.ims.map { r in
                let row = makeIM()
                row.line = r.line
                row.name = r.name
                fill(row.value, r.value)
                fill(row.label, r.label)
                return row
            }
            customRows = newValue.customs.map { r in
                let row = makeCustom()
                row.line = r.line
                fill(row.name, r.name)
                fill(row.value, r.value)
                return row
            }
            updateShownAsPlaceholder()
            rebuild()
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

    // MARK: Messages

    /// Shows each message beside its field (and clears the others).
    func show(messages: [String: String]) {
        self.messages = messages
        for line in lines {
            line.message.text = messages[line.key] ?? (line.key == "namePrefix" ? messages["nameSuffix"] : nil) ?? ""
        }
        setNeedsLayout() // on a narrow screen a message takes a row of its own
    }

    /// The first field with a message, to put the focus there.
    func firstField(withMessageIn messages: [String: String]) -> View? {
        for line in lines {
            let keys = line.key == "namePrefix" ? ["namePrefix", "nameSuffix"] : [line.key]
            guard let key = keys.first(where: { messages[$0] != nil }) else { continue }
            if key == "nameSuffix" { return nameSuffix }
            if line.kind == .custom, let name = line.caption as? TextField, !ContactFormExtras.isCustomName(name.text.trimmedSpaces) { return name }
            return line.kind == .custom ? line.fields[0] : line.fields.first { $0.canBecomeFirstResponder } ?? line.fields[0]
        }
        return nil
    }
}
