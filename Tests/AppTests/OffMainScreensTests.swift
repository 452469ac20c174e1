import AppServices
import Foundation
import Testing
@testable import App
@testable import Components
@testable import Storage
@testable import TUIKit

/// The friends popup, the activity feed and the home never wait on a shared directory
/// (issue 18): their reads are jobs that run only when the test says (`ManualDirectoryWork`),
/// on a directory that goes down on command (`OutageDirectory`). The main loop's directory is
/// an `OutageDirectory` too, only to count: none of these screens may call it.
@MainActor
@Suite("Off the main loop: the friends popup, the activity feed, the home")
struct OffMainScreensTests {
    typealias Setup = OffMainSetup

    /// Signed in as ada, on the home, with the home's first read still out; `friends` of
    /// `contacts` are friends.
    func app(_ setup: Setup, contacts: [(String, String)] = [], friends: Int = 0) throws -> AppHarness {
        let h = setup.harness()
        setup.start(h)
        setup.signUp(h)
        try setup.add(contacts, friends: friends, to: h)
        return h
    }

    /// Answers every call out, and those the answers and the next frames send.
    func settle(_ h: AppHarness, _ setup: Setup) {
        repeat {
            setup.work.runAll()
            h.press("wait:10ms")
        } while setup.work.waiting > 0
    }

    /// How many contacts, friends and activity calls reached each directory.
    func calls(_ setup: Setup) -> (main: Int, offMain: Int) { (setup.main?.calls ?? -1, setup.outage?.calls ?? -1) }

    /// The popup's content view, once open.
    func popupContent(_ h: AppHarness) throws -> FriendsListContentView {
        func find(_ c: ViewController) -> FriendsListContainerViewController? {
            if let popup = c as? FriendsListContainerViewController { return popup }
            for next in c.children + [c.presentedViewController].compactMap({ $0 }) { if let found = find(next) { return found } }
            return nil
        }
        let popup = try #require(find(h.root))
        return try #require(popup.contentViewController as? FriendsListViewController).friendsListView.contentView
    }

    /// The home's menu row that names `title`, without the spaces after it.
    func row(_ h: AppHarness, _ title: String) throws -> String {
        var line = try #require(h.lines.first { $0.contains(" \(title) ") })
        while line.last == " " { line.removeLast() }
        return line
    }

    var banner: String { "Lost the connection to the shared directory" }

