import AppServices
import Foundation
import Testing
@testable import Storage

/// The checks every store meets, whatever keeps the data: each runs once on SQLite in a temp
/// folder (`SQLiteConformanceTests`) and once on PostgreSQL (`PostgresConformanceTests`).
enum StoreConformance {
    static func accounts(_ f: StoreFixture) throws {
        let accounts = f.accounts
        #expect(try accounts.accountCount() == 0)
        let ada = try accounts.createAccount(username: "Ada", password: "analytical engine", now: 1)
        #expect(ada.username == "Ada")
        #expect(throws: AccountCreationFailure.usernameTaken("ADA")) { try accounts.createAccount(username: "ADA", password: "x12345678", now: 2) }
        let bob = try accounts.createAccount(username: "bob", password: "analytical engine", now: 1)
        #expect(try accounts.accountCount() == 2)
        #expect(try accounts.account(named: "aDa") == ada)
        let a = try #require(try f.credentials(named: "aDa")), b = try #require(try f.credentials(named: "bob"))
        #expect(a.hash.hasPrefix("$y$") && a.hash != b.hash) // yescrypt, salted
        #expect(try accounts.verify(username: "ADA", password: "analytical engine") == ada)
        #expect(try accounts.verify(username: "ada", password: "analytical Engine") == nil)
        #expect(try accounts.verify(username: "nobody", password: "analytical engine") == nil)
        // Creating an account signs it in; signing out and in again.
        #expect(try accounts.savedSession() == bob)
        try accounts.clearSession(now: 3)
        #expect(try accounts.savedSession() == nil)
        try accounts.signIn(accountID: ada.id, now: 4)
        #expect(try accounts.savedSession() == ada)
    }

    static func signInBackoff(_ f: StoreFixture) throws {
        let accounts = f.accounts
        let ada = try f.makeAccount()
        try accounts.recordFailure(for: "Ada", now: 10)
        try accounts.recordFailure(for: "ada", now: 12)
        try accounts.recordFailure(for: "nobody", now: 12)
        #expect(try accounts.failures(for: "ADA") == SignInFailures(count: 2, last: 12))
        #expect(try accounts.failures(for: "nobody") == SignInFailures(count: 1, last: 12))
        #expect(try accounts.failures(for: "eve") == SignInFailures(count: 0, last: 0))
        let failed = try f.activity(of: ada).events(before: nil, limit: 10).filter { $0.kind == .signInFailed }.map(\.subject)
        #expect(failed == ["2 in a row", "1 attempt"]) // never what was typed
        try accounts.clearFailures(for: "ada")
        #expect(try accounts.failures(for: "ada") == SignInFailures(count: 0, last: 0))
    }

    static func changePasswordAndDeleteAccount(_ f: StoreFixture) throws {
        let accounts = f.accounts
        let ada = try f.makeAccount("ada", password: "analytical")
        let eve = try f.makeAccount("eve", password: "curious")
        _ = try f.contacts(of: ada).add(ContactRecord(firstName: "Charles", lastName: "Babbage"))
        let kept = try f.contacts(of: eve).add(ContactRecord(firstName: "Alice", lastName: "Liddell"))
        #expect(throws: AccountChangeFailure.wrongPassword) { try accounts.changePassword(accountID: ada.id, current: "wrong", new: "engine-two", now: 5) }
        try accounts.changePassword(accountID: ada.id, current: "analytical", new: "engine-two", now: 6)
        #expect(try accounts.verify(username: "ada", password: "engine-two") == ada)
        #expect(try accounts.verify(username: "ada", password: "analytical") == nil)
        #expect(throws: AccountChangeFailure.wrongPassword) { try accounts.deleteAccount(accountID: ada.id, password: "analytical") }
        try accounts.deleteAccount(accountID: ada.id, password: "engine-two")
        #expect(try accounts.account(named: "ada") == nil)
        #expect(try f.contacts(of: ada).count(matching: "") == 0 && f.contacts(of: ada).count(matching: "ch") == 0)
        #expect(try f.contacts(of: eve).count(matching: "a") == 1)
        #expect(try f.activity(of: ada).events(before: nil, limit: 10).isEmpty)
        #expect(throws: AccountChangeFailure.noSuchAccount) { try accounts.deleteAccount(accountID: ada.id, password: "engine-two") }
        #expect(try f.contacts(of: eve).contact(id: kept)?.firstName == "Alice")
    }

