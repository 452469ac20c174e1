import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

/// The contacts list's windows: any offset and length gives the same rows as
/// the whole list does there — those past the middle are read from the end.
@Suite("Contact list windows")
struct ContactWindowTests {
    @Test func everyWindowIsTheSliceOfTheWholeList() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("w.sqlite3"))
        let owner = try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1)
        let store = SQLiteContactsStore(database: db, accountID: owner.id, now: { 100 })
        for i in 0..<41 { _ = try store.add(ContactRecord(firstName: "F\(i % 7)", lastName: ["Hopper", "Lovelace", "Turing"][i % 3])) }
        let all = try store.contacts(matching: "", offset: 0, limit: 100).map(\.id)
        #expect(all.count == 41)
        for offset in [0, 1, 19, 20, 21, 30, 39, 40, 41, 45] {
            for limit in [0, 1, 5, 20, 100] {
                let expected = Array(all[min(offset, 41)..<min(41, offset + limit)])
                #expect(try store.contacts(matching: "", offset: offset, limit: limit).map(\.id) == expected, "\(offset)/\(limit)")
            }
        }
    }
}
