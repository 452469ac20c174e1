import Synchronization
import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit

/// The UI never waits on the directory (issue 18): on a shared directory the contacts list's
/// reads and the forms' writes are jobs off the main loop. Here the jobs run only when the test
/// says (`ManualDirectoryWork`), on a directory that goes down on command (`OutageDirectory`);
/// time is the virtual clock's.
@MainActor
@Suite("Off the main loop: loading rows, the connection banner, failed writes")
struct OffMainLoopTests {
    typealias Setup = OffMainSetup

    /// Signed in as ada on a harness whose contacts go through `setup.work` to an `OutageDirectory`.
    func app(_ setup: Setup, contacts: [(String, String)] = [], interchange: (any ContactsInterchange)? = nil) throws -> AppHarness {
        let h = setup.harness(interchange: interchange)
        setup.start(h)
        setup.signUp(h)
        try setup.add(contacts, to: h)
        return h
    }

    func settle(_ h: AppHarness, _ setup: Setup) {
        setup.work.runAll()
        h.app.renderFrame()
    }

    /// An import that adds `total` made-up contacts, `cards` a slice, through the book it is given.
    final class MadeUpImport: ContactsInterchange {
        let total: Int
        let cancelled = Mutex(false)
        init(total: Int) { self.total = total }
        func startImport(path: String, into book: any AddressBookService) -> any TransferJob { Job(total: total, book: book, owner: self) }
        func startExport(path: String, from book: any AddressBookService) -> any TransferJob { Job(total: 0, book: book, owner: self) }
        func startExport(path: String, from book: any AddressBookService, only ids: [Int64]) -> any TransferJob { Job(total: 0, book: book, owner: self) }
        final class Job: TransferJob {
            let total: Int, book: any AddressBookService, owner: MadeUpImport
            var done = 0
            init(total: Int, book: any AddressBookService, owner: MadeUpImport) { self.total = total; self.book = book; self.owner = owner }
            func step(cards: Int) -> TransferProgress {
                let end = min(total, done + cards)
                while done < end {
                    do { _ = try book.add(ContactRecord(firstName: "made", lastName: "up \(done)")) } catch { return .failed(error.message) }
                    done += 1
                }
                return done == total ? .finished(lines: ["imported \(total)"]) : .running(fraction: Double(done) / Double(total), done: done)
            }
            func cancel() { owner.cancelled.withLock { $0 = true } }
        }
    }

    /// On a server, Import… runs the whole import as one job on the work (never on the main loop's
    /// connection); the screen keeps answering meanwhile, and Esc stops it after a slice, rolled back.
    @Test func anImportOnAServerIsOneJobOnTheWork() throws {
        let setup = Setup()
        let importer = MadeUpImport(total: 2_500)
        let h = try app(setup, interchange: importer)
        h.press("C wait:400ms")
        settle(h, setup)
        let mainCalls = setup.main?.calls ?? -1
        h.press("i wait:400ms \"cards.vcf\" Enter wait:100ms")
        #expect(h.text.contains("Importing… Esc cancels."), "\(h.text)")
        #expect(setup.work.waiting == 1)                              // the whole import: one job, not yet run
        h.press("wait:200ms")                                         // the screen goes on answering
        settle(h, setup)
        h.press("wait:100ms")
        #expect(h.text.contains("imported 2500"), "\(h.text)")
        #expect(setup.main?.calls == mainCalls)                       // the book was the work's, never the main loop's
        #expect(try SQLiteContactsStore(database: SQLiteDatabase(path: h.databasePath), accountID: 1).count(matching: "made up") == 2_500)

        h.press("Enter wait:100ms Esc wait:50ms")                     // again, and cancelled before it runs
        #expect(h.text.contains("Cancelling…"), "\(h.text)")
        settle(h, setup)
        h.press("wait:100ms")
        #expect(h.text.contains("Cancelled: nothing was imported."), "\(h.text)")
        #expect(importer.cancelled.withLock { $0 })
    }