    @Test func theHomeShowsPlaceholdersUntilItsSummaryIsRead() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace"), ("alan", "turing"), ("grace", "hopper")], friends: 2)
        #expect(h.lines[0].contains("Main"), "\(h.text)")
        #expect(calls(setup) == (0, 0))                                   // nothing read yet, on either connection
        #expect(setup.work.waiting >= 1)
        let contactsRow = try row(h, "Contacts")
        #expect(contactsRow.hasSuffix("…"), "\(h.text)")                 // a placeholder, not a count
        #expect(try row(h, "Friends").hasSuffix("…"))
        #expect(!h.text.contains("Lately"))
        settle(h, setup)
        #expect(try row(h, "Contacts").hasSuffix(" 3"), "\(h.text)")
        #expect(try row(h, "Friends").hasSuffix(" 2"))
        #expect(h.text.contains("Lately"))
        #expect(h.text.contains("Contact added · grace hopper"), "\(h.text)")
        #expect(!h.text.contains("…"))
        let after = calls(setup)
        #expect(after.main == 0 && after.offMain > 0)                     // read through the work, never on the main loop's connection
    }

    @Test func theFriendsPopupSaysLoadingUntilItsJobsRunThenFillsIn() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace"), ("alan", "turing"), ("grace", "hopper")], friends: 2)
        settle(h, setup)
        let before = calls(setup)
        h.press("F wait:400ms")
        #expect(h.text.contains("Loading friends…"), "\(h.text)")
        #expect(h.text.contains("… friends"))                            // the count is not known yet
        #expect(!h.text.contains("Ada Lovelace"))
        #expect(calls(setup) == before)                                   // the store was not called: the reads wait as jobs
        #expect(setup.work.waiting == 2)                                  // the count and the first page
        h.press("Down Up")                                                // keys work meanwhile
        settle(h, setup)
        #expect(h.text.contains("2 friends"), "\(h.text)")
        #expect(h.text.contains("Ada Lovelace") && h.text.contains("Alan Turing"))
        #expect(!h.text.contains("Grace Hopper"))                         // not a friend
        #expect(!h.text.contains("Loading"))
        #expect(calls(setup).main == 0)
        #expect(calls(setup).offMain > before.offMain)
    }

    @Test func endWhileAPageReadIsOutEndsOnTheLastPage() throws {
        let setup = Setup()
        let people = (0..<250).map { ("friend\(String(format: "%03d", $0))", "zuse") }
        let h = try app(setup, contacts: people, friends: 250)
        settle(h, setup)
        h.press("F wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("250 friends"), "\(h.text)")
        let view = try popupContent(h)
        // Down the first page until the list asks for the next one (it waits, out).
        var presses = 0
        while setup.work.waiting == 0 && presses < 200 {
            h.press("PgDn")
            presses += 1
        }
        try #require(setup.work.waiting == 1, "no page was asked for after \(presses) PgDn")
        let selected = view.selectedItem?.id
        h.press("End")                                                    // a jump while the page is out
        #expect(setup.work.waiting == 2)
        setup.work.runNext()                                              // the page asked for before End comes…
        h.app.renderFrame()
        #expect(view.selectedItem?.id == selected, "\(h.text)")          // …and is not shown: the window did not move
        #expect(!h.text.contains("Friend249 Zuse"))
        #expect(!h.text.contains("Friend100 Zuse"))                       // the next page's first friend
        #expect(h.text.contains("loading…"))                              // End's page is still on its way
        setup.work.runNext()
        h.app.renderFrame()
        #expect(h.text.contains("Friend249 Zuse"), "\(h.text)")
        #expect(view.selectedItem?.name == "Friend249 Zuse")              // on the last friend
        settle(h, setup)
        #expect(view.selectedItem?.name == "Friend249 Zuse")
        #expect(calls(setup).main == 0)
    }

    @Test func theFeedSaysLoadingUntilItsJobsRunThenFillsIn() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace"), ("alan", "turing")])
        settle(h, setup)
        let before = calls(setup)
        h.press("C-t wait:400ms")
        #expect(h.lines[0].contains("Activity"), "\(h.text)")
        #expect(h.text.contains("Loading…"), "\(h.text)")
        #expect(!h.text.contains("Nothing has happened yet"))
        #expect(!h.text.contains("Alan Turing"))
        #expect(calls(setup) == before)                                   // nothing read yet
        settle(h, setup)
        #expect(h.text.contains("Contact added · alan turing"), "\(h.text)")
        #expect(h.text.contains("Account created · ada"))
        #expect(!h.text.contains("Loading"))
        // Type-ahead's look goes through the work too, and moves the window when it comes.
        h.press("a")
        #expect(setup.work.waiting == 1)
        settle(h, setup)
        #expect(h.text.contains("Contact added · ada lovelace"))
        #expect(calls(setup).main == 0)
    }

    @Test func endWinsOverATypeAheadStillOut() throws {
        let setup = Setup()
        let h = try app(setup, contacts: (0..<150).map { ("person", String(format: "p%03d", $0)) })
        settle(h, setup)
        h.press("C-t wait:400ms")
        settle(h, setup)
        h.press("p")                                                      // the look for the newest event about "p…" is out
        h.press("End")                                                    // End after it
        settle(h, setup)
        #expect(h.text.contains("Account created · ada"), "\(h.text)")  // the oldest event: End won
        #expect(!h.text.contains("person p149"))
    }

    @Test func endWinsOverAFriendsTypeAheadStillOut() throws {
        let setup = Setup()
        let people = (0..<150).map { ("friend\(String(format: "%03d", $0))", "zuse") } + [("Tim", "Aaron")]
        let h = try app(setup, contacts: people, friends: 151)
        settle(h, setup)
        h.press("F wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("Tim Aaron"), "\(h.text)")
        h.press("f")                                                      // the look for the first "F…" friend is out
        h.press("End")                                                    // End after it
        settle(h, setup)
        #expect(h.text.contains("Friend149 Zuse"), "\(h.text)")        // the last friend: End won
        #expect(!h.text.contains("Tim Aaron"))
    }

    @Test func aLostConnectionShowsTheBannerAndThePopupKeepsItsRows() throws {
        let setup = Setup()
        let people = (0..<250).map { ("friend\(String(format: "%03d", $0))", "zuse") }
        let h = try app(setup, contacts: people, friends: 250)
        settle(h, setup)
        h.press("F wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("Friend000 Zuse"))
        let outage = try #require(setup.outage)
        outage.isDown = true
        h.press("End")                                                    // the last page: the server is gone
        settle(h, setup)
        let last = { h.lines[h.lines.count - 1] }
        #expect(last().contains(banner), "\(h.text)")
        #expect(h.text.contains("Friend099 Zuse"))                        // the window stays (End went to its "loading…" row)
        #expect(h.text.contains("loading…"))
        #expect(h.text.contains("250 friends"))                           // and so does the count
        h.press("Up Up")                                                  // keys keep working
        #expect(try popupContent(h).selectedItem?.name == "Friend098 Zuse")
        outage.isDown = false                                             // back: the next try answers
        h.press("wait:1s")
        settle(h, setup)
        #expect(!h.text.contains(banner), "\(h.text)")
        h.press("End")
        settle(h, setup)
        #expect(h.text.contains("Friend249 Zuse"), "\(h.text)")
        #expect(calls(setup).main == 0)
    }

    @Test func aLostConnectionShowsTheBannerAndTheFeedKeepsItsRows() throws {
        let setup = Setup()
        let h = try app(setup, contacts: (0..<150).map { ("person", String(format: "p%03d", $0)) })
        settle(h, setup)
        h.press("C-t wait:400ms")
        settle(h, setup)
        #expect(h.text.contains("person p149"), "\(h.text)")
        try #require(setup.outage).isDown = true
        h.press("End")
        settle(h, setup)
        #expect(h.lines[h.lines.count - 1].contains(banner), "\(h.text)")
        #expect(h.text.contains("person p050"))                           // the window stays (End went to its "loading…" row)
        #expect(h.text.contains("was lost"))                              // and the line under them says why
        try #require(setup.outage).isDown = false
        h.press("wait:1s")
        settle(h, setup)
        #expect(!h.text.contains(banner), "\(h.text)")
        #expect(!h.text.contains("was lost"))                             // the feed read again: the line under it is clear
        h.press("End")
        settle(h, setup)
        #expect(h.text.contains("Account created · ada"), "\(h.text)")
        #expect(calls(setup).main == 0)
    }

    @Test func aLostConnectionShowsTheBannerAndTheHomeKeepsItsCounts() throws {
        let setup = Setup()
        let h = try app(setup, contacts: [("ada", "lovelace"), ("alan", "turing")], friends: 1)
        settle(h, setup)
        #expect(try row(h, "Contacts").hasSuffix(" 2"), "\(h.text)")
        let home = try #require(h.topController as? MainViewController)
        try #require(setup.outage).isDown = true
        home.refresh()                                                    // as when it appears again, or a change elsewhere is heard
        settle(h, setup)
        #expect(h.lines[h.lines.count - 1].contains(banner), "\(h.text)")
        #expect(try row(h, "Contacts").hasSuffix(" 2"))
        #expect(try row(h, "Friends").hasSuffix(" 1"))
        #expect(h.text.contains("Contact added · alan turing"))
        h.press("Down Down")                                              // keys keep working
        #expect(h.text.contains("Lately"))
        try #require(setup.outage).isDown = false
        h.press("wait:1s")
        settle(h, setup)
        #expect(!h.text.contains(banner), "\(h.text)")
        #expect(calls(setup).main == 0)
    }
}
