import Testing
@testable import Components
@testable import Demo
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Activity feed component")
struct ActivityFeedTests {
    @Test func theDemoFeedFillsTheScreenByDayAndLoadsMore() {
        let viewModel = ActivityFeedDemoViewModel(seed: 3, days: 5)
        let h = Harness(width: 60, height: 16, root: NavigationController(rootViewController: ActivityFeedViewController(viewModel: viewModel)))
        h.wait(10)
        #expect(h.lines[0].contains("Activity"))
        #expect(h.lines[2].hasPrefix("  TODAY"))
        #expect(h.lines[3].contains(":"))                 // "   22:41  Contact added · …"
        let first = viewModel.windowCount.value
        h.press("End")
        #expect(viewModel.windowCount.value > first)      // End reads to the last day
        #expect(!viewModel.hasMoreAfter)
        #expect(h.text.contains("SUN 29 NOV") || h.text.contains("SAT 28 NOV") || h.text.contains("FRI 27 NOV"))
        h.press("Enter")
        #expect(h.text.contains("(made-up)"))
        // The same seed, the same feed.
        let again = ActivityFeedDemoViewModel(seed: 3, days: 5)
        again.loadNextPage()
        #expect(again.item(at: 1) == viewModel.item(at: 1))
    }

    @Test func typeAheadInTheDemoFeedJumpsToTheFirstEventAboutAName() throws {
        let viewModel = ActivityFeedDemoViewModel(seed: 3, days: 5)
        let h = Harness(width: 60, height: 16, root: NavigationController(rootViewController: ActivityFeedViewController(viewModel: viewModel)))
        h.wait(10)
        viewModel.showLastPage()
        // A name from the last day, typed: the first event about that prefix in the feed is selected.
        let events = (0..<viewModel.windowCount.value).compactMap { i -> (title: String, subject: String)? in
            if case .event(_, let title, let s)? = viewModel.item(at: i), title != "Setting changed", s != "demo" { return (title, s) } else { return nil }
        }
        let prefix = String(try #require(events.last).subject.prefix(3))
        let wanted = try #require(events.first { $0.subject.lowercased().hasPrefix(prefix.lowercased()) })
        h.press("Home \"\(prefix)\"")
        h.press("Enter")
        #expect(h.text.contains("\(wanted.title) · \(wanted.subject) (made-up)"))
        h.wait(1500) // past the type-ahead pause: the next letters start again
        h.press("\"zzzq\"")
        #expect(h.text.contains("Nothing about “zzz”."))
        h.press("Home")
        #expect(!viewModel.hasMoreBefore)
        #expect(h.lines[2].hasPrefix("  TODAY"))
    }

    @Test func anEmptyFeedSaysSo() {
        final class Empty: ActivityFeedViewModelProtocol {
            let windowCount = Observable(0), isLoadingWindow = Observable(false), message = Observable("")
            let lastWindowChange = ListWindowChange.grew, hasMoreBefore = false, hasMoreAfter = false
            func item(at index: Int) -> ActivityFeedItem? { nil }
            func loadNextPage() {}
            func loadPreviousPage() {}
            func showFirstPage() {}
            func showLastPage() {}
            func position(ofItem index: Int) -> Double? { nil }
            func seek(toPrefix prefix: String) {}
            func selectItem(at index: Int) {}
        }
        let h = Harness(width: 60, height: 12, root: ActivityFeedViewController(viewModel: Empty()))
        #expect(h.text.contains("Nothing has happened yet."))
    }
}
