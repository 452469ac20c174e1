import AppServices
import Foundation
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Activity", .serialized)
struct ActivityTests {
    @Test func daysGroupTheEventsNewestFirst() {
        let now: Int64 = 1_790_000_000
        let events = [(now - 60), (now - 3_600), (now - 86_400 - 10), (now - 9 * 86_400)].enumerated().map {
            ActivityEvent(id: Int64(10 - $0.offset), at: $0.element, kind: .contactAdded, subject: "X", contactID: 1)
        }
        let (rows, last) = ActivityRow.rows(for: events, after: nil, now: now)
        let headings = rows.compactMap { if case .day(let d) = $0 { d } else { nil } }
        #expect(headings.count == 3)
        #expect(headings[0] == "Today")
        #expect(rows.count == 7)
        // The next page starts under the same heading when its first event is on the last day.
        let more = ActivityRow.rows(for: [ActivityEvent(id: 1, at: now - 9 * 86_400 - 5, kind: .signedIn, subject: "", contactID: nil)],
                                    after: last, now: now)
        #expect(more.rows.count == 1)
    }

    @Test func addEditAndDeleteShowInOrderAndOpenTheCardWhileItExists() {
        let h = AppHarness()
        h.createAccount()
        h.press("Down Enter wait:400ms")                                        // contacts
        h.press(#"a wait:400ms "Grace" Tab "Hopper" C-s wait:400ms"#)
        h.press(#"a wait:400ms "Ada" Tab "Lovelace" C-s wait:400ms"#)
        h.press(#"Down e wait:400ms Tab C-u "King" C-s wait:400ms"#)          // the second row: Ada Lovelace → Ada King
        h.press("Home d wait:300ms Left Enter wait:400ms")                       // delete the first (Cancel has the focus): Grace Hopper
        h.press("Esc wait:400ms C-t wait:400ms")
        #expect(h.lines[0].contains("Activity"))
        let events = h.lines.filter { $0.contains(":") && $0.contains("·") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(events.count == 5, "\(h.text)")
        #expect(events[0].hasSuffix("Contact deleted · Grace Hopper"))
        #expect(events[1].hasSuffix("Contact edited · Ada King"))
        #expect(events[2].hasSuffix("Contact added · Ada Lovelace"))
        #expect(events[3].hasSuffix("Contact added · Grace Hopper"))
        #expect(events[4].hasSuffix("Account created · ada"))
        #expect(h.text.contains("TODAY") && !h.text.contains("YESTERDAY")) // the harness's day starts at noon
        // The deleted one cannot open; the edited one can.
        h.press("Enter")
        #expect(h.text.contains("Grace Hopper was deleted."))
        h.press("Down Enter wait:400ms")
        #expect(h.lines[0].contains("Ada King"))
    }

    @Test func theDeepLinkWaitsForLoginAndEachUserSeesOnlyTheirOwn() {
        let h = AppHarness(deepLink: "switchboard://activity")
        h.createAccount("bob", password: "builder-one")
        h.press("wait:400ms")
        #expect(h.lines[0].contains("Activity"))
        #expect(h.text.contains("Account created · bob"))
        #expect(!h.text.contains("ada"))
    }
}
