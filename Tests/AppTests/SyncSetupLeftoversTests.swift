import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// Two leftovers of sync in the app (issue 38), on the virtual screen with the child processes
/// stood in for: typing a book's first letters in the set-up form's list of address books selects
/// it, and a pass shows its progress bar from its first request ("listing…" until the first cards
/// are read), not only after the first batch.
@MainActor
@Suite(.serialized)
struct SyncSetupLeftoversTests {
    func harness(width: Int = 80, height: Int = 24) -> (AppHarness, RecordedSyncProcesses) {
        let processes = RecordedSyncProcesses()
        let h = AppHarness(width: width, height: height, syncProcesses: { _ in processes })
        h.createAccount()
        return (h, processes)
    }

    @Test func typingABooksFirstLettersSelectsItInTheFormsList() throws {
        let (h, processes) = harness()
        h.switchboard.coordinator.show(.syncSetup)
        h.press("wait:400ms \"https://dav.example.com/\" Enter \"alice\" Enter Enter \"pass show dav\" Enter Enter")
        let discover = try #require(processes.last)
        discover.prints(.book(url: "https://dav.example.com/alice/work/", name: "Work"),
                        .book(url: "https://dav.example.com/alice/family/", name: "Family"),
                        .book(url: "https://dav.example.com/alice/friends/", name: "Friends"))
        discover.exits(0)
        h.press("wait:100ms")
        #expect(h.text.contains("The server has 3 address books"), "\(h.text)")
        // "fr" is Friends (not Family, which "f" alone finds first); letters are not j/k/g here.
        h.press("f r Enter wait:100ms")
        let add = try #require(processes.last)
        #expect(processes.runs.count == 2)
        #expect(add.arguments.contains("https://dav.example.com/alice/friends/"), "\(add.arguments)")
    }

    @Test func aPassShowsItsBarFromTheFirstRequest() throws {
        let (h, processes) = harness(width: 100, height: 30)
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        try SQLiteSyncStore(database: db).addAccount(accountID: ada.id, url: "https://dav.example.com/", homeURL: "https://dav.example.com/alice/",
                                                     username: "alice", passwordCommand: "cat pw", caFile: nil,
                                                     books: [("https://dav.example.com/alice/contacts/", "Contacts")])
        h.switchboard.coordinator.show(.sync)
        h.press("wait:400ms n wait:100ms")
        let sync = try #require(processes.last)
        #expect(sync.arguments.first == "sync")
        // Nothing read yet: the bar is there, empty, saying what is going on.
        let sync1 = try #require(h.topController as? SyncViewController)
        #expect(sync1.footerBarCaption == "listing…")
        #expect(h.lines.contains { $0.contains("░░░░") && $0.contains("listing…") }, "\(h.text)")
        // The first batch: the percentage.
        sync.prints(.progress(done: 100, total: 400))
        h.press("wait:100ms")
        #expect(sync1.footerBarCaption == nil)
        #expect(h.lines.contains { $0.contains("█") && $0.contains("25%") } && !h.text.contains("listing…"), "\(h.text)")
        sync.prints(.progress(done: 400, total: 400), .summary("↓ 400 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts"))
        sync.exits(0)
        h.press("wait:100ms")
        #expect(!h.text.contains("░") && h.text.contains("↓ 400 new"), "\(h.text)")
        // The home says so too while a pass lists.
        h.press("Esc wait:400ms")
        h.switchboard.coordinator.show(.main)
        h.press("wait:400ms Y wait:100ms")
        #expect(h.text.contains("Syncing: listing the server's cards…"), "\(h.text)")
        processes.last?.exits(0)
    }
}