    static func contactsRoundTrip(_ f: StoreFixture) throws {
        let ada = try f.makeAccount(), eve = try f.makeAccount("eve")
        let store = f.contacts(of: ada), eves = f.contacts(of: eve)
        var grace = ContactRecord(firstName: "Grace", lastName: "Hopper",
                                  phones: [.init(label: "mobile", number: "+1 (555) 010-0199"), .init(label: "work \"desk\"", number: "555 0100")],
                                  emails: ["grace@navy.mil", "g\\@example.org"], company: "US Navy", notes: "COBOL\nand more\ttabs", isFriend: true)
        grace.nickname = "Amazing Grace"
        grace.birthday = "1906-12-09"
        grace.addresses = [.init(label: "home", street: "1 Main St", city: "Arlington", country: "USA")]
        grace.extras = "X-SHIP:USS Hopper"
        grace.uid = "urn:uuid:grace"
        grace.namePrefix = "Rear Admiral"
        grace.nameSuffix = "PhD"
        grace.emailLabels = ["work", ""]
        grace.preferredEmail = 1
        grace.preferredPhone = 0
        grace.id = try store.add(grace)
        grace.revision = 1                                                     // a stored contact's first revision
        #expect(try store.contact(id: grace.id!) == grace)
        #expect(try store.contactID(uid: "urn:uuid:grace") == grace.id)
        grace.lastName = "Brewster Hopper"
        grace.phones.removeLast()
        grace.emails = ["grace@example.org"]
        grace.emailLabels = ["home"]
        grace.preferredEmail = 0
        grace.preferredPhone = nil
        #expect(try store.update(grace))
        grace.revision = 2
        #expect(try store.contact(id: grace.id!) == grace)
        // Another account cannot read, change or delete it, nor count it.
        #expect(try eves.contact(id: grace.id!) == nil)
        #expect(try !eves.update(grace))
        #expect(try !eves.delete(id: grace.id!))
        #expect(try !eves.setFriend(id: grace.id!, false))
        #expect(try eves.count(matching: "") == 0 && eves.count(matching: "grace") == 0)
        #expect(try eves.contacts(matching: "hopper", offset: 0, limit: 10).isEmpty)
        #expect(try eves.friendsCount() == 0 && eves.friends(after: nil, limit: 10).isEmpty)
        #expect(try eves.listIndex(ofContact: grace.id!) == nil)
        #expect(try store.delete(id: grace.id!))
        #expect(try store.contact(id: grace.id!) == nil)
        #expect(try !store.delete(id: grace.id!))
        #expect(try !store.update(grace))
        #expect(try store.count(matching: "") == 0 && store.friendsCount() == 0)
        #expect(try store.count(matching: "g") == 0 && store.count(matching: "ho") == 0) // its word starts went with it
        // A new name: found by its new word starts, never by the old ones.
        var renamed = ContactRecord(firstName: "Alan", lastName: "Turing")
        renamed.id = try store.add(renamed)
        renamed.firstName = "Zelda"
        renamed.lastName = "Quest"
        #expect(try store.update(renamed))
        #expect(try store.count(matching: "al") == 0 && store.count(matching: "t") == 0 && store.count(matching: "tur") == 0)
        #expect(try store.contacts(matching: "ze", offset: 0, limit: 5).map(\.id) == [renamed.id!] && store.count(matching: "q") == 1)
    }

