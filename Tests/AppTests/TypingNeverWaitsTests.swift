import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// Issue 51, "typing never waits": on a data file the contacts list's searches and Birthdays are
/// read on a connection of their own off the main loop, so the key is on screen before its search
/// answers; while a search is out, the next keys' searches wait (only the newest), the one out is
/// stopped, and an older answer is never shown after a newer one. Here the reads work runs a job
/// only when the test says (`ManualDirectoryWork`): a search "still running" is one not run yet.
@MainActor
@Suite("Typing never waits: searches and Birthdays off the main loop on a file")
struct TypingNeverWaitsTests {
    @MainActor final class Setup {
        let reads = ManualDirectoryWork()
    }

    /// Signed in as ada on a file with `contacts` (first, last, e-mail), on the contacts list, the
    /// reads work open.
    func app(_ setup: Setup, contacts: [(String, String, String)], birthdays: [String: String] = [:]) throws -> AppHarness {
        let h = AppHarness(width: 100, height: 24, backend: { path, now in
            setup.reads.directory = SQLiteDirectory(path: path, passwordCost: 1, now: now)
            return StoreBackend(directory: SQLiteDirectory(path: path, passwordCost: 1, now: now), readsWork: setup.reads, now: now)
        })
        h.press("wait:900ms")
        #expect(setup.reads.runNext()) // the reads work's own connection opens as its first job, after the splash
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: ada.id)
        for (first, last, email) in contacts {
            var record = ContactRecord(firstName: first, lastName: last)
            record.emails = [email]
            record.birthday = birthdays[first] ?? ""
            _ = try store.add(record)
        }
        h.press("C wait:400ms")
        #expect(setup.reads.waiting == 0, "the whole list is read at once on a file: no search, nothing off the main loop")
        return h
    }

    let people = [("Ada", "Lovelace", "ada@analytical.example"), ("Charles", "Babbage", "charles@engines.example"),
                  ("Grace", "Hopper", "grace@navy.example"), ("Alan", "Turing", "alan@bletchley.example")]

    /// Answers the oldest read out (false: none was), and draws what it brought.
    @discardableResult
    func answerNext(_ setup: Setup, _ h: AppHarness) -> Bool {
        defer { h.app.renderFrame() }
        return setup.reads.runNext()
    }

    /// Answers every read out and those their answers ask for; draws what they brought.
    @discardableResult
    func answerAll(_ setup: Setup, _ h: AppHarness) -> Int {
        defer { h.app.renderFrame() }
        return setup.reads.runAll()
    }

    /// The search field's row: the typed text, whatever the search has answered.
    func field(_ h: AppHarness) -> String { h.lines[2].trimmingCharacters(in: .whitespaces) }

    /// Issue 52 (the first screen at 1M): the second connection reads the whole schema again; it
    /// opens once the first screen after the splash is on the terminal, not beside the splash's work.
    @Test("the reads work's connection opens once the first screen is drawn: Log In, then the home")
    func readsOpenAfterTheFirstScreen() throws {
        let setup = Setup()
        let h = AppHarness(width: 100, height: 24, backend: { path, now in
            setup.reads.directory = SQLiteDirectory(path: path, passwordCost: 1, now: now)
            return StoreBackend(directory: SQLiteDirectory(path: path, passwordCost: 1, now: now), readsWork: setup.reads, now: now)
        })
        var shown: [String] = []
        setup.reads.onPerform = { [unowned h] in shown.append(h.text) }
        #expect(h.text.contains("S W I T C H B O A R D"))
        h.press("wait:10ms")
        #expect(shown.isEmpty, "nothing while the splash shows")
        h.press("wait:890ms")
        #expect(shown.count == 1, "the reads work's first job opens its connection")
        #expect(shown.first.map { !$0.contains("S W I T C H B O A R D") && $0.contains("Create Account") } == true,
                "given once Create Account (a new file) was drawn, not while the splash opened the file")
        #expect(setup.reads.runNext())
        h.createAccount()
        // ada's splash of no length (as `--splash-ms 0`): the home comes at once, without a fade.
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        var settings = try SQLiteSettingsStore(database: db).settings(for: ada.id)
        settings.splashMilliseconds = 0
        try SQLiteSettingsStore(database: db).save(settings, for: ada.id)
        shown = []
        h.launch(width: 100, height: 24)
        h.press("wait:10ms")
        #expect(shown.count == 1)
        #expect(shown.first.map { !$0.contains("S W I T C H B O A R D") && $0.contains("Signed in as ada") } == true,
                "given once the home was drawn, not while the splash opened the file")
        #expect(setup.reads.runNext())
    }

    @Test("a typed letter is on screen while its search is still running; the results follow")
    func letterBeforeResults() throws {
        let setup = Setup()
        let h = try app(setup, contacts: people)
        #expect(h.text.contains("Babbage") && h.text.contains("Hopper"))
        h.press("/ \"eng\"")
        #expect(field(h) == "eng", "the letters are on screen at once")
        #expect(setup.reads.waiting == 1, "one search out (the first key's), the next keys' waiting behind it, not queued")
        #expect(h.text.contains("Hopper"), "the search has not answered: the list is the one before it")
        answerAll(setup, h) // "e" answers (not shown: "eng" was typed since), then "eng" is read and answers
        #expect(field(h) == "eng")
        #expect(h.text.contains("Babbage"))
        #expect(!h.text.contains("Hopper") && !h.text.contains("Lovelace"), "only what \"eng\" finds")
    }

    @Test("only the newest search is read after the one out; the one out is asked to stop")
    func olderSearchesDropped() throws {
        let setup = Setup()
        let h = try app(setup, contacts: people)
        h.press("/ g")
        #expect(setup.reads.waiting == 1)
        h.press("r a c")
        #expect(setup.reads.stopsAsked >= 1, "the search out for \"g\" was asked to stop when \"gr\" came")
        #expect(field(h) == "grac")
        #expect(answerNext(setup, h)) // "g" answers: stale, not shown
        #expect(h.text.contains("Lovelace"), "the answer for \"g\" is not shown: \"grac\" was typed since")
        #expect(setup.reads.waiting == 1, "only \"grac\" is read next; \"gr\" and \"gra\" were dropped")
        #expect(answerNext(setup, h))
        #expect(h.text.contains("Hopper") && !h.text.contains("Lovelace"))
        #expect(answerAll(setup, h) == 0)
    }

    @Test("a stale answer never replaces a newer one: cleared while a search was out")
    func staleAnswerNeverShown() throws {
        let setup = Setup()
        let h = try app(setup, contacts: people)
        h.press("/ \"zzz\"")
        #expect(field(h) == "zzz")
        h.press("Esc") // the search is cleared: the whole list is read at once, on the main loop
        #expect(setup.reads.stopsAsked >= 1, "the search out is stale: asked to stop")
        #expect(h.text.contains("Lovelace") && h.text.contains("Turing"))
        answerAll(setup, h) // "z" answers now (nothing found): the list read since stays
        h.press("wait:1s")
        #expect(h.text.contains("Lovelace") && h.text.contains("Turing"))
        #expect(!h.text.contains("No contacts") && !h.text.contains("found"))
    }

    @Test("Birthdays opens at once; its birthdays follow")
    func birthdaysOpenAtOnce() throws {
        let setup = Setup()
        let h = try app(setup, contacts: people, birthdays: ["Ada": "1815-12-10"])
        h.press("Esc wait:400ms B wait:400ms")
        #expect(h.text.contains("Birthdays"))
        #expect(h.text.contains("Loading…"), "the screen is there before the read")
        #expect(setup.reads.waiting == 1)
        answerAll(setup, h)
        #expect(h.text.contains("Ada Lovelace"))
        #expect(!h.text.contains("Loading…"))
    }
}