    @Test func theListSaysLoadingUntilItsContactsAreReadAndKeysWorkMeanwhile() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace"), ("alan", "turing")])
        h.press("C wait:400ms")
        let out = setup.work.waiting
        #expect(out >= 1, "\(h.text)")                               // the read is out (and the look after the seeding): nothing answered yet
        #expect(h.text.contains("Loading…"), "\(h.text)")
        #expect(!h.text.contains("No contacts yet"))                  // nothing says there are none
        h.press("/ \"tur\"")                                          // typing does not wait for the read
        #expect(h.text.contains("tur"))
        #expect(setup.work.waiting == out + 1)                        // the first key's search is out; the next keys' wait, only the newest (issue 51)
        #expect(setup.work.stopsAsked == 0)                           // the server's work runs the saves too: nothing is stopped for a key
        settle(h, setup)
        #expect(h.lines[0].contains("Contacts (1 found)"), "\(h.text)")
        #expect(h.text.contains("Alan Turing"))
        #expect(!h.text.contains("Ada Lovelace"))                     // the older searches' answers were not shown
        #expect(!h.text.contains("Loading…"))
    }

    @Test func rowsFarDownSayLoadingUntilTheirPageComes() throws {
        let setup = Setup()
        let h = try app(setup, contacts: (0..<600).map { ("person", String(format: "p%03d", $0)) })
        h.press("C wait:400ms")
        settle(h, setup)
        #expect(h.lines[0].contains("Contacts (600)"), "\(h.text)")
        h.press("End")
        #expect(h.text.contains("Loading…"), "\(h.text)")           // the last page is being read
        #expect(setup.work.waiting == 1)
        h.press("Up Up")                                              // moving about asks for it no more
        #expect(setup.work.waiting == 1)
        settle(h, setup)
        #expect(h.text.contains("Person P599"), "\(h.text)")
        #expect(!h.text.contains("Loading…"))
    }

    @Test func aLostConnectionShowsTheBannerTriesAgainWithBackOffAndRecovers() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace")])
        h.press("C wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("Ada Lovelace"))
        let outage = try #require(setup.outage)
        outage.isDown = true
        h.press("f")                                                  // a friend mark: the server is gone
        settle(h, setup)
        let last = { h.lines[h.lines.count - 1] }
        #expect(last().contains("Lost the connection to the shared directory — trying again in 1 s"), "\(h.text)")
        #expect(h.text.contains("Ada Lovelace"))                      // what was read stays on screen
        #expect(h.text.contains("was lost"))                          // the friend mark says it was not made
        h.press("wait:1s")
        #expect(last().contains("trying again now"), "\(h.text)")
        settle(h, setup)                                              // still down
        #expect(last().contains("trying again in 2 s"), "\(h.text)")
        h.press("wait:2s")
        settle(h, setup)
        #expect(last().contains("trying again in 4 s"), "\(h.text)")
        h.press("wait:1s")
        #expect(last().contains("trying again in 3 s"), "\(h.text)")  // the countdown goes on
        outage.isDown = false                                         // the server is back
        h.press("wait:3s")
        settle(h, setup)
        #expect(!h.text.contains("Lost the connection"), "\(h.text)")
        #expect(h.text.contains("Ada Lovelace"))
        #expect(setup.backend?.connectionWatch?.state == .reachable)
    }

    /// A server that hangs (stopped, or its network gone quiet) fails no call: a call still out
    /// after a few seconds brings the banner, what was read stays on screen under it, and the
    /// answer, when it comes, takes the banner away without a key.
    @Test func aServerThatHangsShowsTheBannerAndItGoesWhenTheAnswerComes() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace"), ("bob", "smith")])
        h.press("C wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("Ada Lovelace"))
        // Whether the row not selected is drawn in the quiet (secondary) colour, where its name begins.
        let smithIsQuiet = { () -> Bool in
            guard let y = h.lines.firstIndex(where: { $0.contains("Bob Smith") }), let x = h.lines[y].range(of: "Bob Smith") else { return false }
            let column = h.lines[y].distance(from: h.lines[y].startIndex, to: x.lowerBound)
            return h.terminal.cell(x: column, y: y).style.foreground == Theme.current.secondary.foreground
        }
        #expect(!smithIsQuiet())
        h.press("f")                                                  // a friend mark: its call hangs
        h.press("wait:2s")
        #expect(!h.text.contains("slow to answer"), "\(h.text)")      // not at once
        h.press("wait:1s")
        let last = { h.lines[h.lines.count - 1] }
        #expect(last().contains("The shared directory is slow to answer — what you see may be out of date"), "\(h.text)")
        #expect(h.text.contains("Ada Lovelace"))                      // what was read stays
        #expect(smithIsQuiet())                                       // marked stale
        settle(h, setup)                                              // the server answers
        #expect(!h.text.contains("slow to answer"), "\(h.text)")
        #expect(!smithIsQuiet())                                      // current again
        #expect(setup.backend?.connectionWatch?.isSlow == false)
    }

    /// A server down when the app starts: the splash says so, counts down and tries again, longer
    /// and longer; once it answers the app goes on to Log In or Create Account, and keys work again.
    @Test func aServerDownAtStartIsTriedAgainUntilItAnswers() throws {
        let setup = Setup()
        let h = AppHarness(backend: { path, now in
            let outage = OutageDirectory(path: path, now: now)
            setup.work.directory = outage
            let main = OutageDirectory(path: path, now: now)
            main.opensToFail = 2
            setup.main = main
            return StoreBackend(directory: main, work: setup.work, now: now)
        })
        h.press("wait:10ms")
        #expect(h.text.contains("Cannot reach") && h.text.contains("Trying again in 2 s. Press any key to quit."), "\(h.text)")
        h.press("wait:1s")
        #expect(h.text.contains("Trying again in 1 s"), "\(h.text)")
        h.press("wait:1s")                                            // tried: still down
        #expect(h.text.contains("Trying again in 4 s"), "\(h.text)")
        h.press("wait:4s")                                            // tried: it answers
        setup.work.runAll()
        h.press("wait:1s")
        #expect(h.text.contains("Create Account"), "\(h.text)")
        #expect(!h.text.contains("Cannot reach"))
        h.press("x")                                                  // a key types: it no longer quits
        #expect(h.switchboard.startupError == nil)
        #expect(h.app.exitReason != .quit, "\(h.text)")
    }

    /// A listener that cannot connect (live updates off): the banner says so, the loop is woken
    /// for its next try with no key, and the banner goes once they are back on.
    @Test func liveUpdatesThatAreOffAreSaidAndTriedAgain() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace")])
        h.press("C wait:400ms")
        settle(h, setup)
        let main = try #require(setup.main)
        main.liveUpdatesRetryAt = 5_000_000_000                       // far ahead: off for now
        h.press("wait:100ms")
        let last = { h.lines[h.lines.count - 1] }
        #expect(last().contains("Live updates are off"), "\(h.text)")
        #expect(h.text.contains("Ada Lovelace"))
        main.liveUpdatesRetryAt = nil                                 // the listener connected
        h.press("wait:100ms")
        #expect(!h.text.contains("Live updates are off"), "\(h.text)")
    }

    /// Nothing looks on a timer (an idle app sleeps): the change listener's connection breaks when
    /// the server goes away, its socket wakes the loop, and the screen's read finds it out.
    @Test func aServerThatGoesAwayWhileNobodyTypesIsNoticed() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace")])
        h.press("C wait:400ms")
        settle(h, setup)
        try #require(setup.outage).isDown = true
        h.press("wait:30s")
        #expect(setup.work.waiting == 0)                              // no look on a timer
        #expect(!h.text.contains("Lost the connection"))
        try #require(setup.main).listenerBroke()
        h.press("wait:10ms")
        #expect(setup.work.waiting > 0)                               // the list reads again
        settle(h, setup)
        #expect(h.lines[h.lines.count - 1].contains("Lost the connection to the shared directory"), "\(h.text)")
        try #require(setup.outage).isDown = false
        h.press("wait:1s")
        settle(h, setup)
        #expect(!h.text.contains("Lost the connection"), "\(h.text)")
    }

    @Test func aNewContactThatCannotBeSavedKeepsTheFormAndSaysSo() throws {
        let setup = Setup()
        let h = try app(setup)
        h.press("C wait:400ms")
        settle(h, setup)
        try #require(setup.outage).isDown = true
        h.press("a wait:400ms \"grace\" Tab \"hopper\" C-s")
        #expect(h.text.contains("Saving…"), "\(h.text)")
        #expect(h.text.contains("New Contact"))
        h.press("C-s")                                                // a second ^S while the first is out sends nothing more
        #expect(setup.work.waiting == 1)
        settle(h, setup)
        #expect(h.text.contains("Nothing was saved: The connection to the PostgreSQL server"), "\(h.text)")
        #expect(h.text.contains("New Contact"))                        // still on the form
        #expect(h.text.contains("grace") && h.text.contains("hopper"))  // with what was typed
        try #require(setup.outage).isDown = false
        h.press("C-s")
        settle(h, setup)
        h.press("wait:400ms")
        settle(h, setup)
        #expect(h.lines[0].contains("Contacts (1)"), "\(h.text)")
        #expect(h.text.contains("Grace Hopper"))
    }

    @Test func changesToAContactThatCannotBeSavedKeepTheFormAndSaySo() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace")])
        h.press("C wait:400ms")
        settle(h, setup)
        h.press("e wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("Edit Contact"), "\(h.text)")
        try #require(setup.outage).isDown = true
        h.press("End \" king\" C-s")
        settle(h, setup)
        #expect(h.text.contains("Nothing was saved:"), "\(h.text)")
        #expect(h.text.contains("Edit Contact"))
        #expect(h.text.contains("ada king"))                          // the first name, as typed
        try #require(setup.outage).isDown = false
        h.press("C-s wait:400ms")
        settle(h, setup)
        h.press("wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("Ada king Lovelace"), "\(h.text)")
    }

    /// Esc while a save is still out (a lock held on the server) does not offer "Discard": the
    /// change is on its way and would be stored after. Once it answers, the form is done as ever.
    @Test func escWhileASaveIsOutDoesNotPretendToDiscardIt() throws {
        let setup = Setup()
        let h = try app(setup)
        h.press("C wait:400ms")
        settle(h, setup)
        h.press("a wait:400ms \"grace\" Tab \"hopper\" C-s")
        #expect(h.text.contains("Saving…"), "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(!h.text.contains("Discard changes?"), "\(h.text)")
        #expect(h.text.contains("Still saving: the server has not answered yet."), "\(h.text)")
        #expect(h.text.contains("New Contact"))
        settle(h, setup)                                              // the server answers: stored
        h.press("wait:400ms")
        #expect(!h.text.contains("New Contact"), "\(h.text)")
        #expect(h.text.contains("Grace Hopper"), "\(h.text)")
    }

    /// Signed in, on Ada Lovelace's edit form, every read answered.
    func editFormOnAda(_ setup: Setup) throws -> AppHarness {
        let h = try app(setup, contacts: [("ada", "lovelace")])
        for keys in ["C wait:400ms", "Enter wait:400ms", "e wait:400ms"] {
            h.press(keys)
            settle(h, setup)
        }
        return h
    }

    /// "Discard" while an edit's save is out (waiting on another client's lock) stops the save on
    /// the server: nothing is stored and the form closes.
    @Test func discardWhileAnEditIsSavingStopsTheSaveAndStoresNothing() throws {
        let setup = Setup()
        let h = try editFormOnAda(setup)
        h.press("End \" king\" C-s")
        #expect(h.text.contains("Saving…"), "\(h.text)")
        setup.work.onStop = { setup.outage?.failNext = OutageDirectory.cancelled } // the server cancels the statement
        h.press("Esc wait:400ms")
        #expect(h.text.contains("Your save has not reached the server yet.") && h.text.contains("Discard stops it"), "\(h.text)")
        h.press("Left Enter wait:400ms")                                // Discard
        #expect(setup.work.stopsAsked == 1)
        #expect(h.text.contains("Stopping the save…"), "\(h.text)")
        settle(h, setup)
        h.press("wait:400ms")
        #expect(!h.text.contains("Edit Contact"), "\(h.text)")
        settle(h, setup)
        #expect(h.text.contains("Ada Lovelace") && !h.text.contains("king"), "\(h.text)")
    }

    /// The server hung with a save out, Esc asked "Discard changes?", then the server came back
    /// and stored the save: the question is moot, so it goes with the form (it stayed on every
    /// screen after, deaf to its buttons, until the app was quit), and the keys work again.
    @Test func aSaveThatAnswersWhileDiscardIsAskedTakesTheQuestionAway() throws {
        let setup = Setup()
        let h = try editFormOnAda(setup)
        h.press("End \" king\" C-s Esc wait:400ms")
        #expect(h.text.contains("Your save has not reached the server yet."), "\(h.text)")
        settle(h, setup)                                               // the server answers: stored
        h.press("wait:400ms")
        settle(h, setup)
        h.press("wait:400ms")
        #expect(!h.text.contains("Discard changes?") && !h.text.contains("Edit Contact"), "\(h.text)")
        #expect(h.text.contains("Ada king Lovelace"), "\(h.text)")
        h.press("Enter wait:400ms")                                    // the keys reach the list again
        settle(h, setup)
        h.press("wait:400ms")
        #expect(h.text.contains("Ada king Lovelace") && !h.text.contains("Keep waiting"), "\(h.text)")
        #expect(h.app.window.rootViewController?.frontmostController.presentedViewController == nil)
    }

    /// A save that reached the server before "Discard" could stop it: the form says so plainly, and Esc leaves.
    @Test func aSaveThatWentThroughBeforeItCouldBeStoppedSaysSo() throws {
        let setup = Setup()
        let h = try editFormOnAda(setup)
        h.press("End \" king\" C-s Esc wait:400ms Left Enter wait:400ms")
        settle(h, setup)                                               // too late: it was stored
        h.press("wait:100ms")
        #expect(h.text.contains("It was saved before it could be stopped: your changes are stored."), "\(h.text)")
        h.press("Esc wait:400ms")
        #expect(!h.text.contains("Discard changes?") && !h.text.contains("Edit Contact"), "\(h.text)")
        settle(h, setup)
        #expect(h.text.contains("Ada king Lovelace"), "\(h.text)")
    }
}