    /// List order, paging from either end, counts with a cap, and each contact's place.
    static func listOrderAndPaging(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        for (first, last) in [("ada", "lovelace"), ("Émile", "Zola"), ("Anders", "Ångström"), ("Alan", "Turing"), ("Byron", "Lovelace"), ("Cher", "")] {
            _ = try store.add(ContactRecord(firstName: first, lastName: last))
        }
        #expect(try store.contacts(matching: "", offset: 0, limit: 10).map { "\($0.firstName) \($0.lastName)" }
            == ["Anders Ångström", "Cher ", "ada lovelace", "Byron Lovelace", "Alan Turing", "Émile Zola"])
        var generator = ContactGenerator(seed: 7)
        try store.addMany(count: 400, generator: &generator, friendPercent: 10, progress: nil)
        let all = try store.contacts(matching: "", offset: 0, limit: 1_000)
        #expect(all.count == 406)
        #expect(all.map(\.sortKey) == all.map(\.sortKey).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(try store.count(matching: "") == 406 && store.count(matching: "", upTo: 50) == 50)
        // Pages from the top and from past the middle (read from the end) join up.
        var paged: [ContactSummary] = []
        for offset in stride(from: 0, to: 406, by: 37) { paged += try store.contacts(matching: "", offset: offset, limit: 37) }
        #expect(paged == all)
        #expect(try store.contacts(matching: "", offset: 400, limit: 37) == Array(all[400...]))
        for i in [0, 1, 202, 203, 405] { #expect(try store.listIndex(ofContact: all[i].id) == i) }
    }

    /// Friends by keyset, both ways: every page joins the next, from either end.
    static func friendsKeysetPaging(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        var generator = ContactGenerator(seed: 3)
        try store.addMany(count: 300, generator: &generator, friendPercent: 30, progress: nil)
        let expected = try store.contacts(matching: "", offset: 0, limit: 1_000).filter(\.isFriend).map(\.id)
        #expect(try store.friendsCount() == expected.count)
        var forward: [FriendSummary] = []
        while true {
            let page = try store.friends(after: forward.last?.cursor, limit: 17)
            if page.isEmpty { break }
            forward += page
        }
        #expect(forward.map(\.id) == expected)
        var backward: [FriendSummary] = []
        while true {
            let page = try store.friends(before: backward.first?.cursor, limit: 17)
            if page.isEmpty { break }
            backward = page + backward
        }
        #expect(backward == forward)
        // The status: company, else first email, else first phone.
        let id = try store.add(ContactRecord(firstName: "Zed", lastName: "Zulu", phones: [.init(label: "m", number: "555")], isFriend: true))
        #expect(try store.friends(after: nil, limit: 1_000).first { $0.id == id }?.status == "555")
        #expect(try store.setFriend(id: id, false))
        #expect(try store.friendsCount() == expected.count)
    }

    /// The table of search cases (see `ContactSearchTests`), and what a populated list finds.
    /// No edit is lost: an update carrying the revision it was read at is refused once someone
    /// changed the contact since, and what they saved is kept; every change counts the revision up.
    static func anEditFromAnOldReadIsRefused(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        let id = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        let read = try #require(try store.contact(id: id))
        #expect(read.revision >= 1)
        var first = read
        first.company = "Analytical Engines"
        #expect(try store.update(first))                                   // the first save from this read
        var second = read
        second.notes = "from the same, older read"
        do {
            _ = try store.update(second)
            Issue.record("an update from an old read was not refused")
        } catch {
            #expect(error.kind == .conflict && error.code == ServiceError.Code.changedSinceRead, "\(error)")
        }
        let stored = try #require(try store.contact(id: id))
        #expect(stored.company == "Analytical Engines" && stored.notes.isEmpty)   // theirs kept, nothing of the refused one
        #expect(stored.revision == read.revision + 1)
        var again = stored
        again.notes = "read again, then saved"
        #expect(try store.update(again))
        _ = try store.setFriend(id: id, true)
        #expect(try store.contact(id: id)?.revision == read.revision + 3)     // a friend mark is a change too
        var card = ContactRecord(firstName: "Ada", lastName: "King")           // an import's card (revision 0) updates what is stored
        card.id = id
        #expect(try store.update(card))
        #expect(try store.contact(id: id)?.lastName == "King")
    }

