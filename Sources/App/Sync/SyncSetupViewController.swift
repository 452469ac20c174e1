import AppServices
import TUIKit

/// "Add a CardDAV account": the server's address, the user name, the password (typed here and
/// kept in memory for this run only — never written to the data file) or a command that prints
/// it, and a CA file for a server with its own certificate authority. ^S (or Enter on the last
/// field) finds the address books (a child `switchboard sync add --list-addressbooks`): one is
/// taken without asking; several are listed to pick one, or all. Then the account is stored and
/// the first sync starts. While the server is asked, the form counts the seconds waited and Esc
/// ends the child and gives the form back.
@MainActor
final class SyncSetupViewController: ViewController {
    let urlField = FormTextField(placeholder: "https://dav.example.com/")
    let userField = FormTextField(placeholder: "your user name there")
    let passwordField = FormTextField(placeholder: "kept for this run only")
    let commandField = FormTextField(placeholder: "or a command that prints it: pass show dav")
    let caField = FormTextField(placeholder: "only for a server's own CA: /path/ca.pem")
    private let general = GrowingLabel()
    private let bookCaption = Label("")
    let bookList = ListView()
    private let center: SyncCenter
    private let onAdded: (String) -> Void
    /// The address books found, offered to pick from (then "All of them").
    private(set) var found: [(url: String, name: String)] = []
    private var asked: SyncCenter.Server?
    /// Whether a child process is out (the form is held meanwhile).
    private(set) var isWaiting = false {
        didSet {
            for field in fields { field.isHeld = isWaiting }
            if !isWaiting { waitTimer?.cancel(); waitTimer = nil; child = nil }
            setNeedsKeyCommandsUpdate()
        }
    }
    /// The child process out, to end on Esc.
    private var child: SyncProcessHandle?
    /// Counts the seconds waited on the line under the form.
    private var waitTimer: TUIKit.Timer?
    /// Which wait this is (a child that answers at once may have started the next one already).
    private var waitNumber = 0
    private var fields: [FormTextField] { [urlField, userField, passwordField, commandField, caField] }

    /// - Parameter onAdded: told what was added ("alice at … : Contacts").
    init(center: SyncCenter, onAdded: @escaping (String) -> Void) {
        self.center = center
        self.onAdded = onAdded
        super.init()
    }

    override func viewDidLoad() {
        title = "Add CardDAV account"
        view.style = Theme.live.base
        navigationItem.setRightBarButton(BarButtonItem(title: "Find books", key: .ctrl("s")) { [weak self] in self?.findBooks() })
        passwordField.isSecureTextEntry = true
        for field in fields { field.maxLength = 1000 }
        for (field, next) in zip(fields, fields.dropFirst()) {
            field.onSubmit = { [weak self] _ in self?.view.window?.makeFirstResponder(next) }
        }
        caField.onSubmit = { [weak self] _ in self?.findBooks() }
        general.textStyle = Theme.live.error
        general.wrapsText = true
        bookCaption.textStyle = Theme.live.secondary
        bookList.configureRow = { [weak self] row, index, selected in
            guard let self else { return }
            (row as? ListRowLabel)?.configure(text: " " + self.bookRowText(index), selected: selected)
        }
        bookList.onSelect = { [weak self] index in self?.pick(index) }
        bookList.lettersMoveSelection = false // letters are type-ahead there
        bookList.emptyText = ""
        bookList.isHidden = true
        FormLayout.stack([
            (FormLayout.caption("Server address"), 1), (urlField, 2),
            (FormLayout.caption("User name"), 1), (userField, 2),
            (FormLayout.caption("Password"), 1), (passwordField, 2),
            (FormLayout.caption("Password command"), 1), (commandField, 2),
            (FormLayout.caption("CA file (PEM)"), 1), (caField, 2),
            (general, 2), (bookCaption, 1), (bookList, 6),
        ], in: view, width: 64)
    }

    override var preferredFirstResponder: View? { urlField }

    /// While the server is asked, Esc stops asking (and keeps the form); else it goes back, as anywhere.
    override var keyCommands: [KeyCommand] {
        guard isWaiting else { return super.keyCommands }
        return [KeyCommand(.escape, title: "Cancel") { [weak self] in self?.cancelWaiting() }]
    }

    /// Shows `text` with the seconds waited so far and that Esc cancels, every second, while the child is out.
    private func wait(saying text: String, for child: SyncProcessHandle, number: Int) {
        guard isWaiting, number == waitNumber else { return } // it already answered
        self.child = child
        var seconds = 0
        let show = { [weak self] in self?.general.text = "\(text) \(seconds) s · Esc cancels" }
        show()
        waitTimer?.cancel()
        waitTimer = scheduler?.every(.seconds(1)) { timer in
            seconds += 1
            show()
        }
    }

