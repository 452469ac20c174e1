import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

@Suite("Contacts in SQLite")
struct ContactsStoreTests {
    func makeStore(_ tmp: TempFolder, account: String = "ada") throws -> (SQLiteContactsStore, SQLiteDatabase) {
        let db = try SQLiteDatabase(path: tmp.file("c.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let owner = try accounts.account(named: account)
            ?? accounts.createAccount(username: account, password: "analytical", now: 1)
        return (SQLiteContactsStore(database: db, accountID: owner.id, now: { 100 }), db)
    }

    @Test func addReadUpdateDeleteRoundTrip() throws {
        let tmp = TempFolder()
        let (store, _) = try makeStore(tmp)
        var grace = ContactRecord(firstName: "Grace", lastName: "Hopper",
                                  phones: [.init(label: "mobile", number: "+1 (555) 010-0199"), .init(label: "work", number: "555 0100")],
                                  emails: ["grace@navy.mil", "g@example.org"], company: "US Navy", notes: "COBOL", isFriend: true)
        grace.id = try store.add(grace)
        #expect(try store.contact(id: grace.id!)?.unversioned == grace)
        grace.lastName = "Brewster Hopper"
        grace.phones.removeLast()
        grace.emails = ["grace@example.org"]
        #expect(try store.update(grace))
        #expect(try store.contact(id: grace.id!)?.unversioned == grace)
        #expect(try store.delete(id: grace.id!))
        #expect(try store.contact(id: grace.id!) == nil)
        #expect(try !store.delete(id: grace.id!))
        #expect(try !store.update(grace))
    }

    /// A contact's place in the whole list is how many come before it in list order; another account's is not there.
    @Test func listIndexIsThePlaceInListOrder() throws {
        let tmp = TempFolder()
        let (store, _) = try makeStore(tmp)
        let (eves, _) = try makeStore(tmp, account: "eve")
        var generator = ContactGenerator(seed: 5)
        try store.addMany(count: 50, generator: &generator, friendPercent: 10)
        let added = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        let list = try store.contacts(matching: "", offset: 0, limit: 100).map(\.id)
        for (i, id) in list.enumerated() { #expect(try store.listIndex(ofContact: id) == i) }
        #expect(list.contains(added))
        #expect(try eves.listIndex(ofContact: added) == nil)
        #expect(try store.listIndex(ofContact: 99_999) == nil)
    }

    @Test func listOrderIsLastNameThenFirstIgnoringCaseAndAccents() throws {
        let tmp = TempFolder()
        let (store, _) = try makeStore(tmp)
        for (first, last) in [("ada", "lovelace"), ("Émile", "Zola"), ("Anders", "Ångström"), ("Alan", "Turing"), ("Byron", "Lovelace"), ("Cher", "")] {
            _ = try store.add(ContactRecord(firstName: first, lastName: last))
        }
        let names = try store.contacts(matching: "", offset: 0, limit: 10).map { "\($0.firstName) \($0.lastName)" }
        #expect(names == ["Anders Ångström", "Cher ", "ada lovelace", "Byron Lovelace", "Alan Turing", "Émile Zola"])
        #expect(try store.count(matching: "") == 6)
        #expect(try store.contacts(matching: "", offset: 2, limit: 2).map(\.lastName) == ["lovelace", "Lovelace"])
    }

    @Test func searchMatchesNamePhoneAndEmailIgnoringCaseAndAccents() throws {
        let tmp = TempFolder()
        let (store, _) = try makeStore(tmp)
        _ = try store.add(ContactRecord(firstName: "Anders", lastName: "Ångström", phones: [.init(label: "home", number: "+46 (8) 123-456")]))
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper", emails: ["amazing.grace@navy.mil"]))
        _ = try store.add(ContactRecord(firstName: "李", lastName: "小龍"))
        func names(_ q: String) throws -> [String] { try store.contacts(matching: q, offset: 0, limit: 10).map(\.firstName) }
        #expect(try names("ANGSTR") == ["Anders"])       // accent- and case-insensitive
        #expect(try names("ångs") == ["Anders"])
        #expect(try names("8123456") == ["Anders"])       // phone digits without punctuation
        #expect(try names("123-4") == ["Anders"])
        #expect(try names("navy.mil") == ["Grace"])       // email
        #expect(try names("小龍") == ["李"])                // short (two characters): the start of the last name
        #expect(try names("ho") == ["Grace"])
        #expect(try names("ra") == [])                    // short searches match the start only
        #expect(try names("zz") == [])
        #expect(try store.count(matching: "gra") == 1)
        #expect(try names(#"say "hi""#) == [])           // quotes cannot break the query
    }

    @Test func eachAccountSeesOnlyItsOwnContacts() throws {
        let tmp = TempFolder()
        let (ada, _) = try makeStore(tmp, account: "ada")
        let (bob, _) = try makeStore(tmp, account: "bob")
        let id = try ada.add(ContactRecord(firstName: "Only", lastName: "Ada's"))
        #expect(try bob.count(matching: "") == 0)
        #expect(try bob.contact(id: id) == nil)
        #expect(try !bob.delete(id: id))
        #expect(try ada.count(matching: "") == 1)
    }

    @Test func theCountFollowsAddsAndDeletesAndRollbacks() throws {
        let tmp = TempFolder()
        let (store, db) = try makeStore(tmp)
        let a = try store.add(ContactRecord(firstName: "A", lastName: "One"))
        _ = try store.add(ContactRecord(firstName: "B", lastName: "Two"))
        #expect(try store.count(matching: "") == 2)
        _ = try store.delete(id: a)
        #expect(try store.count(matching: "") == 1)
        #expect(throws: ServiceError.self) {
            try db.transaction { () throws(ServiceError) in
                _ = try store.add(ContactRecord(firstName: "C", lastName: "Three"))
                try db.execute("SELECT no_such_function()")
            }
        }
        #expect(try store.count(matching: "") == 1)
        #expect(try store.count(matching: "") == db.scalarInt("SELECT count(*) FROM contacts"))
    }

    @Test func friendFlag() throws {
        let tmp = TempFolder()
        let (store, _) = try makeStore(tmp)
        let id = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        #expect(try store.setFriend(id: id, true))
        #expect(try store.contact(id: id)?.isFriend == true)
        #expect(try store.contacts(matching: "", offset: 0, limit: 1).first?.isFriend == true)
    }

    @Test func aFailedAddLeavesNothingBehind() throws {
        let tmp = TempFolder()
        let (store, db) = try makeStore(tmp)
        // The count is the add's last write: everything before it must be rolled back.
        try db.execute("CREATE TRIGGER no_count BEFORE INSERT ON contact_counts BEGIN SELECT RAISE(ABORT, 'refused'); END")
        #expect(throws: ServiceError.self) {
            _ = try store.add(ContactRecord(firstName: "Half", lastName: "Written", phones: [.init(label: "m", number: "1")], emails: ["bad"]))
        }
        #expect(try store.count(matching: "") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM contacts") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM contact_search") == 0)
    }

    @Test func anOlderFileIsUpgradedKeepingItsAccounts() throws {
        let tmp = TempFolder()
        let path = tmp.file("old.sqlite3")
        do {
            let db = try SQLiteDatabase(path: path)
            _ = try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1)
            // Back to how version 1 left it.
            try db.execute("\(MigrationUndo.groupCards) \(MigrationUndo.sync) DROP TABLE deleted_contacts; DROP TABLE activity; DROP TABLE settings; DROP TABLE contact_counts; DROP TABLE contact_search; DROP TABLE contacts; PRAGMA user_version = 1")
        }
        let db = try SQLiteDatabase(path: path)
        #expect(db.userVersion == SQLiteDatabase.schemaVersion)
        #expect(try SQLiteAccountStore(database: db).account(named: "ada") != nil)
        #expect(try db.scalarInt("SELECT count(*) FROM contacts") == 0)
    }
}