    /// A mail client's query lists a contact's preferred e-mail first, then the others in order (issue 39, item 11).
    static func emailAddressesPreferredFirst(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        var record = ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["a@home.example", "ada@work.example", "al@old.example"])
        record.preferredEmail = 1
        let first = try store.add(record)
        let second = try store.add(ContactRecord(firstName: "Alan", lastName: "Turing", emails: ["alan@example.org", "at@example.org"]))
        let book = store
        #expect(try book.emailAddresses(ofContacts: [first, second]).map(\.email)
                == ["ada@work.example", "a@home.example", "al@old.example", "alan@example.org", "at@example.org"])
    }

    /// Contacts added together (the Correspondents screen's "add these people") are kept all or
    /// none: the second card of a UID already taken fails, and the first, added before it, is gone too.
    static func addingManyIsOneTransaction(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        var grace = ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["grace@example.org"])
        grace.uid = "urn:uuid:grace"
        let ids = try store.add([ContactRecord(firstName: "Alan", lastName: "Turing"), grace])
        #expect(try ids.map { try store.contact(id: $0)?.lastName } == ["Turing", "Hopper"])

        var twin = grace
        twin.firstName = "Grace B."
        #expect(throws: ServiceError.self) {
            try store.add([ContactRecord(firstName: "Emmy", lastName: "Noether"), twin])
        }
        #expect(try store.contacts(matching: "", offset: 0, limit: 10).map(\.lastName) == ["Hopper", "Turing"])
        #expect(store.mailHistory != nil)
    }

    static func contactsWithAnEmail(_ f: StoreFixture) throws {
        let ada = try f.makeAccount(), bob = try f.makeAccount("bob")
        let store = f.contacts(of: ada)
        let first = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@example.org"]))
        let second = try store.add(ContactRecord(firstName: "Augusta", lastName: "Byron", emails: ["countess@example.org", "ADA@Example.ORG"]))
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Other", emails: ["ada@example.org.uk", "xada@example.org"]))
        _ = try f.contacts(of: bob).add(ContactRecord(firstName: "Bob", lastName: "Ada", emails: ["ada@example.org"]))
        #expect(try store.contacts(withEmail: "Ada@example.org").map(\.id) == [second, first]) // Byron before Lovelace; not bob's
        #expect(try store.contacts(withEmail: "countess@example.org").map(\.firstName) == ["Augusta"])
        #expect(try store.contacts(withEmail: "example.org").isEmpty)                          // whole addresses only
        #expect(try store.contacts(withEmail: "%@example.org").isEmpty)                        // no wildcards
        #expect(try store.contacts(withEmail: "").isEmpty)
    }

    /// Issue 36: a contact is listed, searched, logged and answered to mail clients by the name it
    /// is shown by — a card's formatted name as stored, a company's name — and its middle name and
    /// formatted name come back as stored; sorted by last name where it has one, else by that name.
    static func displayNames(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        var lovelace = ContactRecord(firstName: "Ada", lastName: "Lovelace", emails: ["ada@example.org"], isFriend: true)
        lovelace.middleName = "Augusta"
        lovelace.formattedName = "Ada Lovelace"
        lovelace.birthday = "1815-12-10"
        var nakamura = ContactRecord(firstName: "博", lastName: "中村")
        nakamura.formattedName = "中村 博"
        var acme = ContactRecord(firstName: "Acme Plumbing", lastName: "Ltd", emails: ["office@acme.example"])
        acme.formattedName = "Acme Plumbing Ltd"
        let orsted = ContactRecord(firstName: "", lastName: "", company: "Ørsted A/S", isFriend: true)
        var noteOnly = ContactRecord(firstName: "", lastName: "", notes: "Met at the harbour\nand more")
        noteOnly.uid = "note-only"
        var ids: [String: Int64] = [:]
        for (key, record) in [("ada", lovelace), ("nakamura", nakamura), ("acme", acme), ("orsted", orsted), ("note", noteOnly)] {
            ids[key] = try store.add(record)
        }
        let back = try #require(try store.contact(id: ids["ada"]!))
        #expect(back.formattedName == "Ada Lovelace" && back.middleName == "Augusta" && back.displayName == "Ada Lovelace")
        // The list: by family name where there is one (Acme under L, as its card files it), else by the name shown.
        let rows = try store.contacts(matching: "", offset: 0, limit: 10)
        #expect(rows.map(\.name) == ["Ada Lovelace", "Acme Plumbing Ltd", "Met at the harbour", "Ørsted A/S", "中村 博"], "\(rows.map(\.name))")
        #expect(rows.map(\.sortKey.first) == ["l", "l", "m", "ø", "中"])
        // Searches find the name shown, its words' starts (one letter finds "A/S"), and the middle name.
        #expect(try store.contacts(matching: "a", offset: 0, limit: 10).map(\.name).contains("Ørsted A/S"))
        #expect(try store.contacts(matching: "ørsted", offset: 0, limit: 10).map(\.name) == ["Ørsted A/S"])
        #expect(try store.contacts(matching: "aug", offset: 0, limit: 10).map(\.name) == ["Ada Lovelace"])
        #expect(try store.contacts(matching: "au", offset: 0, limit: 10).map(\.name) == ["Ada Lovelace"])
        #expect(try store.contacts(matching: "harbour", offset: 0, limit: 10).map(\.name) == ["Met at the harbour"])
        #expect(try store.contacts(matching: "中村 博", offset: 0, limit: 10).map(\.name) == ["中村 博"])
        // The friends popup, mail clients' query.
        #expect(try store.friends(after: nil, limit: 10).map(\.name) == ["Ada Lovelace", "Ørsted A/S"])
        #expect(try store.emailAddresses(ofContacts: [ids["ada"]!, ids["acme"]!]).map(\.name) == ["Ada Lovelace", "Acme Plumbing Ltd"])
        // An edit that renames: the list, the search and the feed follow the new name.
        var renamed = back
        renamed.formattedName = ""
        renamed.firstName = "Augusta Ada"
        renamed.middleName = ""
        renamed.lastName = "King"
        #expect(try store.update(renamed))
        #expect(try store.contacts(matching: "king", offset: 0, limit: 10).map(\.name) == ["Augusta Ada King"])
        #expect(try store.contacts(matching: "lovelace", offset: 0, limit: 10).isEmpty)
        #expect(try store.contacts(matching: "", offset: 0, limit: 10).first?.name == "Augusta Ada King")
        _ = try store.delete(id: ids["orsted"]!)
        let subjects = try f.activity(of: ada).events(before: nil, limit: 20).map(\.subject)
        #expect(subjects.contains("Augusta Ada King") && subjects.contains("Ørsted A/S") && subjects.contains("中村 博"), "\(subjects)")
        #expect(try store.contacts(matching: "a", offset: 0, limit: 10).map(\.name).contains("Ørsted A/S") == false)
    }

    /// Group cards are kept whole, apart from the contacts: one with a UID kept again replaces
    /// itself, one without is kept once; another account sees none of them.
    static func groupCards(_ f: StoreFixture) throws {
        let ada = try f.makeAccount(), eve = try f.makeAccount("eve")
        let store = f.contacts(of: ada)
        let golf = "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nUID:golf\r\nFN:Golf Club\r\nEND:VCARD\r\n"
        let golfRenamed = golf.replacingOccurrences(of: "Golf Club", with: "Golf & Tennis")
        let chess = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Chess\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nEND:VCARD\r\n"
        try store.keepGroupCard(uid: "golf", card: golf)
        try store.keepGroupCard(uid: "", card: chess)
        try store.keepGroupCard(uid: "golf", card: golfRenamed)
        try store.keepGroupCard(uid: "", card: chess)
        #expect(try store.groupCards() == [golfRenamed, chess])
        #expect(try store.count(matching: "", upTo: 10) == 0) // not contacts
        #expect(try f.contacts(of: eve).groupCards().isEmpty)
    }

    static func search(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        var ids: [Int64] = []
        for p in ContactSearchTests.people { ids.append(try store.add(ContactRecord(firstName: p.first, lastName: p.last))) }
        _ = try store.add(ContactRecord(firstName: "Qq", lastName: "Zz", emails: ["100%_sure@example.org"], company: "Back\\slash Ltd"))
        for c in ContactSearchTests.cases where !c.query.trimmingCharacters(in: .whitespaces).isEmpty {
            let found = try store.contacts(matching: c.query, offset: 0, limit: 20).map(\.id)
            #expect(Set(found) == Set(c.finds.map { ids[$0] }) && found.count == c.finds.count, "query \(c.query)")
            #expect(try store.count(matching: c.query) == c.finds.count, "count of \(c.query)")
        }
        // One or two digits find the numbers starting with them, with or without "+" (issue 39, item 5).
        let london = try store.add(ContactRecord(firstName: "Qin", lastName: "Shi", phones: [.init(label: "work", number: "+44 20 7946 0018")]))
        for query in ["+44", "44", "+4", "4", "+44 20", "4420", "7946"] {
            #expect(try store.contacts(matching: query, offset: 0, limit: 5).map(\.id) == [london], "\(query)")
            #expect(try store.count(matching: query) == 1, "count of \(query)")
        }
        #expect(try store.count(matching: "20") == 0)                                   // two digits: a number's start only
        var moved = try #require(try store.contact(id: london))
        moved.phones = [.init(label: "work", number: "+33 1 23 45 67 89")]
        moved.revision = 0
        #expect(try store.update(moved))
        #expect(try store.count(matching: "44") == 0 && store.count(matching: "+3") == 1)
        #expect(try store.delete(id: london))
        #expect(try store.count(matching: "+3") == 0)
        // The job title and each address's city are searched too (issue 39, item 5).
        var astronomer = ContactRecord(firstName: "Vera", lastName: "Rubin")
        astronomer.title = "Astronomer"
        astronomer.addresses = [ContactRecord.Address(label: "home", poBox: "", extended: "", street: "1 Main St", city: "Reykjavík",
                                                      region: "", postalCode: "101", country: "Iceland")]
        let vera = try store.add(astronomer)
        #expect(try store.contacts(matching: "astronom", offset: 0, limit: 5).map(\.id) == [vera])
        #expect(try store.contacts(matching: "reykjavik", offset: 0, limit: 5).map(\.id) == [vera])
        #expect(try store.count(matching: "Reykjav") == 1)
        astronomer.id = vera
        astronomer.addresses[0].city = "Oslo"
        astronomer.revision = 0
        #expect(try store.update(astronomer))
        #expect(try store.count(matching: "reykjavik") == 0 && store.count(matching: "oslo") == 1)
        #expect(try store.count(matching: "0%_s") == 1 && store.count(matching: "0%x") == 0) // LIKE's wildcards are text here
        #expect(try store.count(matching: "k\\sl") == 1 && store.count(matching: "k\\\\") == 0)
    }

    static func activity(_ f: StoreFixture) throws {
        let ada = try f.makeAccount(), bob = try f.makeAccount("bob")
        let store = f.contacts(of: ada, now: { 2_000 })
        let id = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        var edited = try #require(try store.contact(id: id))
        edited.lastName = "King"
        edited.isFriend = true
        #expect(try store.update(edited))
        #expect(try store.setFriend(id: id, true))
        #expect(try store.setFriend(id: id, false))
        #expect(try store.delete(id: id))
        let log = f.activity(of: ada)
        let events = try log.events(before: nil, limit: 100).reversed()
        #expect(events.map(\.kind) == [.accountCreated, .contactAdded, .contactEdited, .friendAdded, .friendRemoved, .contactDeleted])
        #expect(events.dropFirst().map(\.subject) == ["Ada Lovelace", "Ada King", "Ada King", "Ada King", "Ada King"])
        #expect(events.dropFirst().allSatisfy { $0.contactID == id })
        #expect(try f.activity(of: bob).events(before: nil, limit: 100).map(\.kind) == [.accountCreated])
        let newest = try log.events(before: nil, limit: 100).map(\.id)
        #expect(try log.events(before: newest[1], limit: 2).map(\.id) == Array(newest[2...3]))
        #expect(try log.events(newerThan: newest[4], limit: 2).map(\.id) == Array(newest[2...3]))
        #expect(try log.events(newerThan: nil, limit: 2).map(\.id) == Array(newest[4...5]))
        #expect(try log.idRange() == newest.last!...newest.first!)
        #expect(try log.newestEvent(withSubjectPrefix: "ADA K") == newest[0])
        #expect(try log.newestEvent(withSubjectPrefix: "ada l") == newest[4])
        #expect(try log.newestEvent(withSubjectPrefix: "bob") == nil) // bob's, not ada's
    }

    static func settings(_ f: StoreFixture) throws {
        let ada = try f.makeAccount(), bob = try f.makeAccount("bob")
        #expect(try f.settings.settings(for: ada.id) == UserSettings())
        var s = UserSettings()
        s.theme = "light"
        s.mouse = false
        try f.settings.save(s, for: ada.id, now: 3_000)
        try f.settings.save(s, for: ada.id, now: 3_001) // nothing changed: nothing logged
        #expect(try f.settings.settings(for: ada.id) == s)
        #expect(try f.settings.settings(for: bob.id) == UserSettings())
        let changes = try f.activity(of: ada).events(before: nil, limit: 100).filter { $0.kind == .settingChanged }.map(\.subject)
        #expect(Set(changes) == ["theme: light", "mouse: off"] && changes.count == 2)
    }

    /// Cycling a setting through its values within minutes is one line, saying where it ended; a
    /// change much later, or of another setting, is a line of its own.
    static func settingsCyclingIsOneLine(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        var s = UserSettings()
        for (i, theme) in ["light", "high contrast", "dark", "light", "high contrast", "light"].enumerated() {
            s.theme = theme
            try f.settings.save(s, for: ada.id, now: 3_000 + Int64(i) * 10)
        }
        var lines: [String] { (try? f.activity(of: ada).events(before: nil, limit: 100).filter { $0.kind == .settingChanged }.map(\.subject)) ?? [] }
        #expect(lines == ["theme: light"])
        s.animations = false
        try f.settings.save(s, for: ada.id, now: 3_100)
        s.theme = "dark"
        try f.settings.save(s, for: ada.id, now: 3_110)                // the latest line is another setting's
        #expect(lines == ["theme: dark", "animations: off", "theme: light"])
        s.theme = "light"
        try f.settings.save(s, for: ada.id, now: 3_120)
        #expect(lines == ["theme: light", "animations: off", "theme: light"])
        s.theme = "dark"
        try f.settings.save(s, for: ada.id, now: 9_000)                // much later: a line of its own
        #expect(lines == ["theme: dark", "theme: light", "animations: off", "theme: light"])
    }

    /// Populate: the same contacts, counts and event as the SQLite file would hold.
    static func populate(_ f: StoreFixture) throws {
        let ada = try f.makeAccount()
        let store = f.contacts(of: ada)
        var generator = ContactGenerator(seed: 11)
        var heard: [Int] = []
        try store.addMany(count: 20_000, generator: &generator, friendPercent: 20, progress: { heard.append($0) })
        #expect(heard == [10_000, 20_000])
        #expect(try store.count(matching: "") == 20_000)
        let friends = try store.friendsCount()
        #expect(friends > 3_000 && friends < 5_000)
        let event = try #require(try f.activity(of: ada).events(before: nil, limit: 1).first)
        #expect(event.kind == .populated && event.subject == "20000 contacts, \(friends) of them friends")
        var again = ContactGenerator(seed: 11)
        let first = again.next(friendPercent: 20)
        let found = try store.contacts(matching: PersonName.full(first: first.firstName, last: first.lastName), offset: 0, limit: 1_000)
        #expect(!found.isEmpty)
        #expect(try found.contains { try store.contact(id: $0.id).map { $0.emails == first.emails && $0.phones == first.phones } ?? false })
    }
}