    /// Esc while waiting: the child is ended, and the form is the person's again.
    private func cancelWaiting() {
        guard isWaiting else { return }
        let running = child
        isWaiting = false
        running?.cancel()
        general.textStyle = Theme.live.error
        general.text = "Cancelled: nothing was added. Check the address, or try again (^S)."
    }
    /// In the list of address books found, typing a book's first letters selects it.
    override func handleKey(_ key: Key) -> Bool {
        guard !bookList.isHidden, bookList.isFirstResponder else { return false }
        return typeAhead.handle(key, in: bookList, texts: (0...found.count).map(bookRowText))
    }
    private var typeAhead = ListTypeAhead()

    private func bookRowText(_ index: Int) -> String {
        index < found.count ? "\(found[index].name)  \(found[index].url)" : "All of them"
    }

    /// What was typed, or nil (with the field that needs it marked).
    private func server() -> SyncCenter.Server? {
        for field in fields { field.validationMessage = nil }
        general.text = ""
        let url = urlField.text.trimmed, user = userField.text.trimmed
        let command = commandField.text.trimmed, ca = caField.text.trimmed
        if !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            urlField.validationMessage = "The server's http:// or https:// address."
        } else if Self.hasUserInfo(url) {
            urlField.validationMessage = "The address without a user name or password in it (…@): type those below; they are not stored in it."
        }
        if user.isEmpty { userField.validationMessage = "The user name you sign in with there." }
        if passwordField.text.isEmpty && command.isEmpty { passwordField.validationMessage = "Type the password, or a command below." }
        if let bad = fields.first(where: { $0.validationMessage != nil }) {
            view.window?.makeFirstResponder(bad)
            return nil
        }
        return SyncCenter.Server(url: url, username: user, password: command.isEmpty ? passwordField.text : nil,
                                 passwordCommand: command.isEmpty ? nil : command, caFile: ca.isEmpty ? nil : ca)
    }

    /// Asks the server for its address books.
    func findBooks() {
        guard !isWaiting, let server = server() else { return }
        asked = server
        found = []
        bookList.isHidden = true
        bookCaption.text = ""
        isWaiting = true
        waitNumber += 1
        let number = waitNumber
        general.textStyle = Theme.live.emphasis
        let asking = center.discover(server) { [weak self] result in
            guard let self, self.isWaiting, self.waitNumber == number else { return } // cancelled: what it said no longer matters
            self.isWaiting = false
            switch result {
            case .failure(let why):
                self.general.textStyle = Theme.live.error
                self.general.text = "Not added: " + why.message(during: .asking)
            case .success(let books):
                self.found = books
                // One address book, or the one whose own address was given: taken without asking.
                if let given = books.count == 1 ? books.first : books.first(where: { CollectionAddress.same($0.url, server.url) }) {
                    self.add(server, books: [given.url], names: [given.name])
                } else {
                    self.general.text = ""
                    self.bookCaption.text = "The server has \(books.count) address books: pick one (Enter)"
                    self.bookList.isHidden = false
                    self.bookList.reloadData(numberOfRows: books.count + 1)
                    self.view.window?.makeFirstResponder(self.bookList)
                }
            }
        }
        wait(saying: "Looking for address books at \(server.url)…", for: asking, number: number)
    }

    /// The person picked a book (or, past the last, all of them).
    private func pick(_ index: Int) {
        guard !isWaiting, let server = asked else { return }
        if index < found.count { add(server, books: [found[index].url], names: [found[index].name]) }
        else { add(server, books: found.map(\.url), names: found.map(\.name)) }
    }

    private func add(_ server: SyncCenter.Server, books: [String], names: [String]) {
        isWaiting = true
        waitNumber += 1
        let number = waitNumber
        general.textStyle = Theme.live.emphasis
        let adding = center.add(server, books: books.count == found.count && books.count > 1 ? ["all"] : books) { [weak self] failure in
            guard let self, self.isWaiting, self.waitNumber == number else { return }
            self.isWaiting = false
            if let failure {
                self.general.textStyle = Theme.live.error
                self.general.text = "Not added: " + failure.message(during: .adding)
                return
            }
            self.passwordField.text = ""
            self.onAdded("Added \(server.username) at \(server.url): " + names.joined(separator: ", ") + ". Syncing…")
        }
        wait(saying: "Adding \(server.username) at \(server.url)…", for: adding, number: number)
    }

    /// Whether `url` has a user name (and perhaps a password) written into it: `http://alice:pw@host/`.
    static func hasUserInfo(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count > colon + 2,
              bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return false }
        for byte in bytes[(colon + 3)...] {
            if byte == UInt8(ascii: "@") { return true }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return false }
        }
        return false
    }

    /// The line under the form (tests).
    var message: String { general.text }
}

private extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