@Suite("Person names")
struct PersonNameTests {
    @Test func eastAsianNamesPutTheFamilyNameFirstWithoutASpace() {
        #expect(PersonName.full(first: "Ada", last: "Lovelace") == "Ada Lovelace")
        #expect(PersonName.full(first: "伟", last: "王") == "王伟")
        #expect(PersonName.full(first: "翔太", last: "佐藤") == "佐藤翔太")
        #expect(PersonName.full(first: "민준", last: "김") == "김민준")
        #expect(PersonName.full(first: "Ada", last: "王") == "Ada 王")           // mixed: as written
        #expect(PersonName.full(first: "", last: "Lovelace") == "Lovelace")
        #expect(PersonName.initials(first: "伟", last: "王") == "王伟")
        #expect(PersonName.initials(first: "zoë", last: "ångström") == "ZÅ")
    }

    /// An avatar's letters: one from each name there is, blanks around a name left out.
    @Test func initialsTakeTheFirstLetterOfEachNameThereIs() {
        #expect(PersonName.initials(first: "Ada", last: "Lovelace") == "AL")
        #expect(PersonName.initials(first: "  ada ", last: "") == "A")
        #expect(PersonName.initials(first: "", last: "lovelace") == "L")
        #expect(PersonName.initials(first: " ", last: "") == "")
        #expect(PersonName.initials(first: "Ada", last: "王") == "A王")                    // mixed: as written
        #expect(PersonName.initials(first: "ß", last: "e\u{301}mile") == "SSÉ")          // a letter that uppercases to two
    }
}
