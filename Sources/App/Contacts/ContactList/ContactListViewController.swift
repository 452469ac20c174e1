import AppServices
import TUIKit

@MainActor
protocol ContactListDisplayLogic: AnyObject {
    func displayContacts(viewModel: ContactList.ShowContacts.ViewModel)
    func displayToggleFriend(viewModel: ContactList.ToggleFriend.ViewModel)
    func displayDeleteContact(viewModel: ContactList.DeleteContact.ViewModel)
    func displayUndoDelete(viewModel: ContactList.UndoDelete.ViewModel)
    func displayGroups(viewModel: ContactList.ListGroups.ViewModel)
    func displayAddressBooks(viewModel: ContactList.ListAddressBooks.ViewModel)
    func displayChosenBook(viewModel: ContactList.ChooseBook.ViewModel)
    // Marking (ContactListViewController+Marking.swift)
    func displayMarked(viewModel: ContactList.MarkContacts.ViewModel)
    func displayDeleteMarked(viewModel: ContactList.DeleteMarked.ViewModel)
    func displayGroupMarked(viewModel: ContactList.GroupMarked.ViewModel)
    func displayMergeMarked(viewModel: ContactList.MergeMarked.ViewModel)
    func displayMailMarked(viewModel: ContactList.MailMarked.ViewModel)
}

/// The contact list: a live search field over a virtualized list in
/// sections by initial. It only displays what the presenter gives it and
/// sends requests to the interactor; the router leaves the scene.
@MainActor
final class ContactListViewController: ViewController, ContactListDisplayLogic {
    var interactor: ContactListBusinessLogic?
    var router: (ContactListRoutingLogic & ContactListDataPassing)?

    let searchField = TextField(placeholder: "Search names, phones, e-mails, companies, cities… ( / )")
    let list = ListView()
    private let message = Label("")
    /// Names the columns over the rows where the terminal is wide enough for more than names.
    let columnsHeader = Label("")
    /// The columns the rows were last configured for (they follow the list's width).
    private var columns = ContactListColumns(width: 0)
    /// The window of rows on hand.
    private(set) var displayed: ContactList.ShowContacts.ViewModel?
    /// The contacts marked (the interactor's, as last presented): their rows start with `*`.
    var marked: Set<Int64> = []
    /// "3 marked" after the title ("" with none).
    var markNote = "" { didSet { title = titleNow } }
    /// `L` asked for the groups to put the marked into (not to show one).
    var pickingGroupForMarked = false
    /// The title the presenter gave, without the marks' note.
    private var listTitle = "Contacts"
    private var titleNow: String { markNote.isEmpty ? listTitle : "\(listTitle) · \(markNote)" }

