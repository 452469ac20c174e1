import TestSupport
import AppServices
import Testing
import Foundation
@testable import Storage

/// Each event is written once, by the action that causes it, in its
/// transaction — and not at all when the action fails or changes nothing.
@Suite("Activity log")
struct ActivityLogTests {
    func setUp(_ tmp: TempFolder) throws -> (SQLiteDatabase, SQLiteAccountStore, Account) {
        let db = try SQLiteDatabase(path: tmp.file("a.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        return (db, accounts, try accounts.createAccount(username: "ada", password: "analytical", now: 1_000))
    }

    func kinds(_ db: SQLiteDatabase, _ account: Account) throws -> [ActivityKind] {
        try SQLiteActivityStore(database: db, accountID: account.id).events(before: nil, limit: 100).reversed().map(\.kind)
    }

    @Test func accountEventsAreWrittenOnceAndNeverThePassword() throws {
        let tmp = TempFolder()
        let (db, accounts, ada) = try setUp(tmp)
        #expect(try kinds(db, ada) == [.accountCreated])
        try accounts.signIn(accountID: ada.id, now: 1_001)
        try accounts.recordFailure(for: "ADA", now: 1_002)          // names are case-blind
        try accounts.recordFailure(for: "nobody", now: 1_002)       // no account: no one's log
        try accounts.clearSession(now: 1_003)
        try accounts.clearSession(now: 1_004)                       // nobody signed in: nothing
        #expect(throws: AccountChangeFailure.self) { try accounts.changePassword(accountID: ada.id, current: "wrong", new: "engine-two", now: 1_005) }
        try accounts.changePassword(accountID: ada.id, current: "analytical", new: "engine-two", now: 1_006)
        #expect(try kinds(db, ada) == [.accountCreated, .signedIn, .signInFailed, .signedOut, .passwordChanged])
        let events = try SQLiteActivityStore(database: db, accountID: ada.id).events(before: nil, limit: 100)
        #expect(events.first { $0.kind == .signInFailed }?.subject == "1 attempt")
        #expect(!events.contains { $0.subject.contains("analytical") || $0.subject.contains("engine-two") || $0.subject.contains("wrong") })
        #expect(events.map(\.at) == [1_006, 1_003, 1_002, 1_001, 1_000]) // newest first
    }

    @Test func contactEventsCarryTheNameOfTheTime() throws {
        let tmp = TempFolder()
        let (db, _, ada) = try setUp(tmp)
        let store = SQLiteContactsStore(database: db, accountID: ada.id, now: { 2_000 })
        let id = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace"))
        var edited = try #require(try store.contact(id: id))
        edited.lastName = "King"
        edited.isFriend = true
        #expect(try store.update(edited))
        #expect(try store.setFriend(id: id, true))                  // already a friend: nothing
        #expect(try store.setFriend(id: id, false))
        #expect(try store.delete(id: id))
        #expect(try !store.delete(id: id))                          // already gone: nothing
        #expect(try !store.update(edited))
        let events = try SQLiteActivityStore(database: db, accountID: ada.id).events(before: nil, limit: 100).reversed()
        #expect(events.map(\.kind) == [.accountCreated, .contactAdded, .contactEdited, .friendAdded, .friendRemoved, .contactDeleted])
        #expect(events.dropFirst().map(\.subject) == ["Ada Lovelace", "Ada King", "Ada King", "Ada King", "Ada King"])
        #expect(events.dropFirst().allSatisfy { $0.contactID == id })
    }

    @Test func aFailedChangeWritesNoEvent() throws {
        let tmp = TempFolder()
        let (db, _, ada) = try setUp(tmp)
        let store = SQLiteContactsStore(database: db, accountID: ada.id)
        try db.execute("CREATE TRIGGER no_count BEFORE INSERT ON contact_counts BEGIN SELECT RAISE(ABORT, 'refused'); END")
        #expect(throws: ServiceError.self) { _ = try store.add(ContactRecord(firstName: "Half", lastName: "Written")) }
        #expect(try kinds(db, ada) == [.accountCreated])
    }

    @Test func settingsAndPopulateAreLoggedPerChange() throws {
        let tmp = TempFolder()
        let (db, _, ada) = try setUp(tmp)
        let settings = SQLiteSettingsStore(database: db)
        var s = UserSettings()
        s.theme = "light"
        s.mouse = false
        try settings.save(s, for: ada.id, now: 3_000)
        try settings.save(s, for: ada.id, now: 3_001)                // nothing changed: nothing
        var generator = ContactGenerator(seed: 1)
        try SQLiteContactsStore(database: db, accountID: ada.id).addMany(count: 50, generator: &generator, friendPercent: 20)
        let events = try SQLiteActivityStore(database: db, accountID: ada.id).events(before: nil, limit: 100).reversed()
        #expect(events.map(\.kind) == [.accountCreated, .settingChanged, .settingChanged, .populated])
        #expect(Set(events.filter { $0.kind == .settingChanged }.map(\.subject)) == ["theme: light", "mouse: off"])
        #expect(events.last?.subject.hasPrefix("50 contacts") == true)
    }

    @Test func eachUserSeesOnlyTheirOwnAndPagesNeverRepeat() throws {
        let tmp = TempFolder()
        let (db, accounts, ada) = try setUp(tmp)
        let bob = try accounts.createAccount(username: "bob", password: "builder1", now: 1_000)
        let adas = SQLiteActivityStore(database: db, accountID: ada.id)
        try adas.addGenerated(count: 250, endingAt: 10_000_000)
        #expect(try SQLiteActivityStore(database: db, accountID: bob.id).events(before: nil, limit: 1_000).map(\.kind) == [.accountCreated])
        var seen: [Int64] = []
        var cursor: Int64?
        while true {
            let page = try adas.events(before: cursor, limit: 40)
            guard let last = page.last else { break }
            seen += page.map(\.id)
            cursor = last.id
        }
        #expect(seen.count == 251)
        #expect(seen == seen.sorted(by: >))
        // Upwards from any event, and from the oldest: the same ids, newest first.
        #expect(try adas.events(newerThan: seen[80], limit: 40).map(\.id) == Array(seen[40...79]))
        #expect(try adas.events(newerThan: nil, limit: 11).map(\.id) == Array(seen[240...250]))
        #expect(try adas.idRange() == seen[250]...seen[0])
    }

    /// Type-ahead in the feed: the newest event whose subject starts with
    /// what was typed, case and accents folded, one account's only; a file
    /// from version 7 gets the subject index from its migration.
    @Test func theNewestEventAboutAPrefixIsOneSeek() throws {
        let tmp = TempFolder()
        let path = tmp.file("a.sqlite3")
        let eve: Account
        do {
            let (db, accounts, ada) = try setUp(tmp)
            eve = try accounts.createAccount(username: "eve", password: "analytical", now: 1_000)
            let store = SQLiteContactsStore(database: db, accountID: ada.id, now: { 2_000 })
            let older = try store.add(ContactRecord(firstName: "Émile", lastName: "Zola"))
            _ = try store.add(ContactRecord(firstName: "Edsger", lastName: "Dijkstra"))
            let newer = try store.add(ContactRecord(firstName: "Émile", lastName: "Durkheim"))
            _ = try SQLiteContactsStore(database: db, accountID: eve.id, now: { 3_000 }).add(ContactRecord(firstName: "Emil", lastName: "Post"))
            let activity = SQLiteActivityStore(database: db, accountID: ada.id)
            let events = try activity.events(before: nil, limit: 100)
            let newest = try #require(events.first { $0.contactID == newer })
            #expect(try activity.newestEvent(withSubjectPrefix: "emi") == newest.id)
            #expect(try activity.newestEvent(withSubjectPrefix: "ÉMILE Z") == events.first { $0.contactID == older }?.id)
            // Older than the recent events read newest first: found in the subject index.
            #expect(try activity.newestEvent(withSubjectPrefix: "emile z", recentWindow: 1) == events.first { $0.contactID == older }?.id)
            #expect(try activity.newestEvent(withSubjectPrefix: "emi", recentWindow: 1) == newest.id)
            #expect(try activity.newestEvent(withSubjectPrefix: "emil p") == nil)     // eve's, not ada's
            #expect(try activity.newestEvent(withSubjectPrefix: "  ") == nil)
            // As version 7 wrote it: no subject column, no index.
            try db.execute("DROP INDEX activity_by_subject; ALTER TABLE activity DROP COLUMN subject_key; \(MigrationUndo.cardFields) PRAGMA user_version = 7")
        }
        let db = try SQLiteDatabase(path: path)
        let activity = SQLiteActivityStore(database: db, accountID: eve.id)
        #expect(try activity.newestEvent(withSubjectPrefix: "emil") != nil)
        #expect(try activity.newestEvent(withSubjectPrefix: "edsger") == nil)
    }
}

/// Issue 51: a switch turned off and on again is logged both times (a theme cycled through its
/// values is still one line).
@Suite("A setting toggled off and on")
struct SettingToggledTwiceTests {
    @Test func bothChangesOfASwitchAreLogged() throws {
        let tmp = TempFolder()
        let db = try SQLiteDatabase(path: tmp.file("a.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1_000)
        let settings = SQLiteSettingsStore(database: db)
        var s = UserSettings()
        s.mouse = false
        try settings.save(s, for: ada.id, now: 3_000)
        s.mouse = true
        try settings.save(s, for: ada.id, now: 3_010)
        s.theme = "light"
        try settings.save(s, for: ada.id, now: 3_020)
        s.theme = "dark"
        try settings.save(s, for: ada.id, now: 3_030)
        let subjects = try SQLiteActivityStore(database: db, accountID: ada.id).events(before: nil, limit: 10)
            .filter { $0.kind == .settingChanged }.map(\.subject)
        #expect(subjects == ["theme: dark", "mouse: on", "mouse: off"])
    }
}

/// Issue 51: About's data size counts what sits in the write-ahead log.
@Suite("The data file's size with its log")
struct DataSizeWithTheLogTests {
    @Test func theSizeCountsTheWAL() throws {
        let tmp = TempFolder()
        let path = tmp.file("a.sqlite3")
        let db = try SQLiteDatabase(path: path)
        let ada = try SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1)).createAccount(username: "ada", password: "analytical", now: 1_000)
        var generator = ContactGenerator(seed: 5)
        let store = SQLiteContactsStore(database: db, accountID: ada.id)
        try store.addMany(count: 300, generator: &generator, friendPercent: 10)
        let directory = SQLiteDirectory(path: path, passwordCost: 1, now: { 1_000 })
        var info = stat()
        #expect(stat(path, &info) == 0)
        let file = Int64(info.st_size)
        #expect(stat(path + "-wal", &info) == 0)
        let wal = Int64(info.st_size)
        #expect(wal > 0)
        #expect(directory.location.bytes == file + wal)
    }
}
