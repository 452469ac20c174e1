import AppServices
import Foundation
import TestSupport
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// "Sync every: only when asked" means only when asked: no pass when the app starts, none as
/// the hours go by on the virtual clock, one when a key asks — where another setting syncs at
/// once at the start (an account whose password comes from a command).
@MainActor
@Suite(.serialized)
struct SyncOnlyWhenAskedTests {
    @Test func onlyWhenAskedSyncsNeitherAtStartNorLaterButOnTheKey() throws {
        let processes = RecordedSyncProcesses()
        let h = AppHarness(syncProcesses: { _ in processes })
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        _ = try SQLiteSyncStore(database: db).addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/alice/",
                                                         username: "alice", passwordCommand: "pass show dav", caFile: nil,
                                                         books: [("https://dav.example.com/alice/contacts/", "Contacts")])
        // Every 15 minutes (the default): the app's start syncs at once.
        h.launch()
        h.press("wait:2s")
        #expect(processes.runs.count == 1, "a start with the default setting syncs")
        processes.last?.exits(0)
        // Sync every: only when asked (Settings, three steps back from 15).
        h.press("S wait:400ms End Up Up Up Left Left wait:400ms")
        #expect(h.text.contains("only when asked"), "\(h.text)")
        h.press("Esc wait:400ms")
        h.launch()
        h.press("wait:2s")
        #expect(processes.runs.count == 1, "no pass at the start")
        h.press("wait:3600s wait:3600s wait:3600s")
        #expect(processes.runs.count == 1, "none in three hours")
        h.press("Y wait:100ms")
        #expect(processes.runs.count == 2, "one when asked")
        #expect(processes.last?.arguments.starts(with: ["sync", "--progress"]) == true)
    }
}