    override func viewDidLoad() {
        title = "Contacts"
        view.style = Theme.live.base
        message.textStyle = Theme.live.secondary
        // A message is read whole: it wraps, and its line under the list grows to hold it (at 40
        // columns "In the list: letters are commands now…" takes three rows; the list gives them up).
        message.wrapsText = true
        columnsHeader.textStyle = Theme.live.secondary
        list.emptyText = Self.loadingText
        // The selection shows only while the list has the focus: in the search field there is
        // none, so where the letters go (the search, or the list's commands) can be seen.
        list.showsSelectionOnlyWhenFocused = true
        searchField.maxLength = 100
        searchField.onChange = { [weak self] text in self?.search(text) }
        list.configureRow = { [weak self] row, index, selected in self?.configure(row, index: index, selected: selected) }
        list.onSelect = { [weak self] index in self?.open(index) }
        for v in [searchField, columnsHeader, list, message] as [View] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            searchField.topAnchor.constraint(equalTo: view.topAnchor, constant: 1),
            searchField.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            searchField.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            searchField.heightAnchor.constraint(equalToConstant: 1),
            columnsHeader.topAnchor.constraint(equalTo: searchField.bottomAnchor),
            columnsHeader.leadingAnchor.constraint(equalTo: list.leadingAnchor),
            columnsHeader.trailingAnchor.constraint(equalTo: list.trailingAnchor),
            columnsHeader.heightAnchor.constraint(equalToConstant: 1),
            list.topAnchor.constraint(equalTo: searchField.bottomAnchor, constant: 1),
            list.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 1),
            list.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -1),
            list.bottomAnchor.constraint(equalTo: message.topAnchor),
            message.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            message.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            // No height: the message is as tall as its text wrapped at its width (one row when empty).
        ])
    }

    /// Seed 001: the list is fetched again each time it reappears.
    override func viewWillAppear() {
        fetch(around: list.selectedIndex ?? 0, countsAgain: true) // a form or a card may have added or deleted
    }

    /// What a row (or the list) shows until its contacts have been read.
    static let loadingText = "Loading…"

    /// The rows asked for that have not come yet (not asked for again meanwhile).
    private var asked: (search: String, rows: Range<Int>)?
    /// The rows whose reading failed: not asked for again until the list reads anew.
    private var unreadable: (search: String, rows: Range<Int>)?

    /// Asks for the window around `index` of the current search (its answer comes to `displayContacts`).
    private func fetch(around index: Int, anew: Bool = true, countsAgain: Bool = false) {
        if anew { unreadable = nil }
        let request = ContactList.ShowContacts.Request(searchText: searchField.text, offset: windowStart(around: index), group: group,
                                                       addressBook: addressBook, order: listOrder, countsAgain: countsAgain)
        asked = (request.searchText, request.offset..<(request.offset + request.limit))
        interactor?.showContacts(request: request)
    }

    override var preferredFirstResponder: View? { list }

    override var keyCommands: [KeyCommand] {
        // In the search field Esc clears the text first, then leaves the field; only then does it go back.
        let esc: [KeyCommand] = !searchField.isFirstResponder ? [] : [
            KeyCommand(.escape, title: searchField.text.isEmpty ? "Leave search" : "Clear search") { [weak self] in
                self?.escapeFromSearch()
            },
        ]
        // Out of the search field, Esc first shows all contacts again when a group or an address book is shown.
        let clearGroup: [KeyCommand] = searchField.isFirstResponder || (group == nil && addressBook == nil) ? [] : [
            KeyCommand(.escape, title: "All contacts") { [weak self] in
                if self?.group != nil { self?.show(group: nil) } else { self?.show(addressBook: nil) }
            },
        ]
        // Edit, Delete and Friend only with a contact to do them to (an empty list offers Add).
        // With contacts marked, `d` deletes them all (and `x` exports them).
        let onContact: [KeyCommand] = list.selectedIndex == nil ? [] : [
            KeyCommand(.character("e"), title: "Edit") { [weak self] in self?.edit() },
            marked.isEmpty ? KeyCommand(.character("d"), title: "Delete") { [weak self] in self?.confirmDelete() }
                : KeyCommand(.character("d"), title: "Delete \(marked.count) marked") { [weak self] in self?.confirmDeleteMarked() },
            KeyCommand(.character("f"), title: "Friend") { [weak self] in self?.toggleFriend() },
        ]
        return esc + clearGroup + [KeyCommand(.character("a"), title: "Add") { [weak self] in self?.router?.routeToAddContact() }] + onContact + [
            KeyCommand(.character("u"), title: "Undo delete", showsInStatusLine: false) { [weak self] in self?.interactor?.undoDelete(request: .init()) },
            KeyCommand(.character("D"), title: "Duplicates", showsInStatusLine: false) { [weak self] in self?.router?.routeToDuplicates() },
            KeyCommand(.character("T"), title: "Trash (deleted contacts)", showsInStatusLine: false) { [weak self] in self?.router?.routeToTrash() },
            KeyCommand(.character("l"), title: "Show a group", showsInStatusLine: false) { [weak self] in self?.interactor?.listGroups(request: .init()) },
            KeyCommand(.character("/"), title: "Search") { [weak self] in
                guard let self else { return }
                self.view.window?.makeFirstResponder(self.searchField)
                self.leftSearchAt = nil
                if self.message.text == Self.inTheListText { self.message.text = "" }
            },
        ] + (searchField.isFirstResponder ? [] : markingCommands) + (!choosesBooks ? [] : [
            KeyCommand(.character("b"), title: "Books") { [weak self] in self?.showNextBook() },
        ]) + [
            // In the status line only where the contacts sync with address books (elsewhere `?` lists it,
            // and it says there is nothing to filter by).
            Self.droppingFirst(KeyCommand(.character("A"), title: "Address book", showsInStatusLine: showsAddressBooks) { [weak self] in
                self?.interactor?.listAddressBooks(request: .init())
            }),
        ] + (!offersTransfer ? [] : [
            Self.droppingFirst(KeyCommand(.character("i"), title: "Import") { [weak self] in self?.router?.routeToTransfer(export: false) }),
            // With a search on screen, Export… writes what it found.
            Self.droppingFirst(!marked.isEmpty
                ? KeyCommand(.character("x"), title: "Export marked") { [weak self] in
                    guard let self else { return }
                    self.router?.routeToExport(ids: self.marked.sorted())
                }
                : searchField.text.trimmedSpaces.isEmpty
                ? KeyCommand(.character("x"), title: "Export") { [weak self] in self?.router?.routeToTransfer(export: true) }
                : KeyCommand(.character("x"), title: "Export found") { [weak self] in self?.router?.routeToExport(search: self?.searchField.text) }),
        ] + (list.selectedIndex == nil ? [] : [
            KeyCommand(.character("X"), title: "Export this contact", showsInStatusLine: false) { [weak self] in
                guard let self, let index = self.list.selectedIndex else { return }
                self.interactor?.selectContact(request: .init(index: index))
                self.router?.routeToExport(search: nil)
            },
        ])) + [
            // Where the status line is short, the hints that drop first go from the end (Sort, Export,
            // Import, Address book), so Back keeps its room; `?` lists them always. The line under the
            // list says the order and the next.
            Self.droppingFirst(KeyCommand(.character("o"), title: "Sort") { [weak self] in self?.sortNext() }),
        ]
    }

    /// `command`, its hint left out of a short status line before the others.
    private static func droppingFirst(_ command: KeyCommand) -> KeyCommand {
        var command = command
        command.dropsFirstInStatusLine = true
        return command
    }

    /// The list's order (the signed-in user's setting, handed in by the assembly); `o` goes to the next.
    var listOrder: ContactListOrder = .lastName { didSet { setNeedsKeyCommandsUpdate() } }
    /// Keeps the order chosen with `o` (the settings); nil: for this visit only (the kiosk).
    var savesListOrder: ((ContactListOrder) -> Void)?

    /// `o`: the next order; the contact selected stays selected, wherever it now stands.
    private func sortNext() {
        listOrder = listOrder.next
        savesListOrder?(listOrder)
        message.text = "Sorted by \(listOrder.name) · o: by \(listOrder.next.name)"
        if let index = list.selectedIndex, let id = row(at: index)?.id { router?.dataStore?.contactToShow = id } else { list.select(0) }
        displayed = nil
        fetch(around: 0)
    }

    /// Says `text` on the line under the list.
    func showMessage(_ text: String) { message.text = text }

    /// Whether `b` changes the book shown (both, the own, the team's: a team's directory).
    var choosesBooks = false { didSet { setNeedsKeyCommandsUpdate() } }

    private func showNextBook() {
        guard let book = router?.dataStore?.book else { return }
        interactor?.chooseBook(request: .init(book: book.next))
    }

    /// Whether Import… and Export… are offered (not in the kiosk, which has no files).
    var offersTransfer = false { didSet { setNeedsKeyCommandsUpdate() } }

    override func handleKey(_ key: Key) -> Bool {
        // From the search field, ↓ or Enter go to the list.
        if searchField.isFirstResponder, key == .down || key == .enter {
            view.window?.makeFirstResponder(list)
            leftSearchAt = view.window?.scheduler.clock.now
            if key == .enter { message.text = Self.inTheListText }
            return true
        }
        return false
    }

    /// Said when Enter leaves the search field: the letters are the list's commands from now on.
    static let inTheListText = "In the list: letters are commands now (f friend, d delete, e edit) · / searches again"

    /// When the focus last went from the search field to the list (nil: not lately).
    private var leftSearchAt: Duration?

    /// A change a letter made moments after the search was left is said as the list's command,
    /// with its undo (a letter meant for the search must not change a contact unseen).
    private func said(_ text: String) -> String {
        guard let left = leftSearchAt, let now = view.window?.scheduler.clock.now, now - left < .seconds(5) else { return text }
        leftSearchAt = nil
        return "The list took it, not the search: " + text
    }

    /// Esc in the search field: clears the text (the whole list shows again), or, when empty, goes to the list.
    private func escapeFromSearch() {
        if searchField.text.isEmpty {
            view.window?.makeFirstResponder(list)
        } else {
            searchField.text = ""
            search("")
        }
    }

    // MARK: Requests

    private func search(_ text: String) {
        list.select(0)
        fetch(around: 0)
        setNeedsKeyCommandsUpdate() // x exports what a search found
    }

    func windowStart(around index: Int) -> Int { max(0, index - 60) }

    private func open(_ index: Int) {
        interactor?.selectContact(request: .init(index: index))
        router?.routeToShowContact()
    }

    private func edit() {
        guard let index = list.selectedIndex else { return }
        interactor?.selectContact(request: .init(index: index))
        router?.routeToEditContact()
    }

    private func toggleFriend() {
        guard let index = list.selectedIndex else { return }
        interactor?.toggleFriend(request: .init(index: index))
    }

    /// Whether `d` asks first (the "confirm before deleting" setting).
    var asksBeforeDeleting: () -> Bool = { true }

    private func confirmDelete() {
        guard let index = list.selectedIndex, let contact = row(at: index) else { return }
        guard asksBeforeDeleting() else { interactor?.deleteContact(request: .init(index: index)); return }
        let alert = AlertController(title: "Delete contact", message: "Delete \(contact.fullName)? (u in the list brings it back)")
        // The delete runs as Enter is pressed: the list's new count shows under the fading alert.
        alert.addAction(AlertAction(title: "Delete", style: .destructive, runsWhenPressed: true) { [weak self] in
            self?.interactor?.deleteContact(request: .init(index: index))
        })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    // MARK: Rows

    /// The displayed contact at a list index; when it is not on hand, its window is asked for
    /// (once) and nil returned: the row says "Loading…" until the answer comes.
    func row(at index: Int) -> ContactList.ShowContacts.ViewModel.DisplayedContact? {
        if let d = displayed, index >= d.offset, index < d.offset + d.displayedContacts.count {
            return d.displayedContacts[index - d.offset]
        }
        let search = searchField.text
        if let asked, asked.search == search, asked.rows.contains(index) { return nil }
        if let unreadable, unreadable.search == search, unreadable.rows.contains(index) { return nil }
        fetch(around: index, anew: false)
        guard let d = displayed, index >= d.offset, index < d.offset + d.displayedContacts.count else { return nil }
        return d.displayedContacts[index - d.offset]
    }

    private func configure(_ row: View, index: Int, selected: Bool) {
        guard let label = row as? ListRowLabel else { return }
        guard let contact = self.row(at: index) else {
            showsLoadingRows = true
            label.configure(text: "    " + Self.loadingText, selected: selected)
            return
        }
        let letter = contact.startsSection ? contact.section : " "
        label.configure(text: marking(columnsForWidth().row(letter: letter, name: contact.fullName, isFriend: contact.isFriend,
                                                            inTeamBook: contact.inTeamBook,
                                                            details: contact.details), id: contact.id), selected: selected)
    }

    /// Whether the rows say their address book (the contacts sync with some).
    private var showsAddressBooks = false { didSet { if oldValue != showsAddressBooks { setNeedsKeyCommandsUpdate() } } }

    /// What the rows read so far for this search and order hold, at their widest (the columns
    /// share the width by it), and what it was read for; a new search or order starts again.
    private var columnWants: (key: String, wants: ContactListColumns.Wants)?

    /// The columns for the list's width now; the header follows them.
    private func columnsForWidth() -> ContactListColumns {
        let now = ContactListColumns(width: list.bounds.width, addressBooks: showsAddressBooks, order: listOrder,
                                     wants: columnWants?.wants ?? .typical)
        if now != columns {
            columns = now
            columnsHeader.text = now.header
        }
        return now
    }

    /// Takes in what a window of rows holds; true when the columns change with it (every row is drawn again).
    private func measureColumns(_ viewModel: ContactList.ShowContacts.ViewModel) -> Bool {
        guard !viewModel.displayedContacts.isEmpty else { return false }
        let key = "\(viewModel.searchText)\u{1}\(listOrder.rawValue)\u{1}\(group ?? "")\u{1}\(String(describing: addressBook))"
        let measured = ContactListColumns.wants(of: viewModel.displayedContacts)
        let wants = columnWants.map { $0.key == key ? $0.wants.merged(with: measured) : measured } ?? measured
        guard wants != columnWants?.wants || key != columnWants?.key else { return false }
        columnWants = (key, wants)
        let before = columns
        return columnsForWidth() != before
    }

    // MARK: Display logic

    func displayContacts(viewModel: ContactList.ShowContacts.ViewModel) {
        let countChanged = displayed?.totalCount != viewModel.totalCount || displayed?.searchText != viewModel.searchText
            || showsLoadingRows || rowsDiffer(displayed, viewModel)
        showsLoadingRows = false
        unreadable = viewModel.error == nil ? nil : asked
        asked = nil
        displayed = viewModel
        if showsAddressBooks != viewModel.showsAddressBooks {
            showsAddressBooks = viewModel.showsAddressBooks
            list.setNeedsDisplay() // every row gains (or loses) its book
        }
        let columnsChanged = measureColumns(viewModel)
        listTitle = viewModel.title
        title = titleNow
        list.emptyText = viewModel.emptyText
        if let error = viewModel.error { message.text = error } else if message.text == lastError { message.text = "" }
        lastError = viewModel.error
        if countChanged || columnsChanged { list.reloadData(numberOfRows: viewModel.totalCount) } else { list.setNeedsLayout() }
        if let index = viewModel.selectedIndex { list.select(index) }
    }

    func displayToggleFriend(viewModel: ContactList.ToggleFriend.ViewModel) {
        message.text = said(viewModel.message)
        refetch()
    }

    func displayDeleteContact(viewModel: ContactList.DeleteContact.ViewModel) {
        message.text = said(viewModel.message)
        refetch()
    }

    /// Another book (or both): the list reads anew from its top.
    func displayChosenBook(viewModel: ContactList.ChooseBook.ViewModel) {
        message.text = viewModel.message
        displayed = nil
        list.select(0)
        fetch(around: 0)
    }

    /// The group the list shows (nil: all contacts): `l` picks one, Esc shows all again.
    private(set) var group: String? { didSet { setNeedsKeyCommandsUpdate() } }

    /// Shows only `group`'s contacts (nil: all), from the top; not with an address book.
    func show(group: String?) {
        guard group != self.group || (group != nil && addressBook != nil) else { return }
        self.group = group
        if group != nil { addressBook = nil }
        displayed = nil
        list.select(0)
        fetch(around: 0)
    }

    /// The address book the list shows, or the contacts on none (nil: all): `A` picks, Esc shows all again.
    private(set) var addressBook: AddressBookFilter? { didSet { setNeedsKeyCommandsUpdate() } }

    /// Shows only the contacts `filter` keeps (nil: all), from the top; not with a group.
    func show(addressBook filter: AddressBookFilter?) {
        guard filter != addressBook || (filter != nil && group != nil) else { return }
        addressBook = filter
        if filter != nil { group = nil }
        displayed = nil
        list.select(0)
        fetch(around: 0)
    }

    func displayGroups(viewModel: ContactList.ListGroups.ViewModel) {
        if pickingGroupForMarked {
            pickingGroupForMarked = false
            guard !viewModel.options.isEmpty else { message.text = viewModel.message ?? ""; return }
            pickGroupForMarked(viewModel.options)
            return
        }
        guard !viewModel.options.isEmpty else {
            message.text = viewModel.message ?? ""
            return
        }
        let picker = PickerViewController(title: "Show a group", options: viewModel.options.map { ($0.text, $0.group) },
                                          chosen: group) { [weak self] picked in
            self?.show(group: picked)
        }
        present(picker)
    }

    func displayAddressBooks(viewModel: ContactList.ListAddressBooks.ViewModel) {
        guard !viewModel.options.isEmpty else {
            message.text = viewModel.message ?? ""
            return
        }
        let picker = PickerViewController(title: "Show an address book", options: viewModel.options.map { ($0.text, $0.filter) },
                                          chosen: addressBook) { [weak self] picked in
            self?.show(addressBook: picked)
        }
        present(picker)
    }

    func displayUndoDelete(viewModel: ContactList.UndoDelete.ViewModel) {
        message.text = said(viewModel.message)
        refetch()
    }

    /// Whether a row on screen says "Loading…" (all are drawn again when an answer comes).
    private var showsLoadingRows = false

    /// Whether a row both windows hold reads differently (a change made elsewhere: a rename, a friend mark).
    private func rowsDiffer(_ old: ContactList.ShowContacts.ViewModel?, _ new: ContactList.ShowContacts.ViewModel) -> Bool {
        guard let old else { return false }
        let from = max(old.offset, new.offset)
        let to = min(old.offset + old.displayedContacts.count, new.offset + new.displayedContacts.count)
        guard from < to else { return false }
        return (from..<to).contains { old.displayedContacts[$0 - old.offset] != new.displayedContacts[$0 - new.offset] }
    }

    /// The read error shown last (cleared once a read succeeds).
    private var lastError: String?

    /// Fetches again after a change to rows already shown; what is on hand stays until the answer comes.
    private func refetch() {
        fetch(around: list.selectedIndex ?? 0, countsAgain: true)
    }

    /// The status message under the list.
    var messageText: String { message.text }
}

extension ContactListViewController: AddedContactReceiving {
    /// Kept in the scene's data store; the next showing (as the form closes) selects it.
    func contactWasAdded(id: Int64) { router?.dataStore?.contactToShow = id }
}

extension ContactListViewController: ReloadsOnChangesElsewhere {
    /// The same search and window again, the selection kept where it was.
    func reloadForChangesElsewhere() {
        fetch(around: list.selectedIndex ?? 0, countsAgain: true)
    }
}