/// A delete's confirm answers at once and its data follows while the alert fades (issue 51: the
/// alert stood unchanged for 130 ms after Enter, and the delete ran only once it had faded).
@MainActor
@Suite("Typing never waits: a delete's Enter")
struct DeleteAnswersAtOnceTests {
    @Test("Enter on Delete shows the new count at once, under the fading alert")
    func deleteShowsAtOnce() throws {
        let h = AppHarness.onContactList(width: 100, height: 24)
        let db = try SQLiteDatabase(path: h.databasePath)
        let ada = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: ada.id)
        for (first, last) in [("Ada", "Lovelace"), ("Charles", "Babbage"), ("Grace", "Hopper")] {
            _ = try store.add(ContactRecord(firstName: first, lastName: last))
        }
        h.press("Esc wait:400ms C wait:400ms")
        #expect(h.text.contains("Contacts (3)"))
        h.press("d wait:400ms Left")
        #expect(h.text.contains("Delete contact"))
        let before = h.text
        h.press("Enter") // no time passes: what shows is the first frame after the key
        #expect(h.text != before, "the key shows at once (the alert dims)")
        #expect(h.text.contains("Contacts (2)"), "the new count is there while the alert fades")
        h.press("wait:400ms")
        #expect(!h.text.contains("Delete contact"))
        #expect(h.text.contains("Contacts (2)") && h.text.contains("Hopper") && h.text.contains("Lovelace"))
    }
}
